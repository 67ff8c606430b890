/* Aligned memory from posix_memalign (any size, unlike C11's aligned_alloc). */
#include <stdlib.h>

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
