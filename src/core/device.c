/* dmlp_device_create / dmlp_device_destroy: the feature level, flags and thread pool. */
#include "core/device.h"

#include <errno.h>
#include <stdlib.h>

#include "core/error.h"
#include "core/support.h"
#include "platform/cpu.h"

static uint32_t cap_threads(unsigned long n)
{
    if (n < 1)
        return 1;
    return n > DMLP__MAX_THREADS ? DMLP__MAX_THREADS : (uint32_t)n;
}

/* DMLP_NUM_THREADS, when it is a positive decimal number; 0 otherwise. Digits only:
   strtoul alone would skip blanks and negate a sign (" -4" is 2^64 - 4). */
static uint32_t env_threads(void)
{
    const char *text = getenv("DMLP_NUM_THREADS");
    if (!text || text[0] < '0' || text[0] > '9')
        return 0;
    char *end = NULL;
    errno = 0;
    unsigned long n = strtoul(text, &end, 10);
    if (errno != 0 || *end != '\0' || n == 0)
        return 0;
    return cap_threads(n);
}

dmlp_status dmlp_device_create(const dmlp_device_desc *desc, dmlp_device **device)
{
    if (!device)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "dmlp_device_create: device is NULL; it must point to a "
                           "dmlp_device * to receive the device");
    dmlp_device_desc d = {(DML_FEATURE_LEVEL)0, 0, 0};
    if (desc)
        d = *desc;
    uint32_t level = (uint32_t)d.feature_level;
    if (level == 0)
        level = DMLP__FEATURE_LEVEL_HIGHEST;
    if (level < DML_FEATURE_LEVEL_1_0)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "dmlp_device_create: feature_level is 0x%x; it must be 0 or at "
                           "least DML_FEATURE_LEVEL_1_0 (0x1000)",
                           level);
    if (d.flags & ~(uint32_t)DMLP_DEVICE_FLAG_EXTENSIONS)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "dmlp_device_create: flags is 0x%x; the only device flag is "
                           "DMLP_DEVICE_FLAG_EXTENSIONS (0x1)",
                           d.flags);

    uint32_t threads = d.thread_count ? cap_threads(d.thread_count) : env_threads();
    if (threads == 0)
        threads = cap_threads(dmlp__cpu_count());

    dmlp_device *dev = calloc(1, sizeof *dev);
    if (!dev)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY,
                           "dmlp_device_create: out of memory for the device");
    dev->feature_level = level;
    dev->flags = d.flags;
    dev->thread_count = threads;
    /* The calling thread works too, so the pool needs one thread fewer. */
    if (dmlp__threadpool_create(threads - 1, &dev->pool) != DMLP_OK) {
        free(dev);
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY,
                           "dmlp_device_create: thread_count is %u; could not start %u "
                           "worker threads",
                           threads, threads - 1);
    }
    *device = dev;
    return DMLP_OK;
}

void dmlp_device_destroy(dmlp_device *device)
{
    if (!device)
        return;
    dmlp__threadpool_destroy(device->pool);
    free(device);
}
