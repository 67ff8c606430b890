/* Internal: a monotonic clock for timing (src/platform/posix/clock.c). */
#ifndef DMLP_PLATFORM_CLOCK_H
#define DMLP_PLATFORM_CLOCK_H

/* Seconds since an arbitrary fixed point; never goes back; nanosecond resolution where
   the OS has it. */
double dmlp__clock_seconds(void);

#endif
