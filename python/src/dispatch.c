/* dmlp.dispatch(path): runs a DxDispatch JSON model (its dispatch and writeFile commands;
   print commands print nothing here) and returns every resource's buffer after the run,
   as numpy arrays of the resource's element type (bfloat16 as uint16 bit patterns, a
   buffer without a type as uint8 bytes). */
#include "numpy_api.h"

#include <stdio.h>
#include <string.h>

#include "dxdispatch/dxdispatch.h"

static PyObject *resource_array(const dmlp__dx_resource_view *r)
{
    uint32_t type = r->type;
    uint32_t size = type == DML_TENSOR_DATA_TYPE_UNKNOWN ? 1 : dmlp_py_type_size(type);
    if (type >= DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN)
        size = 1;
    if (r->size % size)
        size = 1, type = DML_TENSOR_DATA_TYPE_UINT8;
    npy_intp count = (npy_intp)(r->size / size);
    /* One-byte types: int8 as itself, everything else (uint8, the float8 types, a
       buffer without a type) as uint8 bytes. */
    int typenum = type == DML_TENSOR_DATA_TYPE_INT8 ? NPY_INT8
                  : size == 1                       ? NPY_UINT8
                                                    : dmlp_py_numpy_typenum(type);
    PyObject *array = PyArray_SimpleNew(1, &count, typenum);
    if (array && r->size)
        memcpy(PyArray_DATA((PyArrayObject *)array), r->data, (size_t)r->size);
    return array;
}

static PyObject *py_dispatch(PyObject *self, PyObject *args, PyObject *kwargs)
{
    (void)self;
    static char *keywords[] = {"model_json_path", NULL};
    PyObject *path = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O&", keywords, PyUnicode_FSConverter, &path))
        return NULL;
    dmlp__dx_model *model = NULL;
    dmlp__dx_run_options options;
    memset(&options, 0, sizeof options); /* feature_level 0: the highest */
    options.iterations = 1; /* print commands print nothing: options.out is NULL */
    const char *text = PyBytes_AS_STRING(path);
    dmlp_status status;
    char message[600] = "";
    Py_BEGIN_ALLOW_THREADS
    status = dmlp__dx_model_load(text, &model);
    if (status == DMLP_OK)
        status = dmlp__dx_model_run(model, &options);
    if (status != DMLP_OK)
        snprintf(message, sizeof message, "%s: %s", text, dmlp_last_error());
    Py_END_ALLOW_THREADS
    Py_DECREF(path);
    if (status != DMLP_OK) {
        dmlp__dx_model_free(model);
        PyErr_SetString(dmlp_py_error, message);
        return NULL;
    }
    PyObject *dict = PyDict_New();
    size_t count = dmlp__dx_model_resource_count(model);
    for (size_t i = 0; dict && i < count; i++) {
        dmlp__dx_resource_view r = dmlp__dx_model_resource(model, i);
        PyObject *array = resource_array(&r);
        if (!array || PyDict_SetItemString(dict, r.name, array) < 0)
            Py_CLEAR(dict);
        Py_XDECREF(array);
    }
    dmlp__dx_model_free(model);
    return dict;
}

static PyMethodDef methods[] = {
    {"dispatch", (PyCFunction)(void (*)(void))py_dispatch, METH_VARARGS | METH_KEYWORDS,
     "dispatch(model_json_path) -> {resource name: numpy array}\n\n"
     "Runs a DxDispatch JSON model and returns each resource's buffer after the run."},
    {NULL, NULL, 0, NULL},
};

int dmlp_py_add_dispatch(PyObject *module) { return PyModule_AddFunctions(module, methods); }
