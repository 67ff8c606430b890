/* Internal to the Python module: what its files share. The module is CPython's C API over
   the library's public API (dmlp.h, dmlp_onnx.h), the DxDispatch front end, and the
   registry as front ends see it (core/catalogue.h): its operator functions are made from
   the registry's rows when the module is imported (elementwise.c). Every
   Python-visible function runs with the GIL held except around the library's execute and
   run calls, so the caches below need no lock of their own. */
#ifndef DMLP_PY_H
#define DMLP_PY_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>

#include "core/catalogue.h"
#include "dmlp.h"

/* The most threads the library gives a device, whatever thread_count asks for (its
   DMLP__MAX_THREADS, in src/core/device.h, a header this module may not include). */
#define DMLP_PY_MAX_THREADS 256u

/* The largest rank a Python array may have (numpy's own limit is 32). */
#define DMLP_PY_MAX_RANK 64

/* dmlp.Error: a subclass of ValueError whose str() is the one-line message (common.c;
   module.c creates it). */
extern PyObject *dmlp_py_error;

/* Raises dmlp.Error with "<what>: <the library's last message>" and returns NULL. */
PyObject *dmlp_py_raise_library(const char *what);

/* One call's operator and options: what selects a cached operator. Filled from zeros
   (the struct is hashed and compared as bytes). */
typedef struct dmlp_py_options {
    const dmlp__op_def *def;
    uint32_t feature_level;   /* 0: the highest, with the extensions */
    uint32_t threads;         /* 0: one per core */
    uint32_t flags;           /* execution flags (DMLP_EXECUTION_FLAG_NAN_PROPAGATE) */
    uint32_t mode;            /* DMLP__FIELD_INFINITY_MODE: DML_IS_INFINITY_MODE */
    uint32_t has_scale_bias;  /* DMLP__FIELD_SCALE_BIAS given: */
    float scale, bias;
    uint32_t fused;           /* DMLP__FIELD_FUSED_ACTIVATION: DML_OPERATOR_TYPE, 0: none */
    float floats[DMLP__MAX_FLOATS]; /* DMLP__FIELD_FLOAT members, in member order */
    uint32_t rounding;        /* DMLP__FIELD_ROUNDING_MODE: DML_ROUNDING_MODE */
    float fused_floats[DMLP__MAX_FLOATS]; /* the fused activation's FLOAT members */
    uint64_t scalars[DMLP__MAX_SCALARS]; /* DMLP__FIELD_SCALAR members: element bits of
                                            the input's type */
    uint64_t row_axes;        /* an operator along axes (dmlp__op_rows): bit i, axis i of
                                 the arrays is a row axis; layout.c maps it to the layout's
                                 dimensions (the cache key holds those, not this) */
} dmlp_py_options;

/* A strided view of host memory: what numpy arrays and DLPack tensors both become.
   Strides are in bytes and may be negative or 0. */
typedef struct dmlp_py_view {
    char *data;
    uint32_t type; /* DML_TENSOR_DATA_TYPE (extensions included) */
    uint32_t itemsize;
    int is_bool; /* bool elements (held as UINT8 bytes): see elementwise.c */
    int ndim;
    int64_t shape[DMLP_PY_MAX_RANK];
    int64_t strides[DMLP_PY_MAX_RANK];
} dmlp_py_view;

int64_t dmlp_py_view_count(const dmlp_py_view *v);
/* The lowest and one past the highest byte the view touches (count > 0). */
void dmlp_py_view_extent(const dmlp_py_view *v, char **lo, char **hi);

/* Whether two views may share a byte: 0 only when they provably share none (overlap.c;
   exact for the layouts arrays have, "may" past a search budget). */
int dmlp_py_views_overlap(const dmlp_py_view *a, const dmlp_py_view *b);

/* Strides for a fresh output of the input's shape: laid out in the input's memory order
   (as numpy's order="K"), densely, with the input's stride signs, so the operator reads
   and writes in the same order and needs no copy. *offset is the byte offset of element
   0 from the start of the buffer (non-zero when a stride is negative). */
void dmlp_py_fresh_strides(const dmlp_py_view *in, uint32_t out_itemsize, int allow_negative,
                           int64_t *strides, int64_t *offset);

/* Runs the operator on its inputs in[0 .. n-1] -> out, every view of out's shape (a
   broadcast input has stride 0 where it repeats; the caller broadcasts and checks).
   names[i] names input i in messages ("x"; "a", "b"). Makes the copies DirectML's strides
   cannot avoid, releases the GIL while running. Returns 0, or -1 with a Python exception
   set. */
int dmlp_py_run(const dmlp_py_options *options, uint32_t n, const dmlp_py_view *in,
                const char *const *names, const dmlp_py_view *out);

/* Elementwise copy between views of one shape and element size. */
void dmlp_py_copy(const dmlp_py_view *dst, const dmlp_py_view *src);

/* The operator cache (op_cache.c): one operator per options, types and normalized layout; one
   device per feature level and thread count (threads capped at the library's limit), at
   most a few devices at once. */
typedef struct dmlp_py_layout {
    uint32_t rank;
    uint32_t sizes[8];
    uint32_t in_strides[DMLP__MAX_INPUTS][8]; /* elements, per input (0: repeated) */
    uint32_t out_strides[8]; /* elements */
    uint32_t row_axes;       /* an operator along axes: bit i, dimension i is a row axis
                                (the descriptor's Axes, in increasing order) */
} dmlp_py_layout;

typedef struct dmlp_py_cached_op dmlp_py_cached_op;

/* Finds or creates the operator; NULL with a Python exception set on failure. The
   returned operator is held (not destroyed while held) until dmlp_py_op_release.
   in_types[i]: input i's type, one per input of the operator. */
dmlp_py_cached_op *dmlp_py_op_acquire(const dmlp_py_options *options,
                                      const uint32_t *in_types, uint32_t out_type,
                                      const dmlp_py_layout *layout);
dmlp_operator *dmlp_py_op_get(dmlp_py_cached_op *op);
void dmlp_py_op_release(dmlp_py_cached_op *op);
/* In a child after fork(): forget the parent's devices and operators (their threads did
   not survive the fork); they are leaked, never used. */
void dmlp_py_cache_forget(void);
/* How many operators are cached (for tests of the cache's bound). */
Py_ssize_t dmlp_py_cache_size(void);

/* Element types (common.c). */
const char *dmlp_py_type_name(uint32_t type);
uint32_t dmlp_py_type_size(uint32_t type);

/* Module parts: each adds its functions or types to the module. */
/* The operator functions, one per registry row (elementwise.c), and _operators(). */
int dmlp_py_add_elementwise(PyObject *module);
int dmlp_py_add_onnx(PyObject *module);
int dmlp_py_add_dispatch(PyObject *module);

/* DLPack (dlpack.c). */
typedef struct dmlp_py_dlpack dmlp_py_dlpack;
/* Whether obj offers __dlpack__ (and is not a numpy array, which is read directly). */
int dmlp_py_has_dlpack(PyObject *obj);
/* Imports obj's tensor as a view; arg names the argument in messages ("x", "out").
   for_output: the view will be written (a torch view with a lazy negation is then
   refused; an input one is read through a resolved copy). Returns a handle to release
   with dmlp_py_dlpack_release, or NULL with an exception. */
dmlp_py_dlpack *dmlp_py_dlpack_import(PyObject *obj, const char *arg, int for_output,
                                      dmlp_py_view *view);
void dmlp_py_dlpack_release(dmlp_py_dlpack *handle);
/* Memory for a fresh DLPack tensor with view's shape and strides (view->data is set to
   it, view->type says the element type); returned as a "dltensor" capsule that frees the
   memory if nobody consumes it. NULL with an exception set on failure. */
PyObject *dmlp_py_dlpack_alloc(dmlp_py_view *view);
/* Hands the capsule to like's library (the from_dlpack of like's top-level module):
   torch in, torch out. bool_result makes a bool tensor of the 0/1 bytes. */
PyObject *dmlp_py_dlpack_wrap(PyObject *like, PyObject *capsule, int bool_result);

#endif
