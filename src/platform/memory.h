/* Internal: memory with an alignment promise (src/platform/posix/memory.c). */
#ifndef DMLP_PLATFORM_MEMORY_H
#define DMLP_PLATFORM_MEMORY_H

#include <stddef.h>
#include <stdint.h>

/* size bytes at a multiple of alignment (a power of two, at least sizeof(void *)); NULL
   when they cannot be had. Free with dmlp__aligned_free, which accepts NULL. */
void *dmlp__aligned_alloc(size_t alignment, size_t size);
void dmlp__aligned_free(void *p);

/* The most memory this process can expect: the physical memory or the address-space
   limit (RLIMIT_AS), whichever is smaller; UINT64_MAX if neither is known. */
uint64_t dmlp__memory_limit(void);

#endif
