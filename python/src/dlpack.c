/* DLPack, both ways: a CPU tensor offered by __dlpack__ is read and written in place
   (zero-copy), and a result is handed to the input's own library through its
   from_dlpack, so torch in gives torch out. A producer's tensor is checked
   (dlpack_check.c) before anything reads it. */
#include "dmlp_py.h"
#include "dlpack_abi.h"

#include <stdlib.h>
#include <string.h>

struct dmlp_py_dlpack {
    DLManagedTensor *managed;
};

int dmlp_py_has_dlpack(PyObject *obj)
{
    return PyObject_HasAttrString(obj, "__dlpack__");
}

static uint32_t type_of(DLDataType t)
{
    if (t.lanes != 1)
        return DML_TENSOR_DATA_TYPE_UNKNOWN;
    switch (t.code) {
    case kDLFloat:
        return t.bits == 16   ? DML_TENSOR_DATA_TYPE_FLOAT16
               : t.bits == 32 ? DML_TENSOR_DATA_TYPE_FLOAT32
               : t.bits == 64 ? DML_TENSOR_DATA_TYPE_FLOAT64
                              : DML_TENSOR_DATA_TYPE_UNKNOWN;
    case kDLBfloat:
        return t.bits == 16 ? DMLP_TENSOR_DATA_TYPE_BFLOAT16 : DML_TENSOR_DATA_TYPE_UNKNOWN;
    case kDLInt:
        return t.bits == 8    ? DML_TENSOR_DATA_TYPE_INT8
               : t.bits == 16 ? DML_TENSOR_DATA_TYPE_INT16
               : t.bits == 32 ? DML_TENSOR_DATA_TYPE_INT32
               : t.bits == 64 ? DML_TENSOR_DATA_TYPE_INT64
                              : DML_TENSOR_DATA_TYPE_UNKNOWN;
    case kDLUInt:
        return t.bits == 8    ? DML_TENSOR_DATA_TYPE_UINT8
               : t.bits == 16 ? DML_TENSOR_DATA_TYPE_UINT16
               : t.bits == 32 ? DML_TENSOR_DATA_TYPE_UINT32
               : t.bits == 64 ? DML_TENSOR_DATA_TYPE_UINT64
                              : DML_TENSOR_DATA_TYPE_UNKNOWN;
    case kDLBool:
        /* Read as the byte it is and marked is_bool (elementwise.c says who takes it). */
        return t.bits == 8 ? DML_TENSOR_DATA_TYPE_UINT8 : DML_TENSOR_DATA_TYPE_UNKNOWN;
    default:
        return DML_TENSOR_DATA_TYPE_UNKNOWN;
    }
}

static DLDataType dl_type(uint32_t type)
{
    uint8_t bits = (uint8_t)(dmlp_py_type_size(type) * 8);
    switch (type) {
    case DML_TENSOR_DATA_TYPE_FLOAT16:
    case DML_TENSOR_DATA_TYPE_FLOAT32:
    case DML_TENSOR_DATA_TYPE_FLOAT64:
        return (DLDataType){kDLFloat, bits, 1};
    case DMLP_TENSOR_DATA_TYPE_BFLOAT16:
        return (DLDataType){kDLBfloat, bits, 1};
    case DML_TENSOR_DATA_TYPE_INT8:
    case DML_TENSOR_DATA_TYPE_INT16:
    case DML_TENSOR_DATA_TYPE_INT32:
    case DML_TENSOR_DATA_TYPE_INT64:
        return (DLDataType){kDLInt, bits, 1};
    default:
        return (DLDataType){kDLUInt, bits, 1};
    }
}

/* torch (1.x) cannot export a bool tensor; its bytes are shared as uint8 instead, and
   *was_bool says so. */
static PyObject *export_capsule(PyObject *obj, int *was_bool)
{
    *was_bool = 0;
    PyObject *capsule = PyObject_CallMethod(obj, "__dlpack__", NULL);
    if (capsule || !PyErr_ExceptionMatches(PyExc_RuntimeError))
        return capsule;
    PyObject *type, *value, *traceback;
    PyErr_Fetch(&type, &value, &traceback);
    PyObject *dtype = PyObject_GetAttrString(obj, "dtype");
    PyObject *module = dtype ? PyImport_ImportModule("torch") : NULL;
    PyObject *torch_bool = module ? PyObject_GetAttrString(module, "bool") : NULL;
    PyObject *torch_u8 = module ? PyObject_GetAttrString(module, "uint8") : NULL;
    PyErr_Clear();
    if (torch_bool && torch_u8 && dtype == torch_bool) {
        PyObject *bytes = PyObject_CallMethod(obj, "view", "O", torch_u8);
        if (bytes) {
            capsule = PyObject_CallMethod(bytes, "__dlpack__", NULL);
            *was_bool = capsule != NULL;
            Py_DECREF(bytes);
        }
    }
    if (capsule || PyErr_Occurred()) {
        Py_XDECREF(type);
        Py_XDECREF(value);
        Py_XDECREF(traceback);
    } else {
        PyErr_Restore(type, value, traceback); /* the library's own refusal */
    }
    Py_XDECREF(dtype);
    Py_XDECREF(module);
    Py_XDECREF(torch_bool);
    Py_XDECREF(torch_u8);
    return capsule;
}

/* Whether obj's type comes from torch (its module "torch" or "torch.*"): only then are
   torch's methods asked for, and torch is never imported for another library. */
static int is_torch(PyObject *obj)
{
    PyObject *name = PyObject_GetAttrString((PyObject *)Py_TYPE(obj), "__module__");
    const char *text = name && PyUnicode_Check(name) ? PyUnicode_AsUTF8(name) : NULL;
    int torch = text && strncmp(text, "torch", 5) == 0 && (text[5] == '\0' || text[5] == '.');
    Py_XDECREF(name);
    PyErr_Clear();
    return torch;
}

/* obj.<method>() is True; 0 when it is not or obj has no such method. */
static int says(PyObject *obj, const char *method)
{
    PyObject *result = PyObject_CallMethod(obj, method, NULL);
    int yes = result ? PyObject_IsTrue(result) == 1 : 0;
    Py_XDECREF(result);
    PyErr_Clear();
    return yes;
}

/* torch keeps a lazy negation or conjugation (t.conj().imag) as a bit beside the
   memory, and its DLPack export drops the bit: the memory alone reads the values
   un-negated. An input is resolved into a plain copy; an output is refused, as writing
   the memory cannot give the values a reader of the view sees. Returns a new reference
   to the object to export, or NULL with an exception set. */
static PyObject *without_lazy_bits(PyObject *obj, const char *arg, int for_output)
{
    if (!is_torch(obj) || (!says(obj, "is_neg") && !says(obj, "is_conj"))) {
        Py_INCREF(obj);
        return obj;
    }
    if (for_output) {
        PyErr_Format(PyExc_TypeError,
                     "%s: a torch view with a lazy negation or conjugation (is_neg() or "
                     "is_conj(), as t.conj().imag); its memory does not hold the values "
                     "it shows, so it cannot be written in place: pass a plain tensor",
                     arg);
        return NULL;
    }
    PyObject *plain = PyObject_CallMethod(obj, "resolve_neg", NULL);
    if (plain)
        Py_SETREF(plain, PyObject_CallMethod(plain, "resolve_conj", NULL));
    return plain;
}

dmlp_py_dlpack *dmlp_py_dlpack_import(PyObject *obj, const char *arg, int for_output,
                                      dmlp_py_view *view)
{
    PyObject *device = PyObject_CallMethod(obj, "__dlpack_device__", NULL);
    if (!device)
        return NULL;
    long device_type = -1;
    if (PyTuple_Check(device) && PyTuple_GET_SIZE(device) >= 1)
        device_type = PyLong_AsLong(PyTuple_GET_ITEM(device, 0));
    Py_DECREF(device);
    if (device_type == -1 && PyErr_Occurred())
        return NULL;
    if (device_type != kDLCPU && device_type != kDLCUDAHost) {
        PyErr_Format(PyExc_TypeError,
                     "%s: a tensor on DLPack device type %ld; dmlp runs on the CPU only "
                     "(move it with .cpu())",
                     arg, device_type);
        return NULL;
    }
    PyObject *plain = without_lazy_bits(obj, arg, for_output);
    if (!plain)
        return NULL;
    int was_bool;
    PyObject *capsule = export_capsule(plain, &was_bool);
    Py_DECREF(plain); /* a resolved copy lives on in the capsule's tensor */
    if (!capsule) {
        /* Say which argument, keeping the library's reason (e.g. torch's "Can't export
           tensors that require gradient"). */
        PyObject *type, *value, *traceback;
        PyErr_Fetch(&type, &value, &traceback);
        PyObject *text = value ? PyObject_Str(value) : NULL;
        PyErr_Format(PyExc_TypeError, "%s: its __dlpack__ refused: %S", arg,
                     text ? text : Py_None);
        Py_XDECREF(text);
        Py_XDECREF(type);
        Py_XDECREF(value);
        Py_XDECREF(traceback);
        return NULL;
    }
    DLManagedTensor *managed = PyCapsule_GetPointer(capsule, "dltensor");
    if (!managed) {
        Py_DECREF(capsule);
        return NULL;
    }
    /* Consumed: the capsule no longer frees it; we call the deleter when done. */
    PyCapsule_SetName(capsule, "used_dltensor");
    PyCapsule_SetDestructor(capsule, NULL);
    Py_DECREF(capsule);
    dmlp_py_dlpack *handle = malloc(sizeof *handle);
    if (!handle) {
        if (managed->deleter)
            managed->deleter(managed);
        PyErr_NoMemory();
        return NULL;
    }
    handle->managed = managed;
    const DLTensor *t = &managed->dl_tensor;
    uint32_t type = type_of(t->dtype);
    if (type == DML_TENSOR_DATA_TYPE_UNKNOWN) {
        PyErr_Format(PyExc_TypeError,
                     "%s: DLPack type (code %u, %u bits, %u lanes) is not supported", arg,
                     (unsigned)t->dtype.code, (unsigned)t->dtype.bits,
                     (unsigned)t->dtype.lanes);
        dmlp_py_dlpack_release(handle);
        return NULL;
    }
    if (dmlp_py_dlpack_check(t, dmlp_py_type_size(type), arg) < 0) {
        dmlp_py_dlpack_release(handle);
        return NULL;
    }
    view->type = type;
    view->itemsize = dmlp_py_type_size(type);
    view->is_bool = was_bool || (t->dtype.code == kDLBool && t->dtype.lanes == 1);
    view->ndim = t->ndim;
    view->data = (char *)t->data + t->byte_offset;
    /* The check bounds every walked stride and a non-empty packed extent; a stride never
       walked (an axis of 1, an empty tensor) may be anything, and is read as 0 where its
       bytes would overflow. */
    int64_t item = view->itemsize, packed = item;
    for (int i = t->ndim - 1; i >= 0; i--) {
        int64_t s = t->strides ? t->strides[i] : packed;
        if (t->strides)
            s = s >= -(INT64_MAX / item) && s <= INT64_MAX / item ? s * item : 0;
        view->shape[i] = t->shape[i];
        view->strides[i] = s;
        packed = t->shape[i] && packed <= INT64_MAX / t->shape[i] ? packed * t->shape[i] : 0;
    }
    return handle;
}

void dmlp_py_dlpack_release(dmlp_py_dlpack *handle)
{
    if (!handle)
        return;
    if (handle->managed && handle->managed->deleter)
        handle->managed->deleter(handle->managed);
    free(handle);
}

/* One allocation holds the managed tensor, its shape and strides, and the data. */
typedef struct owned_tensor {
    DLManagedTensor managed;
    int64_t shape[DMLP_PY_MAX_RANK];
    int64_t strides[DMLP_PY_MAX_RANK];
    void *memory;
} owned_tensor;

static void owned_deleter(DLManagedTensor *self)
{
    owned_tensor *owned = (owned_tensor *)self;
    free(owned->memory);
    free(owned);
}

static void capsule_destructor(PyObject *capsule)
{
    if (!PyCapsule_IsValid(capsule, "dltensor"))
        return; /* consumed: the consumer calls the deleter */
    DLManagedTensor *managed = PyCapsule_GetPointer(capsule, "dltensor");
    if (managed && managed->deleter)
        managed->deleter(managed);
}

PyObject *dmlp_py_dlpack_alloc(dmlp_py_view *view)
{
    owned_tensor *owned = calloc(1, sizeof *owned);
    int64_t count = dmlp_py_view_count(view);
    int64_t lo = 0, hi = 0;
    for (int i = 0; i < view->ndim; i++) {
        int64_t step = (view->shape[i] - 1) * view->strides[i];
        if (view->shape[i] == 0)
            step = 0;
        if (step < 0)
            lo += step;
        else
            hi += step;
    }
    size_t bytes = count ? (size_t)(hi - lo) + view->itemsize : 1;
    /* 64-byte aligned, as the kernels' vectors like it. */
    void *memory = NULL;
    if (owned && posix_memalign(&memory, 64, bytes) != 0)
        memory = NULL;
    if (!owned || !memory) {
        free(owned);
        return PyErr_NoMemory();
    }
    owned->memory = memory;
    DLTensor *t = &owned->managed.dl_tensor;
    t->data = memory;
    t->byte_offset = (uint64_t)(-lo);
    t->device = (DLDevice){kDLCPU, 0};
    t->ndim = view->ndim;
    t->dtype = dl_type(view->type);
    t->shape = owned->shape;
    t->strides = owned->strides;
    for (int i = 0; i < view->ndim; i++) {
        owned->shape[i] = view->shape[i];
        owned->strides[i] = view->strides[i] / (int64_t)view->itemsize;
    }
    owned->managed.deleter = owned_deleter;
    view->data = (char *)memory - lo;
    PyObject *capsule = PyCapsule_New(&owned->managed, "dltensor", capsule_destructor);
    if (!capsule)
        owned_deleter(&owned->managed);
    return capsule;
}

PyObject *dmlp_py_dlpack_wrap(PyObject *like, PyObject *capsule, int bool_result)
{
    PyObject *name = PyObject_GetAttrString((PyObject *)Py_TYPE(like), "__module__");
    if (!name)
        return NULL;
    const char *text = PyUnicode_Check(name) ? PyUnicode_AsUTF8(name) : NULL;
    if (!text) {
        Py_DECREF(name);
        PyErr_SetString(PyExc_TypeError, "x: its type names no module to make the result with");
        return NULL;
    }
    size_t top = strcspn(text, ".");
    PyObject *top_name = PyUnicode_FromStringAndSize(text, (Py_ssize_t)top);
    Py_DECREF(name);
    PyObject *module = top_name ? PyImport_Import(top_name) : NULL;
    Py_XDECREF(top_name);
    if (!module)
        return NULL;
    PyObject *result = PyObject_CallMethod(module, "from_dlpack", "O", capsule);
    if (result && bool_result) {
        PyObject *as_bool = PyObject_GetAttrString(module, "bool");
        PyObject *dtype = as_bool ? PyObject_GetAttrString(result, "dtype") : NULL;
        if (dtype && dtype != as_bool) {
            PyObject *viewed = PyObject_CallMethod(result, "view", "O", as_bool);
            Py_DECREF(result);
            result = viewed;
        } else if (!dtype) {
            PyErr_Clear(); /* a library without a bool type: the 0/1 bytes stand */
        }
        Py_XDECREF(dtype);
        Py_XDECREF(as_bool);
    }
    Py_DECREF(module);
    return result;
}
