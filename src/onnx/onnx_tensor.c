/* TensorProto <-> tensor: ONNX's rules for which field holds which type, size checks
   against the shape, and TensorProto files. */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "io/budget.h"
#include "io/file.h"
#include "io/output.h"
#include "onnx_internal.h"

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "raw_data is little-endian; this file copies it as is"
#endif

/* The typed field ONNX assigns to each type. */
enum field { F_NONE, F_FLOAT, F_INT32, F_INT64, F_DOUBLE, F_UINT64 };

static enum field typed_field(int32_t type)
{
    switch (type) {
    case DMLP_ONNX_TYPE_FLOAT:
        return F_FLOAT;
    case DMLP_ONNX_TYPE_INT64:
        return F_INT64;
    case DMLP_ONNX_TYPE_DOUBLE:
        return F_DOUBLE;
    case DMLP_ONNX_TYPE_UINT32:
    case DMLP_ONNX_TYPE_UINT64:
        return F_UINT64;
    case DMLP_ONNX_TYPE_UINT8:
    case DMLP_ONNX_TYPE_INT8:
    case DMLP_ONNX_TYPE_UINT16:
    case DMLP_ONNX_TYPE_INT16:
    case DMLP_ONNX_TYPE_INT32:
    case DMLP_ONNX_TYPE_BOOL:
    case DMLP_ONNX_TYPE_FLOAT16:
    case DMLP_ONNX_TYPE_BFLOAT16:
    case DMLP_ONNX_TYPE_FLOAT8E4M3FN:
    case DMLP_ONNX_TYPE_FLOAT8E4M3FNUZ:
    case DMLP_ONNX_TYPE_FLOAT8E5M2:
    case DMLP_ONNX_TYPE_FLOAT8E5M2FNUZ:
        return F_INT32;
    default:
        return F_NONE;
    }
}

static const char *field_name(enum field f)
{
    static const char *const names[] = {"none", "float_data", "int32_data", "int64_data",
                                        "double_data", "uint64_data"};
    return names[f];
}

/* The range an int32_data entry may hold for a type stored there. */
static void int32_range(int32_t type, int64_t *lo, int64_t *hi)
{
    switch (type) {
    case DMLP_ONNX_TYPE_INT8: *lo = INT8_MIN; *hi = INT8_MAX; break;
    case DMLP_ONNX_TYPE_INT16: *lo = INT16_MIN; *hi = INT16_MAX; break;
    case DMLP_ONNX_TYPE_INT32: *lo = INT32_MIN; *hi = INT32_MAX; break;
    case DMLP_ONNX_TYPE_BOOL: *lo = 0; *hi = 1; break;
    case DMLP_ONNX_TYPE_UINT16:
    case DMLP_ONNX_TYPE_FLOAT16:
    case DMLP_ONNX_TYPE_BFLOAT16: *lo = 0; *hi = UINT16_MAX; break;
    default: *lo = 0; *hi = UINT8_MAX; break; /* uint8 and the float8 types */
    }
}

static dmlp_status from_int32(const DmlpOnnxPb__TensorProto *p, int32_t type, uint32_t size,
                              uint8_t *out)
{
    int64_t lo, hi;
    int32_range(type, &lo, &hi);
    for (size_t i = 0; i < p->n_int32_data; i++) {
        int64_t v = p->int32_data[i];
        if (v < lo || v > hi)
            return dmlp__error(DMLP_ERROR_FORMAT,
                               "int32_data[%zu] is %lld; a %s element must be in %lld..%lld", i,
                               (long long)v, dmlp_onnx_type_name(type), (long long)lo,
                               (long long)hi);
        if (size == 1) {
            uint8_t b = (uint8_t)(v & 0xff);
            out[i] = b;
        } else if (size == 2) {
            uint16_t h = (uint16_t)(v & 0xffff);
            memcpy(out + 2 * i, &h, 2);
        } else {
            int32_t w = (int32_t)v;
            memcpy(out + 4 * i, &w, 4);
        }
    }
    return DMLP_OK;
}

static dmlp_status from_uint64(const DmlpOnnxPb__TensorProto *p, int32_t type, uint8_t *out)
{
    for (size_t i = 0; i < p->n_uint64_data; i++) {
        uint64_t v = p->uint64_data[i];
        if (type == DMLP_ONNX_TYPE_UINT32) {
            if (v > UINT32_MAX)
                return dmlp__error(DMLP_ERROR_FORMAT,
                                   "uint64_data[%zu] is %llu; a uint32 element must be at most "
                                   "4294967295", i, (unsigned long long)v);
            uint32_t w = (uint32_t)v;
            memcpy(out + 4 * i, &w, 4);
        } else {
            memcpy(out + 8 * i, &v, 8);
        }
    }
    return DMLP_OK;
}

static size_t field_count(const DmlpOnnxPb__TensorProto *p, enum field f)
{
    switch (f) {
    case F_FLOAT: return p->n_float_data;
    case F_INT32: return p->n_int32_data;
    case F_INT64: return p->n_int64_data;
    case F_DOUBLE: return p->n_double_data;
    case F_UINT64: return p->n_uint64_data;
    default: return 0;
    }
}

/* ---- a budgeted allocator for protobuf-c ---- */

typedef union alloc_header {
    uint64_t size;
    max_align_t align;
} alloc_header;

static void *budget_alloc(void *data, size_t size)
{
    dmlp__onnx_alloc *a = data;
    if (size > a->budget - a->used || size > SIZE_MAX - sizeof(alloc_header)) {
        a->refused = size;
        return NULL;
    }
    alloc_header *h = malloc(sizeof *h + size);
    if (!h)
        return NULL;
    h->size = size;
    a->used += size;
    return h + 1;
}

static void budget_free(void *data, void *pointer)
{
    dmlp__onnx_alloc *a = data;
    if (!pointer)
        return;
    alloc_header *h = (alloc_header *)pointer - 1;
    a->used -= h->size;
    free(h);
}

void dmlp__onnx_alloc_init(dmlp__onnx_alloc *a)
{
    memset(a, 0, sizeof *a);
    a->base.alloc = budget_alloc;
    a->base.free = budget_free;
    a->base.allocator_data = a;
    a->budget = dmlp__budget();
}

dmlp_status dmlp__onnx_unpack_failed(const dmlp__onnx_alloc *a, const char *not_what)
{
    if (a->refused) {
        uint64_t used = a->used;
        return dmlp__budget_take(&used, "unpacking the protobuf", a->refused);
    }
    return dmlp__error(DMLP_ERROR_FORMAT, "%s (malformed or truncated protobuf)", not_what);
}

dmlp_status dmlp__onnx_tensor_decode(const DmlpOnnxPb__TensorProto *p, dmlp_onnx_tensor *t,
                                     uint64_t *memory_used)
{
    memset(t, 0, sizeof *t);
    if (p->has_segment)
        return dmlp__error(DMLP_ERROR_UNSUPPORTED,
                           "TensorProto.segment is set; segmented tensors are not supported");
    if ((p->has_data_location && p->data_location != 0) || p->n_external_data)
        return dmlp__error(DMLP_ERROR_UNSUPPORTED,
                           "TensorProto.data_location is EXTERNAL; external data is not "
                           "supported (keep the data inside the model)");
    int32_t type = p->has_data_type ? p->data_type : 0;
    const dmlp__onnx_type_info *info = dmlp__onnx_type_get(type);
    if (type == DMLP_ONNX_TYPE_UNDEFINED)
        return dmlp__error(DMLP_ERROR_FORMAT, "TensorProto.data_type is not set");
    if (!info || info->size == 0)
        return dmlp__error(DMLP_ERROR_UNSUPPORTED,
                           "TensorProto.data_type is %s; dmlp holds numeric and bool tensors only",
                           dmlp_onnx_type_name(type));
    if (p->n_dims > 64)
        return dmlp__error(DMLP_ERROR_UNSUPPORTED, "TensorProto.dims has %zu entries; at most 64",
                           p->n_dims);
    uint64_t count;
    dmlp_status st = dmlp__onnx_element_count("TensorProto", (uint32_t)p->n_dims,
                                              (const int64_t *)p->dims, &count);
    if (st != DMLP_OK)
        return st;
    uint64_t bytes = count * info->size;

    enum field want = typed_field(type);
    enum field present = F_NONE;
    for (int f = F_FLOAT; f <= F_UINT64; f++) {
        if (field_count(p, (enum field)f) == 0)
            continue;
        if (f != (int)want)
            return dmlp__error(DMLP_ERROR_FORMAT,
                               "TensorProto.%s is set for a %s tensor; ONNX keeps %s in %s",
                               field_name((enum field)f), info->name, info->name,
                               field_name(want));
        present = (enum field)f;
    }
    if (p->n_string_data)
        return dmlp__error(DMLP_ERROR_FORMAT, "TensorProto.string_data is set for a %s tensor",
                           info->name);
    if (p->has_raw_data && present != F_NONE)
        return dmlp__error(DMLP_ERROR_FORMAT,
                           "TensorProto has both raw_data and %s; only one may hold the data",
                           field_name(present));
    char shape[128];
    if (p->has_raw_data) {
        if (p->raw_data.len != bytes)
            return dmlp__error(DMLP_ERROR_FORMAT,
                               "TensorProto.raw_data holds %zu bytes; a %s tensor of shape %s "
                               "needs %llu", p->raw_data.len, info->name,
                               dmlp__onnx_shape_text((uint32_t)p->n_dims,
                                                     (const int64_t *)p->dims, shape,
                                                     sizeof shape),
                               (unsigned long long)bytes);
    } else if (field_count(p, want) != count) {
        return dmlp__error(DMLP_ERROR_FORMAT,
                           "TensorProto.%s holds %zu values; a %s tensor of shape %s needs "
                           "%llu", field_name(want), field_count(p, want), info->name,
                           dmlp__onnx_shape_text((uint32_t)p->n_dims, (const int64_t *)p->dims,
                                                 shape, sizeof shape),
                           (unsigned long long)count);
    }

    if ((st = dmlp__budget_take(memory_used, "the tensor's data", bytes)) != DMLP_OK)
        return st;
    uint8_t *data = malloc(bytes ? (size_t)bytes : 1);
    int64_t *dims = malloc(p->n_dims ? p->n_dims * sizeof *dims : 1);
    char *name = p->name ? strdup(p->name) : NULL;
    if (!data || !dims || (p->name && !name)) {
        free(data);
        free(dims);
        free(name);
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "TensorProto: out of memory for %llu bytes",
                           (unsigned long long)bytes);
    }
    if (p->n_dims)
        memcpy(dims, p->dims, p->n_dims * sizeof *dims);
    st = DMLP_OK;
    if (p->has_raw_data) {
        if (bytes)
            memcpy(data, p->raw_data.data, (size_t)bytes);
        if (type == DMLP_ONNX_TYPE_BOOL)
            for (uint64_t i = 0; i < count && st == DMLP_OK; i++)
                if (data[i] > 1)
                    st = dmlp__error(DMLP_ERROR_FORMAT,
                                     "TensorProto.raw_data[%llu] is %u; a bool is 0 or 1",
                                     (unsigned long long)i, data[i]);
    } else if (count) {
        switch (want) {
        case F_FLOAT: memcpy(data, p->float_data, (size_t)bytes); break;
        case F_INT64: memcpy(data, p->int64_data, (size_t)bytes); break;
        case F_DOUBLE: memcpy(data, p->double_data, (size_t)bytes); break;
        case F_UINT64: st = from_uint64(p, type, data); break;
        case F_INT32: st = from_int32(p, type, info->size, data); break;
        default: break;
        }
    }
    if (st != DMLP_OK) {
        free(data);
        free(dims);
        free(name);
        return st;
    }
    t->name = name;
    t->type = type;
    t->rank = (uint32_t)p->n_dims;
    t->dims = dims;
    t->data = data;
    t->size_in_bytes = bytes;
    return DMLP_OK;
}

void dmlp_onnx_tensor_clear(dmlp_onnx_tensor *tensor)
{
    if (!tensor)
        return;
    free((void *)tensor->name);
    free((void *)tensor->dims);
    free((void *)tensor->data);
    memset(tensor, 0, sizeof *tensor);
}

dmlp_status dmlp_onnx_tensor_load_memory(const void *bytes, size_t size,
                                         dmlp_onnx_tensor *tensor)
{
    if (!tensor || (!bytes && size))
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "dmlp_onnx_tensor_load_memory: tensor is NULL, or bytes is NULL");
    memset(tensor, 0, sizeof *tensor);
    dmlp__onnx_alloc alloc;
    dmlp__onnx_alloc_init(&alloc);
    DmlpOnnxPb__TensorProto *p =
        dmlp_onnx_pb__tensor_proto__unpack(&alloc.base, size, (const uint8_t *)bytes);
    if (!p)
        return dmlp__onnx_unpack_failed(&alloc, "not a TensorProto");
    uint64_t used = alloc.used;
    dmlp_status st = dmlp__onnx_tensor_decode(p, tensor, &used);
    dmlp_onnx_pb__tensor_proto__free_unpacked(p, &alloc.base);
    return st;
}

dmlp_status dmlp__onnx_read_file(const char *path, uint8_t **data, size_t *size)
{
    dmlp_status s = dmlp__read_file_at_most(path, DMLP__ONNX_MAX_MESSAGE,
                                            "a protobuf message (an ONNX model or tensor)",
                                            data, size);
    if (s != DMLP_OK)
        dmlp__error_prefix(path);
    return s;
}

dmlp_status dmlp_onnx_tensor_load_file(const char *path, dmlp_onnx_tensor *tensor)
{
    if (!path || !tensor)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "dmlp_onnx_tensor_load_file: path or tensor is NULL");
    memset(tensor, 0, sizeof *tensor);
    uint8_t *data;
    size_t size;
    dmlp_status st = dmlp__onnx_read_file(path, &data, &size);
    if (st != DMLP_OK)
        return st;
    st = dmlp_onnx_tensor_load_memory(data, size, tensor);
    free(data);
    if (st != DMLP_OK)
        dmlp__error_prefix(path);
    return st;
}

dmlp_status dmlp_onnx_tensor_save_memory(const dmlp_onnx_tensor *t, void **bytes, size_t *size)
{
    if (!t || !bytes || !size || (t->rank && !t->dims) || (t->size_in_bytes && !t->data))
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "dmlp_onnx_tensor_save_memory: a NULL argument");
    const dmlp__onnx_type_info *info = dmlp__onnx_type_get(t->type);
    if (!info || !info->size)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "tensor type is %s; dmlp writes numeric and bool tensors only",
                           dmlp_onnx_type_name(t->type));
    uint64_t count;
    dmlp_status st = dmlp__onnx_element_count("tensor", t->rank, t->dims, &count);
    if (st != DMLP_OK)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT, "%s", dmlp_last_error());
    if (t->size_in_bytes != count * info->size)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "tensor size_in_bytes is %llu; its shape and type need %llu",
                           (unsigned long long)t->size_in_bytes,
                           (unsigned long long)(count * info->size));
    DmlpOnnxPb__TensorProto p = DMLP_ONNX_PB__TENSOR_PROTO__INIT;
    p.n_dims = t->rank;
    p.dims = (int64_t *)t->dims;
    p.has_data_type = 1;
    p.data_type = t->type;
    p.name = (char *)t->name;
    p.has_raw_data = 1;
    p.raw_data.len = (size_t)t->size_in_bytes;
    p.raw_data.data = (uint8_t *)t->data;
    size_t n = dmlp_onnx_pb__tensor_proto__get_packed_size(&p);
    uint8_t *out = malloc(n ? n : 1);
    if (!out)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory for a %zu-byte TensorProto", n);
    dmlp_onnx_pb__tensor_proto__pack(&p, out);
    *bytes = out;
    *size = n;
    return DMLP_OK;
}

dmlp_status dmlp_onnx_tensor_save_file(const char *path, const dmlp_onnx_tensor *tensor)
{
    if (!path)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT, "dmlp_onnx_tensor_save_file: path is NULL");
    void *bytes = NULL;
    size_t size = 0;
    dmlp_status st = dmlp_onnx_tensor_save_memory(tensor, &bytes, &size);
    if (st == DMLP_OK) {
        dmlp__piece piece = {bytes, size};
        st = dmlp__write_file(path, &piece, 1);
        free(bytes);
    }
    if (st != DMLP_OK)
        dmlp__error_prefix(path);
    return st;
}
