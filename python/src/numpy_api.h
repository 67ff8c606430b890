/* numpy's C API, shared by the module's files (common.c imports it). */
#ifndef DMLP_PY_NUMPY_API_H
#define DMLP_PY_NUMPY_API_H
#include "dmlp_py.h"

#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL dmlp_py_numpy_api
#ifndef DMLP_PY_IMPORT_NUMPY
#define NO_IMPORT_ARRAY
#endif
#include <numpy/arrayobject.h>

/* Imports numpy's C API (once, from PyInit__dmlp): 0, or -1 with an exception set. */
int dmlp_py_numpy_import(void);
/* The DML type of a numpy dtype (native byte order); UNKNOWN for the others. bool is
   UINT8 when bool_ok (isinf's output), else UNKNOWN. */
uint32_t dmlp_py_numpy_type(PyArray_Descr *descr, int bool_ok);
/* The numpy type number for a DML type (bfloat16: NPY_UINT16 bit patterns). */
int dmlp_py_numpy_typenum(uint32_t type);
/* -1 with a TypeError naming arg when obj is a numpy.ma.MaskedArray (its mask would be
   lost), else 0. */
int dmlp_py_refuse_masked(PyObject *obj, const char *arg);
/* A view of a numpy array (ndim <= DMLP_PY_MAX_RANK). */
void dmlp_py_numpy_view(PyArrayObject *array, uint32_t type, dmlp_py_view *view);
#endif
