/* A DLPack producer's tensor, checked before it is read: a capsule is another library's
   word about memory, and a wrong word (a NULL shape, a negative dimension, a count or
   stride that overflows, a GPU pointer) must be a Python exception, not a crash, an
   endless copy loop or a write somewhere else. */
#include "dmlp_py.h"
#include "dlpack_abi.h"

#include <stdarg.h>

/* a * b when it fits in [0, INT64_MAX] (a, b >= 0), else -1. */
static int64_t mul_or_neg(int64_t a, int64_t b)
{
    if (a == 0 || b == 0)
        return 0;
    return a > INT64_MAX / b ? -1 : a * b;
}

static int malformed(const char *arg, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    PyObject *text = PyUnicode_FromFormatV(format, args);
    va_end(args);
    if (text) {
        PyErr_Format(dmlp_py_error, "%s: DLPack %U", arg, text);
        Py_DECREF(text);
    }
    return -1;
}

/* The element count, or -1 when count * itemsize exceeds INT64_MAX. */
static int64_t element_count(const DLTensor *t, uint32_t itemsize)
{
    for (int i = 0; i < t->ndim; i++)
        if (t->shape[i] == 0)
            return 0;
    int64_t bytes = itemsize;
    for (int i = 0; i < t->ndim && bytes >= 0; i++)
        bytes = mul_or_neg(bytes, t->shape[i]);
    return bytes < 0 ? -1 : bytes / itemsize;
}

static int check_shape(const DLTensor *t, uint32_t itemsize, const char *arg, int64_t *count)
{
    if (t->ndim > 0 && !t->shape)
        return malformed(arg, "dl_tensor.shape is NULL with dl_tensor.ndim %d; a tensor of "
                              "rank 1 or more needs its dimensions",
                         (int)t->ndim);
    for (int i = 0; i < t->ndim; i++)
        if (t->shape[i] < 0)
            return malformed(arg, "dl_tensor.shape[%d] is %lld; a dimension must be 0 or more",
                             i, (long long)t->shape[i]);
    *count = element_count(t, itemsize);
    if (*count < 0) {
        PyObject *dims = PyUnicode_FromString("");
        for (int i = 0; dims && i < t->ndim; i++)
            Py_SETREF(dims, PyUnicode_FromFormat("%U%s%lld", dims, i ? ", " : "",
                                                 (long long)t->shape[i]));
        if (!dims)
            return -1;
        malformed(arg, "dl_tensor.shape (%U) has more elements than 2^63 bytes hold", dims);
        Py_DECREF(dims);
        return -1;
    }
    return 0;
}

/* The bytes below and above the first element the strides reach (>= 0 each), or -1 with
   the exception set. */
static int check_strides(const DLTensor *t, uint32_t itemsize, const char *arg, int64_t *below,
                         int64_t *above)
{
    *below = *above = 0;
    if (!t->strides)
        return 0; /* packed: the count check bounds the extent */
    for (int i = 0; i < t->ndim; i++) {
        if (t->shape[i] <= 1)
            continue; /* a stride never walked */
        int64_t s = t->strides[i];
        int64_t magnitude = s == INT64_MIN ? -1 : mul_or_neg(s < 0 ? -s : s, itemsize);
        if (magnitude < 0)
            return malformed(arg, "dl_tensor.strides[%d] is %lld; times the element size (%u "
                                  "bytes) it overflows 64 bits",
                             i, (long long)s, (unsigned)itemsize);
        int64_t step = mul_or_neg(magnitude, t->shape[i] - 1);
        /* below + above + itemsize stays within INT64_MAX, so the right side is >= 0 */
        if (step < 0 || step > INT64_MAX - (int64_t)itemsize - *above - *below)
            return malformed(arg, "dl_tensor.strides[%d] is %lld with dl_tensor.shape[%d] %lld; "
                                  "the tensor would span more than 2^63 bytes",
                             i, (long long)s, i, (long long)t->shape[i]);
        *(s < 0 ? below : above) += step;
    }
    return 0;
}

int dmlp_py_dlpack_check(const DLTensor *t, uint32_t itemsize, const char *arg)
{
    if (t->ndim < 0)
        return malformed(arg, "dl_tensor.ndim is %d; a rank must be 0 or more", (int)t->ndim);
    if (t->ndim > DMLP_PY_MAX_RANK) {
        PyErr_Format(PyExc_TypeError, "%s: DLPack dl_tensor.ndim is %d; at most %d dimensions",
                     arg, (int)t->ndim, DMLP_PY_MAX_RANK);
        return -1;
    }
    /* __dlpack_device__ was asked first; the capsule's own word is the one that counts. */
    if (t->device.device_type != kDLCPU && t->device.device_type != kDLCUDAHost) {
        PyErr_Format(PyExc_TypeError,
                     "%s: DLPack dl_tensor.device is device type %d; dmlp runs on the CPU "
                     "only (types 1, CPU, and 3, CUDA host memory)",
                     arg, (int)t->device.device_type);
        return -1;
    }
    int64_t count = 0, below = 0, above = 0;
    if (check_shape(t, itemsize, arg, &count) < 0)
        return -1;
    if (!t->data && t->byte_offset)
        return malformed(arg, "dl_tensor.data is NULL with dl_tensor.byte_offset %llu; an "
                              "offset needs memory to be in",
                         (unsigned long long)t->byte_offset);
    if (!t->data && count)
        return malformed(arg, "dl_tensor.data is NULL with %lld elements; only an empty "
                              "tensor may have no memory",
                         (long long)count);
    uintptr_t data = (uintptr_t)t->data;
    if (t->byte_offset > UINTPTR_MAX - data)
        return malformed(arg, "dl_tensor.byte_offset is %llu; added to dl_tensor.data it wraps "
                              "the address space",
                         (unsigned long long)t->byte_offset);
    if (count == 0)
        return 0;
    if (check_strides(t, itemsize, arg, &below, &above) < 0)
        return -1;
    if (!t->strides)
        above = count * itemsize - itemsize;
    /* Every byte from first - below to first + above + itemsize must be an address. */
    uintptr_t first = data + (uintptr_t)t->byte_offset;
    if ((uint64_t)below > first || (uint64_t)above + itemsize > UINTPTR_MAX - first)
        return malformed(arg, "dl_tensor.byte_offset is %llu; with the strides the tensor "
                              "reaches outside the address space",
                         (unsigned long long)t->byte_offset);
    return 0;
}
