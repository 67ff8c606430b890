/* dmlp.sign, dmlp.softsign and dmlp.isinf: arguments, inputs and outputs (numpy arrays,
   DLPack tensors, anything numpy can turn into an array), then one operator call
   (layout.c). Results are new arrays of the input's kind, or out= itself. */
#include "numpy_api.h"

#include <string.h>

static PyObject *str_nan, *str_mode, *str_out, *str_feature_level, *str_threads;

static const char *op_name(dmlp_py_op op)
{
    return op == DMLP_PY_SIGN ? "sign" : op == DMLP_PY_SOFTSIGN ? "softsign" : "isinf";
}

/* Which input types an operator takes (DirectML's, plus float64 and bfloat16). */
static int op_accepts(dmlp_py_op op, uint32_t type)
{
    switch (type) {
    case DML_TENSOR_DATA_TYPE_FLOAT16:
    case DML_TENSOR_DATA_TYPE_FLOAT32:
    case DML_TENSOR_DATA_TYPE_FLOAT64:
    case DMLP_TENSOR_DATA_TYPE_BFLOAT16:
        return 1;
    case DML_TENSOR_DATA_TYPE_UNKNOWN:
        return 0;
    default:
        return op == DMLP_PY_SIGN;
    }
}

static const char *op_types(dmlp_py_op op)
{
    return op == DMLP_PY_SIGN ? "int8, int16, int32, int64, uint8, uint16, uint32, uint64, "
                                "float16, float32, float64, bfloat16 (DLPack)"
                              : "float16, float32, float64, bfloat16 (DLPack)";
}

static int parse_choice(PyObject *value, const char *arg, const char *const *names,
                        uint32_t *choice)
{
    const char *text = PyUnicode_Check(value) ? PyUnicode_AsUTF8(value) : NULL;
    for (uint32_t i = 0; text && names[i]; i++)
        if (strcmp(text, names[i]) == 0) {
            *choice = i;
            return 0;
        }
    PyErr_Clear();
    PyObject *repr = PyObject_Repr(value);
    PyErr_Format(dmlp_py_error, "%s=%s: must be one of '%s', '%s'%s%s%s", arg,
                 repr ? PyUnicode_AsUTF8(repr) : "?", names[0], names[1], names[2] ? ", '" : "",
                 names[2] ? names[2] : "", names[2] ? "'" : "");
    Py_XDECREF(repr);
    return -1;
}

static int parse_level(PyObject *value, uint32_t *level)
{
    static const char *const names[] = {"1_0", "2_0", "2_1", "3_0", "3_1", "4_0", "4_1", "5_0",
                                        "5_1", "5_2", "6_0", "6_1", "6_2", "6_3", "6_4"};
    static const uint32_t values[] = {0x1000, 0x2000, 0x2100, 0x3000, 0x3100,
                                      0x4000, 0x4100, 0x5000, 0x5100, 0x5200,
                                      0x6000, 0x6100, 0x6200, 0x6300, 0x6400};
    const char *text = PyUnicode_Check(value) ? PyUnicode_AsUTF8(value) : NULL;
    if (value == Py_None || (text && strcmp(text, "ext") == 0)) {
        *level = 0; /* 6_4 with the extensions */
        return 0;
    }
    for (size_t i = 0; text && i < sizeof names / sizeof names[0]; i++)
        if (strcmp(text, names[i]) == 0) {
            *level = values[i];
            return 0;
        }
    PyErr_Clear();
    PyObject *repr = PyObject_Repr(value);
    PyErr_Format(dmlp_py_error,
                 "feature_level=%s: must be None or one of '1_0', '2_0', '2_1', '3_0', '3_1', "
                 "'4_0', '4_1', '5_0', '5_1', '5_2', '6_0', '6_1', '6_2', '6_3', '6_4', 'ext'",
                 repr ? PyUnicode_AsUTF8(repr) : "?");
    Py_XDECREF(repr);
    return -1;
}

static int parse_threads(PyObject *value, uint32_t *threads)
{
    if (value == Py_None) {
        *threads = 0;
        return 0;
    }
    if (!PyLong_Check(value) || PyBool_Check(value)) {
        PyErr_Format(PyExc_TypeError, "threads: must be None or an int, not %s",
                     Py_TYPE(value)->tp_name);
        return -1;
    }
    long n = PyLong_AsLong(value);
    if (n == -1 && PyErr_Occurred())
        PyErr_Clear();
    if (n < 1 || n > 1024) {
        PyObject *repr = PyObject_Repr(value);
        PyErr_Format(dmlp_py_error, "threads=%s: must be from 1 to 1024 (None: all cores)",
                     repr ? PyUnicode_AsUTF8(repr) : "?");
        Py_XDECREF(repr);
        return -1;
    }
    *threads = (uint32_t)n;
    return 0;
}

static int same_shape(const dmlp_py_view *a, const dmlp_py_view *b)
{
    if (a->ndim != b->ndim)
        return 0;
    for (int i = 0; i < a->ndim; i++)
        if (a->shape[i] != b->shape[i])
            return 0;
    return 1;
}

static void shape_text(const dmlp_py_view *v, char *text, size_t size)
{
    size_t n = (size_t)snprintf(text, size, "(");
    for (int i = 0; i < v->ndim && n < size; i++)
        n += (size_t)snprintf(text + n, size - n, v->ndim == 1 ? "%lld," : i ? ", %lld" : "%lld",
                              (long long)v->shape[i]);
    if (n < size)
        snprintf(text + n, size - n, ")");
}

/* A fresh numpy result for in, laid out like it (see dmlp_py_fresh_strides). */
static PyArrayObject *new_numpy_result(const dmlp_py_view *in, uint32_t out_type,
                                       int bool_result, dmlp_py_view *out)
{
    PyArray_Descr *descr = PyArray_DescrFromType(bool_result ? NPY_BOOL
                                                             : dmlp_py_numpy_typenum(out_type));
    npy_intp shape[DMLP_PY_MAX_RANK];
    int64_t strides64[DMLP_PY_MAX_RANK], offset;
    npy_intp strides[DMLP_PY_MAX_RANK];
    uint32_t itemsize = dmlp_py_type_size(out_type);
    dmlp_py_fresh_strides(in, itemsize, 1, strides64, &offset);
    int64_t count = dmlp_py_view_count(in);
    for (int i = 0; i < in->ndim; i++) {
        shape[i] = (npy_intp)in->shape[i];
        strides[i] = (npy_intp)strides64[i];
    }
    PyArrayObject *result;
    if (offset == 0 || count == 0) {
        result = (PyArrayObject *)PyArray_NewFromDescr(&PyArray_Type, descr, in->ndim, shape,
                                                       count ? strides : NULL, NULL, 0, NULL);
    } else {
        /* Negative strides: a view over a fresh buffer, starting at element 0's place. */
        npy_intp bytes = (npy_intp)(count * itemsize);
        PyArrayObject *base =
            (PyArrayObject *)PyArray_SimpleNew(1, &bytes, NPY_UINT8);
        if (!base) {
            Py_DECREF(descr);
            return NULL;
        }
        result = (PyArrayObject *)PyArray_NewFromDescr(
            &PyArray_Type, descr, in->ndim, shape, strides, PyArray_BYTES(base) + offset,
            NPY_ARRAY_WRITEABLE, NULL);
        if (!result || PyArray_SetBaseObject(result, (PyObject *)base) < 0) {
            Py_XDECREF(result);
            Py_DECREF(base);
            return NULL;
        }
    }
    if (result)
        dmlp_py_numpy_view(result, out_type, out);
    return result;
}

/* The output argument as a view, checked against x. A DLPack output leaves a handle in
   *handle to release after the run (NULL for numpy). Returns 0, or -1 with an exception. */
static int out_view(PyObject *out, dmlp_py_op op, uint32_t want, const dmlp_py_view *in,
                    dmlp_py_view *view, dmlp_py_dlpack **handle)
{
    *handle = NULL;
    if (PyArray_Check(out)) {
        PyArrayObject *array = (PyArrayObject *)out;
        if (!PyArray_ISWRITEABLE(array)) {
            PyErr_SetString(dmlp_py_error, "out: the array is read-only");
            return -1;
        }
        if (PyArray_NDIM(array) > DMLP_PY_MAX_RANK) {
            PyErr_SetString(PyExc_TypeError, "out: too many dimensions");
            return -1;
        }
        uint32_t type = dmlp_py_numpy_type(PyArray_DESCR(array), op == DMLP_PY_ISINF);
        if (want == DMLP_TENSOR_DATA_TYPE_BFLOAT16 && type == DML_TENSOR_DATA_TYPE_UINT16)
            type = want; /* numpy holds bfloat16 as its bit patterns */
        if (type != want) {
            /* A '>f4' out on a little-endian machine is refused too: results are written
               in the machine's byte order. */
            PyErr_Format(PyExc_TypeError, "out: dtype %s%s; %s of %s writes %s",
                         PyArray_DESCR(array)->typeobj->tp_name,
                         PyArray_ISNBO(PyArray_DESCR(array)->byteorder) ? ""
                                                                       : " in the other byte order",
                         op_name(op),
                         dmlp_py_type_name(in->type),
                         op == DMLP_PY_ISINF ? "bool" : dmlp_py_type_name(want));
            return -1;
        }
        dmlp_py_numpy_view(array, type, view);
    } else if (dmlp_py_has_dlpack(out)) {
        *handle = dmlp_py_dlpack_import(out, "out", view);
        if (!*handle)
            return -1;
        /* bool bytes are isinf's output only (numpy's bool out is refused the same way). */
        if (view->type != want || (view->is_bool && op != DMLP_PY_ISINF)) {
            PyErr_Format(PyExc_TypeError, "out: dtype %s; %s of %s writes %s",
                         view->is_bool ? "bool" : dmlp_py_type_name(view->type), op_name(op),
                         dmlp_py_type_name(in->type),
                         op == DMLP_PY_ISINF ? "bool" : dmlp_py_type_name(want));
            dmlp_py_dlpack_release(*handle);
            *handle = NULL;
            return -1;
        }
    } else {
        PyErr_Format(PyExc_TypeError, "out: must be a numpy array or a DLPack tensor, not %s",
                     Py_TYPE(out)->tp_name);
        return -1;
    }
    if (!same_shape(in, view)) {
        char a[256], b[256];
        shape_text(view, a, sizeof a);
        shape_text(in, b, sizeof b);
        PyErr_Format(dmlp_py_error, "out: shape %s; x has shape %s", a, b);
        dmlp_py_dlpack_release(*handle);
        *handle = NULL;
        return -1;
    }
    return 0;
}

static PyObject *run_op(dmlp_py_op op, PyObject *const *args, Py_ssize_t nargs,
                        PyObject *kwnames)
{
    if (nargs != 1) {
        PyErr_Format(PyExc_TypeError, "%s() takes 1 positional argument (x), %zd given",
                     op_name(op), nargs);
        return NULL;
    }
    dmlp_py_options options = {op, 0, 0, 0, DML_IS_INFINITY_MODE_EITHER};
    PyObject *x = args[0], *out = Py_None;
    Py_ssize_t nk = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    for (Py_ssize_t i = 0; i < nk; i++) {
        PyObject *key = PyTuple_GET_ITEM(kwnames, i), *value = args[nargs + i];
        int rc;
        if (key == str_out || PyUnicode_Compare(key, str_out) == 0) {
            out = value;
            rc = 0;
        } else if (op == DMLP_PY_SIGN && PyUnicode_Compare(key, str_nan) == 0) {
            static const char *const names[] = {"zero", "propagate", NULL};
            rc = parse_choice(value, "nan", names, &options.nan_propagate);
        } else if (op == DMLP_PY_ISINF && PyUnicode_Compare(key, str_mode) == 0) {
            static const char *const names[] = {"either", "positive", "negative", NULL};
            rc = parse_choice(value, "mode", names, &options.mode);
        } else if (PyUnicode_Compare(key, str_feature_level) == 0) {
            rc = parse_level(value, &options.feature_level);
        } else if (PyUnicode_Compare(key, str_threads) == 0) {
            rc = parse_threads(value, &options.threads);
        } else {
            PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%U'",
                         op_name(op), key);
            rc = -1;
        }
        if (rc < 0)
            return NULL;
    }

    dmlp_py_view in, result_view;
    dmlp_py_dlpack *in_handle = NULL, *out_handle = NULL;
    PyObject *array = NULL, *result = NULL, *capsule = NULL;
    int from_dlpack = 0;
    if (PyArray_Check(x)) {
        array = x;
        Py_INCREF(array);
    } else if (dmlp_py_has_dlpack(x)) {
        in_handle = dmlp_py_dlpack_import(x, "x", &in);
        if (!in_handle)
            return NULL;
        from_dlpack = 1;
    } else {
        array = PyArray_FromAny(x, NULL, 0, 0, 0, NULL);
        if (!array)
            return NULL;
    }
    if (array) {
        PyArrayObject *a = (PyArrayObject *)array;
        if (PyArray_NDIM(a) > DMLP_PY_MAX_RANK) {
            PyErr_SetString(PyExc_TypeError, "x: too many dimensions");
            goto done;
        }
        PyArray_Descr *descr = PyArray_DESCR(a);
        if (!PyArray_ISNBO(descr->byteorder) && descr->elsize > 1 &&
            strchr("fiu", descr->kind)) {
            /* Another byte order: read through a native copy. */
            PyArray_Descr *native = PyArray_DescrNewByteorder(descr, NPY_NATIVE);
            PyObject *copy = native ? PyArray_FromAny(array, native, 0, 0, NPY_ARRAY_DEFAULT, NULL)
                                    : NULL;
            if (!copy)
                goto done;
            Py_DECREF(array);
            array = copy;
            a = (PyArrayObject *)array;
        }
        uint32_t type = dmlp_py_numpy_type(PyArray_DESCR(a), 0);
        if (!op_accepts(op, type)) {
            PyErr_Format(PyExc_TypeError, "x: dtype %s is not supported by %s (it takes %s)",
                         PyArray_DESCR(a)->typeobj->tp_name, op_name(op), op_types(op));
            goto done;
        }
        dmlp_py_numpy_view(a, type, &in);
    } else if (in.is_bool || !op_accepts(op, in.type)) {
        PyErr_Format(PyExc_TypeError, "x: dtype %s is not supported by %s (it takes %s)",
                     in.is_bool ? "bool" : dmlp_py_type_name(in.type), op_name(op),
                     op_types(op));
        goto done;
    }
    uint32_t out_type = op == DMLP_PY_ISINF ? DML_TENSOR_DATA_TYPE_UINT8 : in.type;

    if (out != Py_None) {
        if (out_view(out, op, out_type, &in, &result_view, &out_handle) < 0)
            goto done;
        if (dmlp_py_run(&options, &in, &result_view) < 0)
            goto done;
        Py_INCREF(out);
        result = out;
    } else if (!from_dlpack) {
        PyArrayObject *fresh = new_numpy_result(&in, out_type, op == DMLP_PY_ISINF, &result_view);
        if (!fresh)
            goto done;
        if (dmlp_py_run(&options, &in, &result_view) < 0) {
            Py_DECREF(fresh);
            goto done;
        }
        result = (PyObject *)fresh;
    } else {
        int64_t strides[DMLP_PY_MAX_RANK], offset;
        result_view = in;
        result_view.type = out_type;
        result_view.itemsize = dmlp_py_type_size(out_type);
        dmlp_py_fresh_strides(&in, result_view.itemsize, 0, strides, &offset);
        memcpy(result_view.strides, strides, sizeof(int64_t) * (size_t)in.ndim);
        capsule = dmlp_py_dlpack_alloc(&result_view);
        if (!capsule || dmlp_py_run(&options, &in, &result_view) < 0)
            goto done;
        result = dmlp_py_dlpack_wrap(x, capsule, op == DMLP_PY_ISINF);
    }
done:
    dmlp_py_dlpack_release(out_handle);
    dmlp_py_dlpack_release(in_handle);
    Py_XDECREF(capsule);
    Py_XDECREF(array);
    return result;
}

static PyObject *py_sign(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                         PyObject *kwnames)
{
    (void)self;
    return run_op(DMLP_PY_SIGN, args, nargs, kwnames);
}

static PyObject *py_softsign(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                             PyObject *kwnames)
{
    (void)self;
    return run_op(DMLP_PY_SOFTSIGN, args, nargs, kwnames);
}

static PyObject *py_isinf(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                          PyObject *kwnames)
{
    (void)self;
    return run_op(DMLP_PY_ISINF, args, nargs, kwnames);
}

static PyMethodDef methods[] = {
    {"sign", (PyCFunction)(void (*)(void))py_sign, METH_FASTCALL | METH_KEYWORDS,
     "sign(x, *, nan=\"zero\", out=None, feature_level=None, threads=None)\n--\n\n"
     "-1, 0 or +1 by the sign of each element, in x's dtype (DirectML's Sign).\n"
     "nan=\"zero\" gives 0 for NaN (DirectML); nan=\"propagate\" gives NaN (numpy, ONNX)."},
    {"softsign", (PyCFunction)(void (*)(void))py_softsign, METH_FASTCALL | METH_KEYWORDS,
     "softsign(x, *, out=None, feature_level=None, threads=None)\n--\n\n"
     "x / (1 + |x|) for each element, correctly rounded in x's dtype (DirectML's Softsign)."},
    {"isinf", (PyCFunction)(void (*)(void))py_isinf, METH_FASTCALL | METH_KEYWORDS,
     "isinf(x, *, mode=\"either\", out=None, feature_level=None, threads=None)\n--\n\n"
     "True where x is an infinity the mode selects: \"either\", \"positive\" or \"negative\"\n"
     "(DirectML's IsInfinity). NaN gives False. The result is bool."},
    {NULL, NULL, 0, NULL},
};

int dmlp_py_add_elementwise(PyObject *module)
{
    str_nan = PyUnicode_InternFromString("nan");
    str_mode = PyUnicode_InternFromString("mode");
    str_out = PyUnicode_InternFromString("out");
    str_feature_level = PyUnicode_InternFromString("feature_level");
    str_threads = PyUnicode_InternFromString("threads");
    if (!str_nan || !str_mode || !str_out || !str_feature_level || !str_threads)
        return -1;
    return PyModule_AddFunctions(module, methods);
}
