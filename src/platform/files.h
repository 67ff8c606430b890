/* Internal: the operating-system calls the file layer (src/io/) needs beyond stdio:
   folder descriptors and opening beneath a folder (src/platform/posix/files.c). */
#ifndef DMLP_PLATFORM_FILES_H
#define DMLP_PLATFORM_FILES_H

#include <stdbool.h>

/* Opens a directory for use as the base of *at() calls (O_PATH where the system has it,
   so a folder the user may write but not list still works). -1 and errno on failure. */
int dmlp__dir_open(const char *path);
int dmlp__dir_open_at(int base, const char *relative);

/* Opens relative (no leading '/') beneath the directory base: no component may leave
   base through "..", an absolute symbolic link or a link that points outside.
   Uses openat2(RESOLVE_BENEATH) where the kernel has it, else
   dmlp__open_beneath_walk. flags are open(2)'s (O_RDONLY, O_DIRECTORY, ...).
   -1 and errno (EXDEV for an escape) on failure. */
int dmlp__open_beneath(int base, const char *relative, int flags);

/* The portable walk: one openat(O_NOFOLLOW) per component; refuses ".." and every
   symbolic link (EXDEV), which is right for the physical paths the confinement passes
   (realpath's results hold neither). Public for its test. */
int dmlp__open_beneath_walk(int base, const char *relative, int flags);

/* The kernel has openat2 with RESOLVE_BENEATH (probed once). */
bool dmlp__has_openat2(void);

#endif
