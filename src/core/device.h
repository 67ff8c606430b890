/* Internal: what a device is: the level and flags operators are validated with, and the
   threads they run on. */
#ifndef DMLP_CORE_DEVICE_H
#define DMLP_CORE_DEVICE_H

#include <stdint.h>

#include "core/threadpool.h"
#include "dmlp.h"

/* Upper bound on threads per device, whatever is asked for. */
#define DMLP__MAX_THREADS 256u

struct dmlp_device {
    uint32_t feature_level; /* never 0: a NULL desc or level 0 means 6_4 */
    uint32_t flags;         /* DMLP_DEVICE_FLAG_* */
    uint32_t thread_count;  /* the calling thread plus the pool's workers */
    dmlp__threadpool *pool;
};

#endif
