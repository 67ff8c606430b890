/* The module dmlp._dmlp: dmlp.Error, the version, and the parts (operators, ONNX models,
   DxDispatch), each added by its file; what the files share is in common.c. The package
   dmlp/ re-exports it. */
#include "numpy_api.h"

#include <pthread.h>

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
    if (dmlp_py_numpy_import() < 0)
        return NULL;
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
