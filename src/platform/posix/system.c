/* Cores this process may run on: its affinity mask where the C library exposes one
   (sched_getaffinity with CPU_COUNT, glibc and musl), else sysconf's online count. The
   last-level cache: glibc's sysconf names. */
#include <sched.h>
#include <unistd.h>

#include "platform/cpu.h"

uint32_t dmlp__cpu_count(void)
{
#ifdef CPU_COUNT
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        int n = CPU_COUNT(&set);
        if (n > 0)
            return (uint32_t)n;
    }
#endif
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 && n < (long)UINT32_MAX ? (uint32_t)n : 1;
}

uint64_t dmlp__cpu_llc_bytes(void)
{
    long v = -1;
#ifdef _SC_LEVEL3_CACHE_SIZE
    v = sysconf(_SC_LEVEL3_CACHE_SIZE);
#endif
#ifdef _SC_LEVEL2_CACHE_SIZE
    if (v <= 0)
        v = sysconf(_SC_LEVEL2_CACHE_SIZE);
#endif
    return v > 0 ? (uint64_t)v : 0;
}
