/* Internal: reading and writing NumPy .npy files (format versions 1.0, 2.0 and 3.0).
   Used by the CLI and both front ends. Failures return a status and set the thread's
   message (dmlp_last_error) to "<why>"; callers prefix the file name. */
#ifndef DMLP_IO_NPY_H
#define DMLP_IO_NPY_H

#include <stddef.h>
#include <stdint.h>

#include "dmlp.h"
#include "io/output.h"

#define DMLP__NPY_MAX_DIMS 32

typedef struct dmlp__npy {
    DML_TENSOR_DATA_TYPE type; /* |b1 (bool) reads as UINT8 with is_bool = 1 */
    int is_bool;
    int fortran_order;         /* data is column-major; see dmlp__npy_strides */
    uint32_t ndim;             /* 0 for a scalar */
    uint64_t shape[DMLP__NPY_MAX_DIMS];
    uint64_t element_count;    /* product of shape (1 for a scalar, 0 if a dim is 0) */
    void *data;                /* element_count * element size bytes, malloc'ed; the
                                  allocation holds data_size rounded up to 8, plus 8
                                  zero bytes, so it can be bound as a DirectML buffer
                                  (whose size rounds up to 4) as it is */
    size_t data_size;
} dmlp__npy;

/* Accepts dtypes <f2 <f4 <f8 |i1 <i2 <i4 <i8 |u1 <u2 <u4 <u8 |b1 ('=' and '|' where the
   byte order does not matter). Refuses big-endian, structured, object dtypes, a
   truncated header or payload, sizes that overflow. Statuses: IO (the file could not be
   opened or read; the message is the system's reason), FORMAT (not a well-formed .npy),
   UNSUPPORTED (well-formed, but a dtype, byte order or rank over 32 dmlp cannot hold),
   OUT_OF_MEMORY (also when the payload is over the memory budget, io/budget.h).
   Only the preamble, the header and the payload it announces are read: bytes after the
   payload are ignored, as numpy does, and a stream is never read further. */
dmlp_status dmlp__npy_read_file(const char *path, dmlp__npy *out);
dmlp_status dmlp__npy_read_fd(int fd, dmlp__npy *out);
dmlp_status dmlp__npy_read_memory(const void *bytes, size_t size, dmlp__npy *out);

/* Element strides (in elements) of the file's layout: row-major, or column-major when
   fortran_order. strides must have room for ndim entries. */
void dmlp__npy_strides(const dmlp__npy *npy, uint64_t *strides);

/* Writes a C-order .npy (version 1.0, or 2.0 when the header needs it) with the output
   writer (io/output.h): a temporary file beside path's target, renamed over it, so a
   failure leaves no partial file. _add_output adds it to a set renamed later. */
dmlp_status dmlp__npy_write_file(const char *path, DML_TENSOR_DATA_TYPE type, int is_bool,
                                 uint32_t ndim, const uint64_t *shape, const void *data);
dmlp_status dmlp__npy_add_output(dmlp__outputs *set, const char *path,
                                 DML_TENSOR_DATA_TYPE type, int is_bool, uint32_t ndim,
                                 const uint64_t *shape, const void *data);

void dmlp__npy_free(dmlp__npy *npy);

/* The dtype written for a type ("<f4", "|b1" when is_bool), NULL if .npy has none
   (bf16, float8), and its element size in bytes (0 if none). */
const char *dmlp__npy_descr(DML_TENSOR_DATA_TYPE type, int is_bool);
uint32_t dmlp__npy_element_size(DML_TENSOR_DATA_TYPE type, int is_bool);

#endif
