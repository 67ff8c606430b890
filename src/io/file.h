/* Internal: reading input files, bounded. A regular file is read to its size, checked
   against the memory budget (io/budget.h) before anything is allocated; a FIFO or a pipe
   is read to its end, up to a limit or the budget; a device is read only up to a limit
   the caller gives (a header's promise, a sizeInBytes), since /dev/zero and its kind
   never end and the budget is as large as the machine. */
#ifndef DMLP_IO_FILE_H
#define DMLP_IO_FILE_H

#include <stddef.h>
#include <stdint.h>

#include "dmlp.h"
#include "io/confine.h"

/* Opens path for reading (through confine when it is not NULL). IO "<why>" on failure,
   a folder included. The message does not name the file: callers prefix it. */
dmlp_status dmlp__open_input(const char *path, const dmlp__confine *confine, int *fd);

/* Reads what fd holds into a malloc'ed buffer (*bytes, *size; free() it). limit > 0
   stops reading once more than limit bytes are in (a caller that refuses large inputs
   then sees *size > limit); limit 0 means the memory budget, and more than that is
   refused (OUT_OF_MEMORY), except that a character or block device is then refused at
   once (FORMAT). Failures: IO (a read error: the system's reason), FORMAT,
   OUT_OF_MEMORY. */
dmlp_status dmlp__read_fd(int fd, size_t limit, unsigned char **bytes, size_t *size);

/* dmlp__read_fd with limit 0 (the memory budget), and no more than cap bytes whatever
   the budget: the largest a format allows (a protobuf message: 2 GiB). A longer regular
   file is refused before anything is read, a stream as soon as it passes cap (FORMAT
   "has N bytes; <what> is at most CAP bytes", what e.g. "an ONNX model"). */
dmlp_status dmlp__read_fd_at_most(int fd, uint64_t cap, const char *what,
                                  unsigned char **bytes, size_t *size);

/* dmlp__open_input without confinement, then dmlp__read_fd_at_most. */
dmlp_status dmlp__read_file_at_most(const char *path, uint64_t cap, const char *what,
                                    unsigned char **bytes, size_t *size);

/* dmlp__open_input without confinement, then dmlp__read_fd. */
dmlp_status dmlp__read_file(const char *path, size_t limit, unsigned char **bytes,
                            size_t *size);

/* Reads up to size bytes (fewer only at the end of the file); the count, or -1 with
   errno on a read error. */
long long dmlp__read_up_to(int fd, void *buffer, size_t size);

#endif
