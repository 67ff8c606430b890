/* DML_SCALAR_UNION members as element bits (scalar.h). */
#include "core/scalar.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/types.h"
#include "numeric/fp_convert.h"

uint64_t dmlp__scalar_load(DML_TENSOR_DATA_TYPE type, const DML_SCALAR_UNION *s)
{
    switch ((int)type) {
    case DML_TENSOR_DATA_TYPE_INT8: return (uint8_t)s->Int8;
    case DML_TENSOR_DATA_TYPE_UINT8: return s->UInt8;
    case DML_TENSOR_DATA_TYPE_INT16: return (uint16_t)s->Int16;
    case DML_TENSOR_DATA_TYPE_UINT16:
    case DML_TENSOR_DATA_TYPE_FLOAT16:
    case DMLP_TENSOR_DATA_TYPE_BFLOAT16: return s->UInt16;
    case DML_TENSOR_DATA_TYPE_INT32: return (uint32_t)s->Int32;
    case DML_TENSOR_DATA_TYPE_UINT32: return s->UInt32;
    case DML_TENSOR_DATA_TYPE_INT64: return (uint64_t)s->Int64;
    case DML_TENSOR_DATA_TYPE_UINT64: return s->UInt64;
    case DML_TENSOR_DATA_TYPE_FLOAT32: return dmlp__f32_bits(s->Float32);
    case DML_TENSOR_DATA_TYPE_FLOAT64: return dmlp__f64_bits(s->Float64);
    default: return 0;
    }
}

void dmlp__scalar_store(DML_TENSOR_DATA_TYPE type, uint64_t bits, DML_SCALAR_UNION *s)
{
    memset(s, 0, sizeof *s);
    switch ((int)type) {
    case DML_TENSOR_DATA_TYPE_INT8: s->Int8 = (int8_t)(uint8_t)bits; break;
    case DML_TENSOR_DATA_TYPE_UINT8: s->UInt8 = (uint8_t)bits; break;
    case DML_TENSOR_DATA_TYPE_INT16: s->Int16 = (int16_t)(uint16_t)bits; break;
    case DML_TENSOR_DATA_TYPE_UINT16:
    case DML_TENSOR_DATA_TYPE_FLOAT16:
    case DMLP_TENSOR_DATA_TYPE_BFLOAT16: s->UInt16 = (uint16_t)bits; break;
    case DML_TENSOR_DATA_TYPE_INT32: s->Int32 = (int32_t)(uint32_t)bits; break;
    case DML_TENSOR_DATA_TYPE_UINT32: s->UInt32 = (uint32_t)bits; break;
    case DML_TENSOR_DATA_TYPE_INT64: s->Int64 = (int64_t)bits; break;
    case DML_TENSOR_DATA_TYPE_UINT64: s->UInt64 = bits; break;
    case DML_TENSOR_DATA_TYPE_FLOAT32: s->Float32 = dmlp__f32_from_bits((uint32_t)bits); break;
    case DML_TENSOR_DATA_TYPE_FLOAT64: s->Float64 = dmlp__f64_from_bits(bits); break;
    default: break;
    }
}

/* The range of an integer type as [lo, hi] with lo as a signed and hi as an unsigned. */
static void int_range(const dmlp__type_info *t, int64_t *lo, uint64_t *hi)
{
    unsigned bits = 8 * t->size;
    if (t->kind == DMLP__KIND_UNSIGNED) {
        *lo = 0;
        *hi = bits == 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
    } else {
        *lo = bits == 64 ? INT64_MIN : -(INT64_C(1) << (bits - 1));
        *hi = (UINT64_C(1) << (bits - 1)) - 1;
    }
}

static uint64_t mask(const dmlp__type_info *t, uint64_t bits)
{
    return t->size == 8 ? bits : bits & ((UINT64_C(1) << (8 * t->size)) - 1);
}

/* d rounded once to a 16-bit float type: to binary32 rounding to odd (the truncation
   with its last bit set when inexact), which then rounds to nearest even correctly. */
static uint16_t round16(double d, bool bf16)
{
    float f = (float)d;
    if (!isnan(d) && (double)f != d && !isinf(d)) {
        if (fabs((double)f) > fabs(d))
            f = nextafterf(f, 0.0f);
        f = dmlp__f32_from_bits(dmlp__f32_bits(f) | 1u);
    }
    return bf16 ? dmlp__f32_to_bf16(f) : dmlp__f32_to_f16(f);
}

static uint64_t float_bits(DML_TENSOR_DATA_TYPE type, double d)
{
    switch ((int)type) {
    case DML_TENSOR_DATA_TYPE_FLOAT64: return dmlp__f64_bits(d);
    case DML_TENSOR_DATA_TYPE_FLOAT32: return dmlp__f32_bits((float)d);
    case DML_TENSOR_DATA_TYPE_FLOAT16: return round16(d, false);
    default: return round16(d, true);
    }
}

bool dmlp__scalar_parse(DML_TENSOR_DATA_TYPE type, const char *text, uint64_t *bits,
                        char *why, size_t capacity)
{
    const dmlp__type_info *t = dmlp__type_get(type);
    if (!t || t->size > 8 || (t->kind == DMLP__KIND_FLOAT && t->size == 1)) {
        snprintf(why, capacity, "DML_SCALAR_UNION holds no %s", t ? t->name : "such type");
        return false;
    }
    double d = 0;
    bool special = strcasecmp(text, "nan") == 0 || strcasecmp(text, "inf") == 0 ||
                   strcasecmp(text, "-inf") == 0 || strcasecmp(text, "+inf") == 0;
    char *end = NULL;
    if (special) {
        d = text[0] == 'n' || text[0] == 'N' ? NAN : text[0] == '-' ? -INFINITY : INFINITY;
    } else {
        errno = 0;
        d = strtod(text, &end);
        if (end == text || *end || isnan(d) || isinf(d)) {
            snprintf(why, capacity, "'%s' is not a number", text);
            return false;
        }
    }
    if (t->kind == DMLP__KIND_FLOAT) {
        *bits = float_bits(type, d);
        return true;
    }
    int64_t lo;
    uint64_t hi;
    int_range(t, &lo, &hi);
    if (isinf(d)) { /* the type's end: a bound that bounds nothing */
        *bits = mask(t, d < 0 ? (uint64_t)lo : hi);
        return true;
    }
    if (isnan(d)) {
        snprintf(why, capacity, "nan is not a value of %s", t->name);
        return false;
    }
    /* a sign and digits: exactly; anything else through its binary64 value */
    const char *p = text + (text[0] == '-' || text[0] == '+');
    bool digits = *p != '\0' && strspn(p, "0123456789") == strlen(p);
    bool negative = text[0] == '-';
    uint64_t magnitude = 0;
    bool overflow = false;
    if (digits) {
        for (; *p; p++) {
            uint64_t digit = (uint64_t)(*p - '0');
            if (magnitude > (UINT64_MAX - digit) / 10)
                overflow = true;
            else
                magnitude = magnitude * 10 + digit;
        }
    } else {
        if (d != floor(d)) {
            snprintf(why, capacity, "%s is not an integer, and %s holds integers", text, t->name);
            return false;
        }
        negative = d < 0;
        double a = fabs(d);
        overflow = a >= 0x1p64;
        magnitude = overflow ? 0 : (uint64_t)a;
    }
    uint64_t limit = negative ? (uint64_t)0 - (uint64_t)lo : hi;
    if (negative && lo == 0 && magnitude == 0)
        limit = 0; /* -0 of an unsigned type is 0 */
    if (overflow || magnitude > limit) {
        snprintf(why, capacity, "%s is out of range for %s (%" PRId64 " to %" PRIu64 ")", text,
                 t->name, lo, hi);
        return false;
    }
    *bits = mask(t, negative ? (uint64_t)0 - magnitude : magnitude);
    return true;
}

uint64_t dmlp__scalar_from_float(DML_TENSOR_DATA_TYPE type, float value)
{
    const dmlp__type_info *t = dmlp__type_get(type);
    if (!t)
        return 0;
    if (t->kind == DMLP__KIND_FLOAT)
        return float_bits(type, (double)value);
    int64_t lo;
    uint64_t hi;
    int_range(t, &lo, &hi);
    double d = (double)value;
    if (d != d)
        return 0;
    if (d <= (double)lo)
        return mask(t, (uint64_t)lo);
    if (d >= (double)hi)
        return mask(t, hi);
    return mask(t, d < 0 ? (uint64_t)(int64_t)d : (uint64_t)d);
}

const char *dmlp__scalar_text(DML_TENSOR_DATA_TYPE type, uint64_t bits, char *text,
                              size_t capacity)
{
    const dmlp__type_info *t = dmlp__type_get(type);
    if (!t) {
        snprintf(text, capacity, "0x%" PRIx64, bits);
    } else if (t->kind == DMLP__KIND_UNSIGNED) {
        snprintf(text, capacity, "%" PRIu64, bits);
    } else if (t->kind == DMLP__KIND_SIGNED) {
        uint64_t top = UINT64_C(1) << (8 * t->size - 1);
        int64_t v = t->size == 8 ? (int64_t)bits : (int64_t)((bits ^ top) - top);
        snprintf(text, capacity, "%" PRId64, v);
    } else {
        double d = type == DML_TENSOR_DATA_TYPE_FLOAT64   ? dmlp__f64_from_bits(bits)
                   : type == DML_TENSOR_DATA_TYPE_FLOAT32 ? dmlp__f32_from_bits((uint32_t)bits)
                   : type == DML_TENSOR_DATA_TYPE_FLOAT16 ? dmlp__f16_to_f32((uint16_t)bits)
                                                          : dmlp__bf16_to_f32((uint16_t)bits);
        snprintf(text, capacity, "%.17g", d);
    }
    return text;
}
