/* Internal: reading a whole file into memory, for the .npy reader and both front ends. */
#ifndef DMLP_IO_FILE_H
#define DMLP_IO_FILE_H

#include <stddef.h>

#include "dmlp.h"

/* Reads the file at path into a malloc'ed buffer (*bytes, *size; free() it). limit > 0
   stops reading once more than limit bytes are in, so a caller that refuses large
   inputs never holds more than limit + one read. Failures: IO (cannot open, a
   directory, a read error: the system's reason) or OUT_OF_MEMORY; the message does not
   name the file: callers prefix it. */
dmlp_status dmlp__read_file(const char *path, size_t limit, unsigned char **bytes,
                            size_t *size);

#endif
