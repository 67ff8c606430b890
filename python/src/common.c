/* What the module's files share: numpy's C API (imported here, once), dmlp.Error and the
   element types' names, sizes and numpy equivalents. module.c creates the module from
   the parts; the parts and module.c call in here, and this file calls none of them. */
#define DMLP_PY_IMPORT_NUMPY
#include "numpy_api.h"

#include <string.h>

int dmlp_py_numpy_import(void)
{
    import_array1(-1);
    return 0;
}

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

/* A numpy.ma.MaskedArray is an ndarray whose data still holds the masked elements:
   read as an array, its mask would be lost without a word. Found by the class's name
   and module along the type's MRO, so numpy.ma is never imported for it. */
int dmlp_py_refuse_masked(PyObject *obj, const char *arg)
{
    PyObject *mro = Py_TYPE(obj)->tp_mro;
    for (Py_ssize_t i = 0; mro && i < PyTuple_GET_SIZE(mro); i++) {
        PyTypeObject *type = (PyTypeObject *)PyTuple_GET_ITEM(mro, i);
        const char *dot = strrchr(type->tp_name, '.');
        if (strcmp(dot ? dot + 1 : type->tp_name, "MaskedArray") != 0)
            continue;
        PyObject *module = PyObject_GetAttrString((PyObject *)type, "__module__");
        const char *text = module && PyUnicode_Check(module) ? PyUnicode_AsUTF8(module) : NULL;
        int masked = text && strncmp(text, "numpy.ma", 8) == 0;
        Py_XDECREF(module);
        PyErr_Clear();
        if (masked) {
            PyErr_Format(PyExc_TypeError,
                         "%s: a numpy.ma.MaskedArray; dmlp has no masks and would compute "
                         "and write the masked elements too: pass %s.filled(value) or "
                         "numpy.asarray(%s) to use its data as it is",
                         arg, arg, arg);
            return -1;
        }
    }
    return 0;
}
