/* CLOCK_MONOTONIC behind src/platform/clock.h. */
#include <time.h>

#include "platform/clock.h"

double dmlp__clock_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}
