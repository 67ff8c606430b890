/* DLPack's structs (the v0.x ABI, the one every library exchanges through "dltensor"
   capsules), shared by the import (dlpack.c) and its checks (dlpack_check.c). */
#ifndef DMLP_PY_DLPACK_ABI_H
#define DMLP_PY_DLPACK_ABI_H

#include <stdint.h>

typedef struct { int32_t device_type; int32_t device_id; } DLDevice;
typedef struct { uint8_t code; uint8_t bits; uint16_t lanes; } DLDataType;
typedef struct {
    void *data;
    DLDevice device;
    int32_t ndim;
    DLDataType dtype;
    int64_t *shape;
    int64_t *strides; /* elements; NULL: packed row-major */
    uint64_t byte_offset;
} DLTensor;
typedef struct DLManagedTensor {
    DLTensor dl_tensor;
    void *manager_ctx;
    void (*deleter)(struct DLManagedTensor *self);
} DLManagedTensor;

enum { kDLCPU = 1, kDLCUDAHost = 3 };
enum { kDLInt = 0, kDLUInt = 1, kDLFloat = 2, kDLBfloat = 4, kDLBool = 6 };

/* Whether a producer's tensor can be read as it claims: rank 0 to DMLP_PY_MAX_RANK, on
   the CPU by its own device field, a shape when the rank is not 0, no negative
   dimension, an element count and a byte extent that fit in int64_t, data that is not
   NULL unless the tensor is empty (and then without an offset), an address range that
   does not wrap. itemsize is the element size of its dtype. Returns 0, or -1 with a
   Python exception naming arg and the field. */
int dmlp_py_dlpack_check(const DLTensor *t, uint32_t itemsize, const char *arg);

#endif
