/* A resource's initialValues: number arrays, typed lists, constants and sequences (files
   are in initial_files.c). Every element is checked against its type before any byte is
   kept: integers must be JSON integers in range, floats take numbers or "nan"/"inf". */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/error.h"
#include "numeric/fp_convert.h"
#include "core/types.h"
#include "dx_internal.h"
#include "io/budget.h"

dmlp_status dmlp__dx_get_type(const cJSON *item, const char *path, DML_TENSOR_DATA_TYPE *type)
{
    const char *name;
    dmlp_status s = dmlp__dx_get_string(item, path, &name);
    if (s != DMLP_OK)
        return s;
    DML_TENSOR_DATA_TYPE t = dmlp__type_from_name(name);
    const dmlp__type_info *info = dmlp__type_get(t);
    if (!info || info->extension) /* DxDispatch knows DirectML's types only */
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path,
                             "'%s' is not a data type (FLOAT32, FLOAT16, FLOAT64, UINT8..UINT64, "
                             "INT8..INT64, with or without DML_TENSOR_DATA_TYPE_)",
                             name);
    *type = t;
    return DMLP_OK;
}

static void store_float(DML_TENSOR_DATA_TYPE type, double value, void *out)
{
    if (type == DML_TENSOR_DATA_TYPE_FLOAT64) {
        memcpy(out, &value, 8);
    } else if (type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        float f = (float)value;
        memcpy(out, &f, 4);
    } else { /* FLOAT16: through float32, rounded to nearest-even */
        uint16_t h = dmlp__f32_to_f16((float)value);
        memcpy(out, &h, 2);
    }
}

dmlp_status dmlp__dx_read_float(const cJSON *item, DML_TENSOR_DATA_TYPE type, const char *path,
                                void *out)
{
    double value;
    if (cJSON_IsNumber(item)) {
        value = item->valuedouble;
        /* JSON has no infinity: a literal beyond a double's range (1e999) is refused
           like the bare word Infinity, not read as one */
        if (isinf(value))
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, path,
                                 "the number is beyond a double's range (JSON has no "
                                 "infinity); write \"inf\" or \"-inf\" for one");
    } else if (cJSON_IsString(item) && item->valuestring) {
        const char *text = item->valuestring;
        if (strcasecmp(text, "nan") == 0)
            value = NAN;
        else if (strcasecmp(text, "inf") == 0)
            value = INFINITY;
        else if (strcasecmp(text, "-inf") == 0)
            value = -INFINITY;
        else
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, path,
                                 "\"%s\" is not a number; %s takes numbers, \"nan\", \"inf\" "
                                 "and \"-inf\"",
                                 text, dmlp__type_name(type));
    } else {
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path,
                             "must be a number, \"nan\", \"inf\" or \"-inf\"");
    }
    store_float(type, value, out);
    return DMLP_OK;
}

static void store_integer(uint32_t size, uint64_t bits, void *out)
{
    uint8_t b8 = (uint8_t)bits;
    uint16_t b16 = (uint16_t)bits;
    uint32_t b32 = (uint32_t)bits;
    if (size == 1)
        memcpy(out, &b8, 1);
    else if (size == 2)
        memcpy(out, &b16, 2);
    else if (size == 4)
        memcpy(out, &b32, 4);
    else
        memcpy(out, &bits, 8);
}

static dmlp_status read_integer(const dmlp__dx_json *doc, const cJSON *item,
                                const dmlp__type_info *info, const char *path, void *out)
{
    const char *text;
    size_t length;
    if (!cJSON_IsNumber(item))
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "must be an integer (%s)", info->name);
    if (!dmlp__dx_json_number_text(doc, item, &text, &length))
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "cannot read this number");
    bool negative = text[0] == '-';
    size_t i = negative ? 1 : 0;
    uint64_t magnitude = 0;
    bool overflow = false;
    if (i == length)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "'%.*s' is not a number", (int)length, text);
    for (; i < length; i++) {
        if (text[i] < '0' || text[i] > '9')
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, path,
                                 "%.*s is not an integer; %s takes integers only",
                                 (int)length, text, info->name);
        uint64_t digit = (uint64_t)(text[i] - '0');
        if (magnitude > (UINT64_MAX - digit) / 10)
            overflow = true;
        else
            magnitude = magnitude * 10 + digit;
    }
    unsigned bits = info->size * 8;
    uint64_t max_positive = info->kind == DMLP__KIND_UNSIGNED
                                ? (bits == 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1)
                                : (UINT64_C(1) << (bits - 1)) - 1;
    uint64_t max_negative = info->kind == DMLP__KIND_UNSIGNED ? 0 : UINT64_C(1) << (bits - 1);
    if (overflow || (negative ? magnitude > max_negative : magnitude > max_positive)) {
        if (info->kind == DMLP__KIND_UNSIGNED)
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, path,
                                 "%.*s is out of range for %s (0 to %llu)", (int)length, text,
                                 info->name, (unsigned long long)max_positive);
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "%.*s is out of range for %s (-%llu to %llu)",
                             (int)length, text, info->name, (unsigned long long)max_negative,
                             (unsigned long long)max_positive);
    }
    /* two's complement of the magnitude, in unsigned arithmetic */
    store_integer(info->size, negative ? (uint64_t)0 - magnitude : magnitude, out);
    return DMLP_OK;
}

dmlp_status dmlp__dx_read_element(const dmlp__dx_json *doc, const cJSON *item,
                                  DML_TENSOR_DATA_TYPE type, const char *path, void *out)
{
    const dmlp__type_info *info = dmlp__type_get(type);
    if (info->kind == DMLP__KIND_FLOAT)
        return dmlp__dx_read_float(item, type, path, out);
    return read_integer(doc, item, info, path, out);
}

/* ---- sequences ---------------------------------------------------------------------- */

static int64_t load_signed(const unsigned char *p, uint32_t size)
{
    int8_t a;
    int16_t b;
    int32_t c;
    int64_t d;
    switch (size) {
    case 1: memcpy(&a, p, 1); return a;
    case 2: memcpy(&b, p, 2); return b;
    case 4: memcpy(&c, p, 4); return c;
    default: memcpy(&d, p, 8); return d;
    }
}

static uint64_t load_unsigned(const unsigned char *p, uint32_t size)
{
    uint64_t v = 0;
    memcpy(&v, p, size); /* little-endian host */
    return v;
}

/* The float nearest to x with round-to-odd, so that rounding it once more to float16
   gives the correctly rounded result of x (float has 13 more significand bits). */
static float to_float_odd(double x)
{
    float f = (float)x;
    if ((double)f == x || isinf(f) || isnan(f))
        return f;
    uint32_t bits = dmlp__f32_bits(f);
    if (fabs((double)f) > fabs(x))
        bits--; /* step the magnitude back toward zero */
    return dmlp__f32_from_bits(bits | 1u);
}

/* Element i of a sequence: start, then each element is the previous plus delta in the
   element type. Integers must stay in range (no wraparound). */
static dmlp_status fill_sequence(const dmlp__type_info *info, const unsigned char *start,
                                 const unsigned char *delta, uint64_t count, const char *path,
                                 unsigned char *data)
{
    uint32_t size = info->size;
    if (info->type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        float v, d;
        memcpy(&v, start, 4);
        memcpy(&d, delta, 4);
        for (uint64_t i = 0; i < count; i++, v = v + d)
            memcpy(data + i * 4, &v, 4);
    } else if (info->type == DML_TENSOR_DATA_TYPE_FLOAT64) {
        double v, d;
        memcpy(&v, start, 8);
        memcpy(&d, delta, 8);
        for (uint64_t i = 0; i < count; i++, v = v + d)
            memcpy(data + i * 8, &v, 8);
    } else if (info->type == DML_TENSOR_DATA_TYPE_FLOAT16) {
        uint16_t v, d;
        memcpy(&v, start, 2);
        memcpy(&d, delta, 2);
        double dd = dmlp__f16_to_f32(d);
        for (uint64_t i = 0; i < count; i++) {
            memcpy(data + i * 2, &v, 2);
            /* the sum of two float16 values is exact in double */
            v = dmlp__f32_to_f16(to_float_odd((double)dmlp__f16_to_f32(v) + dd));
        }
    } else if (info->kind == DMLP__KIND_SIGNED) {
        int64_t v = load_signed(start, size), d = load_signed(delta, size);
        int64_t max = size == 8 ? INT64_MAX : (INT64_C(1) << (size * 8 - 1)) - 1;
        int64_t min = -max - 1;
        for (uint64_t i = 0; i < count; i++) {
            if (i > 0) {
                if ((d > 0 && v > max - d) || (d < 0 && v < min - d))
                    return dmlp__dx_fail(DMLP_ERROR_FORMAT, path,
                                         "element %llu of the sequence is out of range for %s "
                                         "(sequences do not wrap around)",
                                         (unsigned long long)i, info->name);
                v += d;
            }
            store_integer(size, (uint64_t)v, data + i * size);
        }
    } else {
        uint64_t v = load_unsigned(start, size), d = load_unsigned(delta, size);
        uint64_t max = size == 8 ? UINT64_MAX : (UINT64_C(1) << (size * 8)) - 1;
        for (uint64_t i = 0; i < count; i++) {
            if (i > 0) {
                if (v > max - d)
                    return dmlp__dx_fail(DMLP_ERROR_FORMAT, path,
                                         "element %llu of the sequence is out of range for %s "
                                         "(sequences do not wrap around)",
                                         (unsigned long long)i, info->name);
                v += d;
            }
            store_integer(size, v, data + i * size);
        }
    }
    return DMLP_OK;
}

/* ---- the forms ---------------------------------------------------------------------- */

static dmlp_status allocate(const dmlp__dx_parse_context *ctx, const char *path, uint64_t count,
                            uint32_t size, unsigned char **data, uint64_t *data_size)
{
    if (count == 0)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "the initial data is empty");
    uint64_t limit = ctx->options->max_buffer_bytes ? ctx->options->max_buffer_bytes
                                                    : (uint64_t)SIZE_MAX / 2;
    if (count > limit / size)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path,
                             "%llu elements of %u bytes are more than this reader allows "
                             "(%llu bytes)",
                             (unsigned long long)count, size, (unsigned long long)limit);
    /* the initial data lives until it is copied into its buffer (sizeInBytes, else the
       data rounded up to 4): both are checked before the data is made */
    uint64_t bytes = count * size, buffer = (bytes + 3) & ~UINT64_C(3);
    if (ctx->source_limit > buffer)
        buffer = ctx->source_limit;
    uint64_t used = *ctx->memory_used;
    dmlp_status s = dmlp__budget_take(&used, "the initial data with the buffer it fills",
                                      bytes + buffer);
    if (s != DMLP_OK) {
        dmlp__error_prefix(path);
        return s;
    }
    *data = calloc(1, (size_t)(count * size));
    if (!*data)
        return dmlp__dx_fail(DMLP_ERROR_OUT_OF_MEMORY, path, "out of memory for %llu bytes",
                             (unsigned long long)(count * size));
    *data_size = count * size;
    return DMLP_OK;
}

static dmlp_status number_array(const dmlp__dx_parse_context *ctx, const cJSON *values,
                                DML_TENSOR_DATA_TYPE type, const char *path,
                                unsigned char **data, uint64_t *data_size)
{
    uint32_t size = dmlp__type_size(type);
    uint64_t count = (uint64_t)cJSON_GetArraySize(values);
    dmlp_status s = allocate(ctx, path, count, size, data, data_size);
    if (s != DMLP_OK)
        return s;
    size_t i = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, values)
    {
        char p[DMLP__DX_PATH_MAX];
        dmlp__dx_path_index(p, path, i);
        s = dmlp__dx_read_element(ctx->doc, item, type, p, *data + i * size);
        if (s != DMLP_OK)
            return s;
        i++;
    }
    return DMLP_OK;
}

static dmlp_status typed_list(const dmlp__dx_parse_context *ctx, const cJSON *values,
                              const char *path, unsigned char **data, uint64_t *data_size)
{
    static const char *const members[] = {"type", "value", NULL};
    uint64_t count = (uint64_t)cJSON_GetArraySize(values);
    dmlp_status s = allocate(ctx, path, count, 8, data, data_size); /* at most 8 bytes each */
    if (s != DMLP_OK)
        return s;
    uint64_t used = 0;
    size_t i = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, values)
    {
        char p[DMLP__DX_PATH_MAX], q[DMLP__DX_PATH_MAX];
        DML_TENSOR_DATA_TYPE type = DML_TENSOR_DATA_TYPE_UNKNOWN;
        dmlp__dx_path_index(p, path, i++);
        if (!cJSON_IsObject(item))
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, p,
                                 "must be {\"type\": T, \"value\": v} (without "
                                 "initialValuesDataType the list is typed element by element)");
        if ((s = dmlp__dx_check_members(item, p, members)) != DMLP_OK)
            return s;
        dmlp__dx_path_key(q, p, "type");
        const cJSON *t = cJSON_GetObjectItemCaseSensitive(item, "type");
        if (!t)
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, q, "missing");
        if ((s = dmlp__dx_get_type(t, q, &type)) != DMLP_OK)
            return s;
        if (type == DML_TENSOR_DATA_TYPE_FLOAT16)
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, q, "FLOAT16 is not allowed in a typed list");
        dmlp__dx_path_key(q, p, "value");
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(item, "value");
        if (!v)
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, q, "missing");
        if ((s = dmlp__dx_read_element(ctx->doc, v, type, q, *data + used)) != DMLP_OK)
            return s;
        used += dmlp__type_size(type); /* packed back to back, no padding */
    }
    *data_size = used;
    return DMLP_OK;
}

static dmlp_status constant_or_sequence(const dmlp__dx_parse_context *ctx, const cJSON *values,
                                        DML_TENSOR_DATA_TYPE type, const char *path,
                                        unsigned char **data, uint64_t *data_size)
{
    static const char *const constant[] = {"valueCount", "value", NULL};
    static const char *const sequence[] = {"valueCount", "valueStart", "valueDelta", NULL};
    const cJSON *count_item = cJSON_GetObjectItemCaseSensitive(values, "valueCount");
    const cJSON *value = cJSON_GetObjectItemCaseSensitive(values, "value");
    bool is_sequence = !value && (cJSON_GetObjectItemCaseSensitive(values, "valueStart") ||
                                  cJSON_GetObjectItemCaseSensitive(values, "valueDelta"));
    dmlp_status s = dmlp__dx_check_members(values, path, is_sequence ? sequence : constant);
    if (s != DMLP_OK)
        return s;
    char p[DMLP__DX_PATH_MAX];
    dmlp__dx_path_key(p, path, "valueCount");
    if (!count_item)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "missing");
    uint64_t count;
    if ((s = dmlp__dx_get_uint(ctx->doc, count_item, p, UINT64_MAX, &count)) != DMLP_OK)
        return s;
    if (type == DML_TENSOR_DATA_TYPE_UNKNOWN)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path,
                             "initialValuesDataType is required for %s",
                             is_sequence ? "a sequence" : "a constant");
    if (count == 0)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "must be >= 1 (the initial data is empty)");
    const dmlp__type_info *info = dmlp__type_get(type);
    unsigned char first[8], delta[8];
    if (is_sequence) {
        const char *names[2] = {"valueStart", "valueDelta"};
        unsigned char *outs[2] = {first, delta};
        for (int k = 0; k < 2; k++) {
            dmlp__dx_path_key(p, path, names[k]);
            const cJSON *item = cJSON_GetObjectItemCaseSensitive(values, names[k]);
            if (!item)
                return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "missing");
            if ((s = dmlp__dx_read_element(ctx->doc, item, type, p, outs[k])) != DMLP_OK)
                return s;
        }
    } else {
        dmlp__dx_path_key(p, path, "value");
        if (!value)
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "missing");
        if ((s = dmlp__dx_read_element(ctx->doc, value, type, p, first)) != DMLP_OK)
            return s;
    }
    if ((s = allocate(ctx, path, count, info->size, data, data_size)) != DMLP_OK)
        return s;
    if (is_sequence)
        return fill_sequence(info, first, delta, count, path, *data);
    for (uint64_t i = 0; i < count; i++)
        memcpy(*data + i * info->size, first, info->size);
    return DMLP_OK;
}

dmlp_status dmlp__dx_parse_initial_values(const dmlp__dx_parse_context *ctx, const cJSON *values,
                                          DML_TENSOR_DATA_TYPE type, const char *path,
                                          DML_TENSOR_DATA_TYPE *data_type,
                                          unsigned char **data, uint64_t *data_size)
{
    *data = NULL;
    *data_size = 0;
    *data_type = type;
    if (cJSON_IsArray(values)) {
        if (type != DML_TENSOR_DATA_TYPE_UNKNOWN)
            return number_array(ctx, values, type, path, data, data_size);
        const cJSON *first = values->child;
        if (first && !cJSON_IsObject(first))
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, path,
                                 "initialValuesDataType is required for a list of numbers");
        return typed_list(ctx, values, path, data, data_size);
    }
    if (!cJSON_IsObject(values))
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path,
                             "must be an array, {valueCount, value}, {valueCount, valueStart, "
                             "valueDelta} or {sourcePath}");
    const cJSON *source = cJSON_GetObjectItemCaseSensitive(values, "sourcePath");
    if (source) {
        static const char *const members[] = {"sourcePath", NULL};
        char p[DMLP__DX_PATH_MAX];
        const char *name;
        dmlp_status s = dmlp__dx_check_members(values, path, members);
        dmlp__dx_path_key(p, path, "sourcePath");
        if (s == DMLP_OK)
            s = dmlp__dx_get_string(source, p, &name);
        if (s != DMLP_OK)
            return s;
        return dmlp__dx_read_source(ctx, name, type, p, data_type, data, data_size);
    }
    return constant_or_sequence(ctx, values, type, path, data, data_size);
}
