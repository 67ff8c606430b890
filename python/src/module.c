/* The module dmlp._dmlp: dmlp.Error, the version, the element types, and the parts
   (operators, ONNX models, DxDispatch). The package dmlp/ re-exports it. */
#define DMLP_PY_IMPORT_NUMPY
#include "numpy_api.h"

#include <pthread.h>

PyObject *dmlp_py_error;

PyObject *dmlp_py_raise_library(const char *what)
{
    const char *message = dmlp_last_error();
    PyErr_Format(dmlp_py_error, "%s: %s", what, message && *message ? message : "failed");
    return NULL;
}

const char *dmlp_py_type_name(uint32_t type)
{
    switch (type) {
    case DML_TENSOR_DATA_TYPE_FLOAT32: return "float32";
    case DML_TENSOR_DATA_TYPE_FLOAT16: return "float16";
    case DML_TENSOR_DATA_TYPE_FLOAT64: return "float64";
    case DMLP_TENSOR_DATA_TYPE_BFLOAT16: return "bfloat16";
    case DML_TENSOR_DATA_TYPE_UINT8: return "uint8";
    case DML_TENSOR_DATA_TYPE_UINT16: return "uint16";
    case DML_TENSOR_DATA_TYPE_UINT32: return "uint32";
    case DML_TENSOR_DATA_TYPE_UINT64: return "uint64";
    case DML_TENSOR_DATA_TYPE_INT8: return "int8";
    case DML_TENSOR_DATA_TYPE_INT16: return "int16";
    case DML_TENSOR_DATA_TYPE_INT32: return "int32";
    case DML_TENSOR_DATA_TYPE_INT64: return "int64";
    default: return "unknown";
    }
}

uint32_t dmlp_py_type_size(uint32_t type)
{
    switch (type) {
    case DML_TENSOR_DATA_TYPE_FLOAT64:
    case DML_TENSOR_DATA_TYPE_UINT64:
    case DML_TENSOR_DATA_TYPE_INT64: return 8;
    case DML_TENSOR_DATA_TYPE_FLOAT32:
    case DML_TENSOR_DATA_TYPE_UINT32:
    case DML_TENSOR_DATA_TYPE_INT32: return 4;
    case DML_TENSOR_DATA_TYPE_FLOAT16:
    case DMLP_TENSOR_DATA_TYPE_BFLOAT16:
    case DML_TENSOR_DATA_TYPE_UINT16:
    case DML_TENSOR_DATA_TYPE_INT16: return 2;
    default: return 1;
    }
}

uint32_t dmlp_py_numpy_type(PyArray_Descr *descr, int bool_ok)
{
    if (!PyArray_ISNBO(descr->byteorder))
        return DML_TENSOR_DATA_TYPE_UNKNOWN;
    int size = (int)descr->elsize;
    switch (descr->kind) {
    case 'f':
        return size == 2   ? DML_TENSOR_DATA_TYPE_FLOAT16
               : size == 4 ? DML_TENSOR_DATA_TYPE_FLOAT32
               : size == 8 ? DML_TENSOR_DATA_TYPE_FLOAT64
                           : DML_TENSOR_DATA_TYPE_UNKNOWN;
    case 'i':
        return size == 1   ? DML_TENSOR_DATA_TYPE_INT8
               : size == 2 ? DML_TENSOR_DATA_TYPE_INT16
               : size == 4 ? DML_TENSOR_DATA_TYPE_INT32
               : size == 8 ? DML_TENSOR_DATA_TYPE_INT64
                           : DML_TENSOR_DATA_TYPE_UNKNOWN;
    case 'u':
        return size == 1   ? DML_TENSOR_DATA_TYPE_UINT8
               : size == 2 ? DML_TENSOR_DATA_TYPE_UINT16
               : size == 4 ? DML_TENSOR_DATA_TYPE_UINT32
               : size == 8 ? DML_TENSOR_DATA_TYPE_UINT64
                           : DML_TENSOR_DATA_TYPE_UNKNOWN;
    case 'b':
        return bool_ok ? DML_TENSOR_DATA_TYPE_UINT8 : DML_TENSOR_DATA_TYPE_UNKNOWN;
    default:
        return DML_TENSOR_DATA_TYPE_UNKNOWN;
    }
}

int dmlp_py_numpy_typenum(uint32_t type)
{
    switch (type) {
    case DML_TENSOR_DATA_TYPE_FLOAT32: return NPY_FLOAT32;
    case DML_TENSOR_DATA_TYPE_FLOAT16: return NPY_FLOAT16;
    case DML_TENSOR_DATA_TYPE_FLOAT64: return NPY_FLOAT64;
    case DML_TENSOR_DATA_TYPE_INT8: return NPY_INT8;
    case DML_TENSOR_DATA_TYPE_INT16: return NPY_INT16;
    case DML_TENSOR_DATA_TYPE_INT32: return NPY_INT32;
    case DML_TENSOR_DATA_TYPE_INT64: return NPY_INT64;
    case DML_TENSOR_DATA_TYPE_UINT16:
    case DMLP_TENSOR_DATA_TYPE_BFLOAT16: return NPY_UINT16;
    case DML_TENSOR_DATA_TYPE_UINT32: return NPY_UINT32;
    case DML_TENSOR_DATA_TYPE_UINT64: return NPY_UINT64;
    default: return NPY_UINT8;
    }
}

void dmlp_py_numpy_view(PyArrayObject *array, uint32_t type, dmlp_py_view *view)
{
    view->data = PyArray_BYTES(array);
    view->type = type;
    view->itemsize = (uint32_t)PyArray_ITEMSIZE(array);
    view->is_bool = PyArray_ISBOOL(array);
    view->ndim = PyArray_NDIM(array);
    const npy_intp *shape = PyArray_SHAPE(array), *strides = PyArray_STRIDES(array);
    for (int i = 0; i < view->ndim; i++) {
        view->shape[i] = shape[i];
        view->strides[i] = strides[i];
    }
}

static PyObject *cache_size(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    return PyLong_FromSsize_t(dmlp_py_cache_size());
}

static PyMethodDef module_methods[] = {
    {"_cache_size", cache_size, METH_NOARGS, "How many operators are cached (for tests)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "dmlp._dmlp",
    "DirectML's element-wise operators on the CPU, one function per operator of the library's registry (the C part of dmlp).", -1,
    module_methods, NULL, NULL, NULL, NULL,
};

static void after_fork_in_child(void) { dmlp_py_cache_forget(); }

#define STR2(x) #x
#define STR(x) STR2(x)

PyMODINIT_FUNC PyInit__dmlp(void)
{
    import_array();
    PyObject *module = PyModule_Create(&module_def);
    if (!module)
        return NULL;
    dmlp_py_error = PyErr_NewExceptionWithDoc(
        "dmlp.Error", "A refusal by dmlp: str() is the library's one-line message.",
        PyExc_ValueError, NULL);
    if (!dmlp_py_error || PyModule_AddObjectRef(module, "Error", dmlp_py_error) < 0 ||
        PyModule_AddStringConstant(module, "__version__",
                                   STR(DMLP_VERSION_MAJOR) "." STR(DMLP_VERSION_MINOR) "." STR(
                                       DMLP_VERSION_PATCH)) < 0 ||
        dmlp_py_add_elementwise(module) < 0 || dmlp_py_add_onnx(module) < 0 ||
        dmlp_py_add_dispatch(module) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    /* A forked child has none of the devices' threads: it starts with empty caches. */
    static int registered;
    if (!registered && pthread_atfork(NULL, NULL, after_fork_in_child) == 0)
        registered = 1;
    return module;
}
