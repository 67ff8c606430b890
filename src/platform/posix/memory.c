/* Aligned memory from posix_memalign (any size, unlike C11's aligned_alloc), and the
   memory a process can expect (sysconf, getrlimit, its control groups). */
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

#include "platform/memory.h"

void *dmlp__aligned_alloc(size_t alignment, size_t size)
{
    void *p = NULL;
    if (posix_memalign(&p, alignment, size ? size : 1) != 0)
        return NULL;
    return p;
}

void dmlp__aligned_free(void *p)
{
    free(p);
}

uint64_t dmlp__memory_limit(void)
{
    uint64_t limit = UINT64_MAX;
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages > 0 && page > 0 && (uint64_t)pages <= UINT64_MAX / (uint64_t)page)
        limit = (uint64_t)pages * (uint64_t)page;
    struct rlimit rl;
    if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
        (uint64_t)rl.rlim_cur < limit)
        limit = (uint64_t)rl.rlim_cur;
    uint64_t group = dmlp__cgroup_memory();
    return group < limit ? group : limit;
}
