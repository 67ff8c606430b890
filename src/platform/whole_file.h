/* Internal: small files written whole (src/platform/posix/whole_file.c), for the choices the
   library keeps between processes (core/tune.c). */
#ifndef DMLP_PLATFORM_WHOLE_FILE_H
#define DMLP_PLATFORM_WHOLE_FILE_H

#include <stddef.h>

/* Replaces the file at `path` with `size` bytes, creating missing parent directories
   (private to the user): a temporary file beside it, renamed over it, so a reader sees
   the old file or the new one, never a part. 0 on success; otherwise nothing is left
   behind and the OS's reason is written to `why`. */
int dmlp__file_replace(const char *path, const void *bytes, size_t size, char *why,
                       size_t why_size);

#endif
