/* dmlp._dmlp.OnnxModel: an ONNX model loaded and checked once (dmlp_onnx.h), described
   (inputs, outputs) and run any number of times. dmlp/onnx.py builds ONNX Runtime's
   InferenceSession on it. Runs on one model are serialized by its lock, with the GIL
   released, so other Python threads go on. */
#include "numpy_api.h"

#include <stdlib.h>
#include <string.h>

#include "dmlp_onnx.h"
#include "pythread.h"

typedef struct onnx_model {
    PyObject_HEAD
    dmlp_onnx_model *model;
    PyThread_type_lock lock;
} onnx_model;

static int onnx_type_of_numpy(PyArray_Descr *descr)
{
    if (!PyArray_ISNBO(descr->byteorder))
        return DMLP_ONNX_TYPE_UNDEFINED;
    int size = (int)descr->elsize;
    switch (descr->kind) {
    case 'f': return size == 2 ? DMLP_ONNX_TYPE_FLOAT16 : size == 4 ? DMLP_ONNX_TYPE_FLOAT
                   : size == 8 ? DMLP_ONNX_TYPE_DOUBLE : DMLP_ONNX_TYPE_UNDEFINED;
    case 'i': return size == 1 ? DMLP_ONNX_TYPE_INT8 : size == 2 ? DMLP_ONNX_TYPE_INT16
                   : size == 4 ? DMLP_ONNX_TYPE_INT32 : size == 8 ? DMLP_ONNX_TYPE_INT64
                   : DMLP_ONNX_TYPE_UNDEFINED;
    case 'u': return size == 1 ? DMLP_ONNX_TYPE_UINT8 : size == 2 ? DMLP_ONNX_TYPE_UINT16
                   : size == 4 ? DMLP_ONNX_TYPE_UINT32 : size == 8 ? DMLP_ONNX_TYPE_UINT64
                   : DMLP_ONNX_TYPE_UNDEFINED;
    case 'b': return DMLP_ONNX_TYPE_BOOL;
    default: return DMLP_ONNX_TYPE_UNDEFINED;
    }
}

static int onnx_type_of_dml(uint32_t type)
{
    switch (type) {
    case DML_TENSOR_DATA_TYPE_FLOAT16: return DMLP_ONNX_TYPE_FLOAT16;
    case DML_TENSOR_DATA_TYPE_FLOAT32: return DMLP_ONNX_TYPE_FLOAT;
    case DML_TENSOR_DATA_TYPE_FLOAT64: return DMLP_ONNX_TYPE_DOUBLE;
    case DMLP_TENSOR_DATA_TYPE_BFLOAT16: return DMLP_ONNX_TYPE_BFLOAT16;
    case DML_TENSOR_DATA_TYPE_INT8: return DMLP_ONNX_TYPE_INT8;
    case DML_TENSOR_DATA_TYPE_INT16: return DMLP_ONNX_TYPE_INT16;
    case DML_TENSOR_DATA_TYPE_INT32: return DMLP_ONNX_TYPE_INT32;
    case DML_TENSOR_DATA_TYPE_INT64: return DMLP_ONNX_TYPE_INT64;
    case DML_TENSOR_DATA_TYPE_UINT8: return DMLP_ONNX_TYPE_UINT8;
    case DML_TENSOR_DATA_TYPE_UINT16: return DMLP_ONNX_TYPE_UINT16;
    case DML_TENSOR_DATA_TYPE_UINT32: return DMLP_ONNX_TYPE_UINT32;
    case DML_TENSOR_DATA_TYPE_UINT64: return DMLP_ONNX_TYPE_UINT64;
    default: return DMLP_ONNX_TYPE_UNDEFINED;
    }
}

/* Types numpy cannot hold travel as their bit patterns: bfloat16 as uint16, the float8
   types as uint8; bool is a byte (torch shares it as uint8). */
static int feed_matches(int declared, int given)
{
    if (declared == given)
        return 1;
    if (declared == DMLP_ONNX_TYPE_BFLOAT16)
        return given == DMLP_ONNX_TYPE_UINT16;
    if (declared >= DMLP_ONNX_TYPE_FLOAT8E4M3FN && declared <= DMLP_ONNX_TYPE_FLOAT8E5M2FNUZ)
        return given == DMLP_ONNX_TYPE_UINT8;
    if (declared == DMLP_ONNX_TYPE_BOOL)
        return given == DMLP_ONNX_TYPE_UINT8;
    return 0;
}

static int numpy_typenum_of_onnx(int type)
{
    switch (type) {
    case DMLP_ONNX_TYPE_FLOAT: return NPY_FLOAT32;
    case DMLP_ONNX_TYPE_DOUBLE: return NPY_FLOAT64;
    case DMLP_ONNX_TYPE_FLOAT16: return NPY_FLOAT16;
    case DMLP_ONNX_TYPE_INT8: return NPY_INT8;
    case DMLP_ONNX_TYPE_INT16: return NPY_INT16;
    case DMLP_ONNX_TYPE_INT32: return NPY_INT32;
    case DMLP_ONNX_TYPE_INT64: return NPY_INT64;
    case DMLP_ONNX_TYPE_UINT16:
    case DMLP_ONNX_TYPE_BFLOAT16: return NPY_UINT16;
    case DMLP_ONNX_TYPE_UINT32: return NPY_UINT32;
    case DMLP_ONNX_TYPE_UINT64: return NPY_UINT64;
    case DMLP_ONNX_TYPE_BOOL: return NPY_BOOL;
    default: return NPY_UINT8;
    }
}

static void onnx_model_dealloc(onnx_model *self)
{
    dmlp_onnx_model_free(self->model);
    if (self->lock)
        PyThread_free_lock(self->lock);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int onnx_model_init(onnx_model *self, PyObject *args, PyObject *kwargs)
{
    PyObject *source;
    unsigned int threads = 0;
    static char *keywords[] = {"path_or_bytes", "threads", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|I", keywords, &source, &threads))
        return -1;
    dmlp_onnx_options options = {threads};
    if (self->model) {
        PyErr_SetString(PyExc_TypeError, "the model is already loaded");
        return -1;
    }
    dmlp_onnx_model *model = NULL;
    dmlp_status status;
    if (PyObject_CheckBuffer(source) && !PyUnicode_Check(source)) {
        Py_buffer view;
        if (PyObject_GetBuffer(source, &view, PyBUF_SIMPLE) < 0)
            return -1;
        Py_BEGIN_ALLOW_THREADS
        status = dmlp_onnx_model_load_memory(view.buf, (size_t)view.len, &options, &model);
        Py_END_ALLOW_THREADS
        PyBuffer_Release(&view);
    } else {
        PyObject *path = NULL;
        if (!PyUnicode_FSConverter(source, &path)) {
            PyErr_Clear();
            PyErr_Format(PyExc_TypeError,
                         "path_or_bytes: must be a path (str, os.PathLike) or bytes, not %s",
                         Py_TYPE(source)->tp_name);
            return -1;
        }
        const char *text = PyBytes_AS_STRING(path);
        Py_BEGIN_ALLOW_THREADS
        status = dmlp_onnx_model_load_file(text, &options, &model);
        Py_END_ALLOW_THREADS
        Py_DECREF(path);
    }
    if (status != DMLP_OK) {
        PyErr_SetString(dmlp_py_error, dmlp_last_error());
        return -1;
    }
    self->lock = PyThread_allocate_lock();
    if (!self->lock) {
        dmlp_onnx_model_free(model);
        PyErr_NoMemory();
        return -1;
    }
    self->model = model;
    return 0;
}

static int check_loaded(onnx_model *self)
{
    if (self->model)
        return 0;
    PyErr_SetString(PyExc_TypeError, "the model is not loaded");
    return -1;
}

/* (name, type name, shape or None, has_default); a shape entry is an int, the symbolic
   name, or None. */
static PyObject *describe(const dmlp_onnx_value_info *info)
{
    PyObject *shape;
    if (info->has_shape) {
        shape = PyList_New(info->rank);
        for (uint32_t i = 0; shape && i < info->rank; i++) {
            PyObject *dim;
            if (info->dims[i] >= 0)
                dim = PyLong_FromLongLong(info->dims[i]);
            else if (info->dim_params && info->dim_params[i])
                dim = PyUnicode_FromString(info->dim_params[i]);
            else
                dim = Py_NewRef(Py_None);
            if (!dim) {
                Py_CLEAR(shape);
                break;
            }
            PyList_SET_ITEM(shape, i, dim);
        }
    } else {
        shape = Py_NewRef(Py_None);
    }
    if (!shape)
        return NULL;
    PyObject *tuple = Py_BuildValue("(ssNO)", info->name, dmlp_onnx_type_name(info->type),
                                    shape, info->has_default ? Py_True : Py_False);
    return tuple;
}

static PyObject *list_values(onnx_model *self, int outputs)
{
    if (check_loaded(self) < 0)
        return NULL;
    uint32_t n = outputs ? dmlp_onnx_model_output_count(self->model)
                         : dmlp_onnx_model_input_count(self->model);
    PyObject *list = PyList_New(n);
    for (uint32_t i = 0; list && i < n; i++) {
        dmlp_onnx_value_info info;
        dmlp_status s = outputs ? dmlp_onnx_model_output(self->model, i, &info)
                                : dmlp_onnx_model_input(self->model, i, &info);
        PyObject *item = s == DMLP_OK ? describe(&info) : dmlp_py_raise_library("model");
        if (!item) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, i, item);
    }
    return list;
}

static PyObject *onnx_model_inputs(onnx_model *self, PyObject *unused)
{
    (void)unused;
    return list_values(self, 0);
}

static PyObject *onnx_model_outputs(onnx_model *self, PyObject *unused)
{
    (void)unused;
    return list_values(self, 1);
}

/* One feed, made packed row-major: its numpy array (kept) or its copied DLPack bytes. */
typedef struct feed {
    PyObject *array;
    void *copy;
    int64_t dims[DMLP_PY_MAX_RANK];
} feed;

static int find_input(onnx_model *self, const char *name, dmlp_onnx_value_info *info)
{
    uint32_t n = dmlp_onnx_model_input_count(self->model);
    for (uint32_t i = 0; i < n; i++)
        if (dmlp_onnx_model_input(self->model, i, info) == DMLP_OK &&
            strcmp(info->name, name) == 0)
            return 0;
    PyObject *names = PyUnicode_FromString("");
    for (uint32_t i = 0; names && i < n; i++)
        if (dmlp_onnx_model_input(self->model, i, info) == DMLP_OK) {
            PyObject *joined = PyUnicode_FromFormat("%U%s'%s'", names, i ? ", " : "", info->name);
            Py_SETREF(names, joined);
        }
    PyErr_Format(dmlp_py_error, "input '%s': the model has no such input (its inputs: %U)",
                 name, names ? names : Py_None);
    Py_XDECREF(names);
    return -1;
}

static int prepare_feed(onnx_model *self, PyObject *name_obj, PyObject *value, feed *f,
                        dmlp_onnx_tensor *t)
{
    const char *name = PyUnicode_AsUTF8(name_obj);
    if (!name)
        return -1;
    dmlp_onnx_value_info info;
    if (find_input(self, name, &info) < 0)
        return -1;
    int given;
    if (!PyArray_Check(value) && dmlp_py_has_dlpack(value)) {
        dmlp_py_view view;
        dmlp_py_dlpack *handle = dmlp_py_dlpack_import(value, name, 0, &view);
        if (!handle)
            return -1;
        given = view.is_bool ? DMLP_ONNX_TYPE_BOOL : onnx_type_of_dml(view.type);
        if (!feed_matches(info.type, given)) {
            PyErr_Format(PyExc_TypeError, "input '%s': type tensor(%s); the model expects tensor(%s)",
                         name, dmlp_onnx_type_name(given), dmlp_onnx_type_name(info.type));
            dmlp_py_dlpack_release(handle);
            return -1;
        }
        int64_t count = dmlp_py_view_count(&view);
        f->copy = malloc(count ? (size_t)count * view.itemsize : 1);
        if (!f->copy) {
            dmlp_py_dlpack_release(handle);
            PyErr_NoMemory();
            return -1;
        }
        dmlp_py_view packed = view;
        packed.data = f->copy;
        int64_t step = view.itemsize;
        for (int i = view.ndim - 1; i >= 0; i--) {
            packed.strides[i] = step;
            step *= view.shape[i];
            f->dims[i] = view.shape[i];
        }
        dmlp_py_copy(&packed, &view);
        dmlp_py_dlpack_release(handle);
        *t = (dmlp_onnx_tensor){name, info.type, (uint32_t)view.ndim, f->dims, f->copy,
                                (uint64_t)count * view.itemsize};
        return 0;
    }
    if (dmlp_py_refuse_masked(value, name) < 0)
        return -1;
    f->array = PyArray_FromAny(value, NULL, 0, 0, NPY_ARRAY_C_CONTIGUOUS | NPY_ARRAY_ALIGNED, NULL);
    if (!f->array)
        return -1;
    PyArrayObject *a = (PyArrayObject *)f->array;
    given = onnx_type_of_numpy(PyArray_DESCR(a));
    if (!feed_matches(info.type, given)) {
        PyErr_Format(PyExc_TypeError, "input '%s': dtype %s (tensor(%s)); the model expects tensor(%s)",
                     name, PyArray_DESCR(a)->typeobj->tp_name,
                     given ? dmlp_onnx_type_name(given) : "?", dmlp_onnx_type_name(info.type));
        return -1;
    }
    if (PyArray_NDIM(a) > DMLP_PY_MAX_RANK) {
        PyErr_Format(PyExc_TypeError, "input '%s': too many dimensions", name);
        return -1;
    }
    for (int i = 0; i < PyArray_NDIM(a); i++)
        f->dims[i] = PyArray_DIM(a, i);
    *t = (dmlp_onnx_tensor){name, info.type, (uint32_t)PyArray_NDIM(a), f->dims,
                            PyArray_DATA(a), (uint64_t)PyArray_NBYTES(a)};
    return 0;
}

static PyObject *result_array(const dmlp_onnx_tensor *t)
{
    npy_intp dims[DMLP_PY_MAX_RANK];
    for (uint32_t i = 0; i < t->rank; i++)
        dims[i] = (npy_intp)t->dims[i];
    PyObject *array = PyArray_SimpleNew((int)t->rank, dims, numpy_typenum_of_onnx(t->type));
    if (array && t->size_in_bytes)
        memcpy(PyArray_DATA((PyArrayObject *)array), t->data, (size_t)t->size_in_bytes);
    return array;
}

/* run([(name, value), ...]) -> [numpy array per graph output] */
static PyObject *onnx_model_run(onnx_model *self, PyObject *feeds)
{
    if (check_loaded(self) < 0)
        return NULL;
    PyObject *seq = PySequence_Fast(feeds, "feeds: must be a sequence of (name, value) pairs");
    if (!seq)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    feed *fs = calloc((size_t)n + 1, sizeof *fs);
    dmlp_onnx_tensor *tensors = calloc((size_t)n + 1, sizeof *tensors);
    PyObject *list = NULL;
    dmlp_onnx_result *result = NULL;
    if (!fs || !tensors) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *pair = PySequence_Fast_GET_ITEM(seq, i);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2 ||
            !PyUnicode_Check(PyTuple_GET_ITEM(pair, 0))) {
            PyErr_SetString(PyExc_TypeError, "feeds: each item must be a (name, value) pair");
            goto done;
        }
        if (prepare_feed(self, PyTuple_GET_ITEM(pair, 0), PyTuple_GET_ITEM(pair, 1), &fs[i],
                         &tensors[i]) < 0)
            goto done;
    }
    dmlp_status status;
    char message[600] = "";
    Py_BEGIN_ALLOW_THREADS
    PyThread_acquire_lock(self->lock, WAIT_LOCK);
    status = dmlp_onnx_model_run(self->model, (uint32_t)n, tensors, &result);
    if (status != DMLP_OK)
        snprintf(message, sizeof message, "%s", dmlp_last_error());
    PyThread_release_lock(self->lock);
    Py_END_ALLOW_THREADS
    if (status != DMLP_OK) {
        PyErr_SetString(dmlp_py_error, message);
        goto done;
    }
    uint32_t count = dmlp_onnx_result_count(result);
    list = PyList_New(count);
    for (uint32_t i = 0; list && i < count; i++) {
        dmlp_onnx_tensor t;
        PyObject *array = dmlp_onnx_result_output(result, i, &t) == DMLP_OK
                              ? result_array(&t)
                              : dmlp_py_raise_library("output");
        if (!array) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, i, array);
    }
done:
    dmlp_onnx_result_free(result);
    for (Py_ssize_t i = 0; fs && i < n; i++) {
        Py_XDECREF(fs[i].array);
        free(fs[i].copy);
    }
    free(fs);
    free(tensors);
    Py_DECREF(seq);
    return list;
}

static PyObject *onnx_model_opset(onnx_model *self, PyObject *unused)
{
    (void)unused;
    if (check_loaded(self) < 0)
        return NULL;
    return PyLong_FromLongLong(dmlp_onnx_model_opset(self->model));
}

static PyMethodDef onnx_model_methods[] = {
    {"inputs", (PyCFunction)onnx_model_inputs, METH_NOARGS,
     "[(name, type, shape, has_default)] of the graph's inputs"},
    {"outputs", (PyCFunction)onnx_model_outputs, METH_NOARGS,
     "[(name, type, shape, False)] of the graph's outputs"},
    {"run", (PyCFunction)onnx_model_run, METH_O,
     "run([(name, value), ...]) -> [numpy array for each graph output]"},
    {"opset", (PyCFunction)onnx_model_opset, METH_NOARGS, "the default-domain opset"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject onnx_model_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "dmlp._dmlp.OnnxModel",
    .tp_basicsize = sizeof(onnx_model),
    .tp_dealloc = (destructor)onnx_model_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "OnnxModel(path_or_bytes, threads=0): an ONNX model loaded and checked once\n"
              "(threads: its device's threads, 0 for one per core).",
    .tp_methods = onnx_model_methods,
    .tp_init = (initproc)onnx_model_init,
    .tp_new = PyType_GenericNew,
};

int dmlp_py_add_onnx(PyObject *module)
{
    if (PyType_Ready(&onnx_model_type) < 0)
        return -1;
    return PyModule_AddObjectRef(module, "OnnxModel", (PyObject *)&onnx_model_type);
}
