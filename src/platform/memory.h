/* Internal: memory with an alignment promise (src/platform/posix/memory.c). */
#ifndef DMLP_PLATFORM_MEMORY_H
#define DMLP_PLATFORM_MEMORY_H

#include <stddef.h>
#include <stdint.h>

/* size bytes at a multiple of alignment (a power of two, at least sizeof(void *)); NULL
   when they cannot be had. Free with dmlp__aligned_free, which accepts NULL. */
void *dmlp__aligned_alloc(size_t alignment, size_t size);
void dmlp__aligned_free(void *p);

/* The most memory this process can expect: the least of the physical memory, the
   address-space limit (RLIMIT_AS) and what its control groups leave it
   (dmlp__cgroup_memory); UINT64_MAX if none is known. */
uint64_t dmlp__memory_limit(void);

/* What the process's control groups leave it (src/platform/posix/cgroup.c): for its
   cgroup v2 group (the line "0::PATH" of /proc/self/cgroup; memory.max under
   /sys/fs/cgroup/PATH) and its cgroup v1 memory group (memory.limit_in_bytes under
   /sys/fs/cgroup/memory/PATH), and every ancestor of each up to the root, the least
   limit less that group's working set (usage less inactive_file), at least an eighth of
   the limit. "max", a v1 value from 2^62, a missing or malformed file: no limit there.
   UINT64_MAX when nothing limits. DMLP_TEST_CGROUP_ROOT (for tests only) names a folder
   that stands for /sys/fs/cgroup, with the /proc/self/cgroup lines in its file "self". */
uint64_t dmlp__cgroup_memory(void);

/* The same from a given /proc/self/cgroup file and hierarchy root (for tests). */
uint64_t dmlp__cgroup_memory_at(const char *self_cgroup, const char *root);

#endif
