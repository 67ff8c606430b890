/* Cores this process may run on: its affinity mask where the C library exposes one
   (sched_getaffinity with CPU_COUNT, glibc and musl), else sysconf's online count. */
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
