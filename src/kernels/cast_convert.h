/* Internal to src/kernels: Cast's conversion engine (docs/operators.md), for the
   reference kernel of each (input type, output type) pair (src/ops/cast.c), which calls
   dmlp__cast_run with both types constant so that each pair compiles to its own loop.
   Every element goes through one exact
   intermediate form, a sign and an integer magnitude times a power of two (or an
   infinity, or a NaN with its payload), so every pair is the same two steps: decode the
   input exactly, then round or truncate once to the output. No floating-point arithmetic
   is used, so the results cannot depend on the processor or its modes.

   Float outputs: round to nearest even from the exact value; past the largest finite
   value, infinity (float8: the largest finite value, or with CAST_NO_SATURATE NaN,
   E5M2 infinity); NaN keeps its sign and leading payload bits and is made quiet.
   Integer outputs: from an integer, the low bits (two's complement wrap); from a float,
   truncation toward zero, saturated to the type's range with NaN giving 0 (DirectML), or
   with CAST_ONNX the results of numpy's conversions on x86-64 (docs/onnx.md). With
   CAST_TO_BOOL the output is 1 where the input is not zero. The same type both sides is
   a copy. */
#ifndef DMLP_KERNELS_CAST_CONVERT_H
#define DMLP_KERNELS_CAST_CONVERT_H

#include <stdint.h>
#include <string.h>

#include "kernels/reference.h"
#include "platform/compiler.h"

/* ---- float formats ------------------------------------------------------------------- */

enum { IEEE, FN, FNUZ }; /* FN: no infinity, NaN = S.1111.111; FNUZ: no -0, NaN = 0x80 */

typedef struct format {
    int ebits, mbits, bias, kind, float8;
} format;

static const format F16 = {5, 10, 15, IEEE, 0};
static const format BF16 = {8, 7, 127, IEEE, 0};
static const format F32 = {8, 23, 127, IEEE, 0};
static const format F64 = {11, 52, 1023, IEEE, 0};
static const format E5M2 = {5, 2, 15, IEEE, 1};
static const format E4M3FN = {4, 3, 7, FN, 1};
static const format E4M3FNUZ = {4, 3, 8, FNUZ, 1};
static const format E5M2FNUZ = {5, 2, 16, FNUZ, 1};

static const format *float_format(DML_TENSOR_DATA_TYPE t)
{
    switch ((int)t) {
    case DML_TENSOR_DATA_TYPE_FLOAT16: return &F16;
    case DMLP_TENSOR_DATA_TYPE_BFLOAT16: return &BF16;
    case DML_TENSOR_DATA_TYPE_FLOAT32: return &F32;
    case DML_TENSOR_DATA_TYPE_FLOAT64: return &F64;
    case DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2: return &E5M2;
    case DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN: return &E4M3FN;
    case DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FNUZ: return &E4M3FNUZ;
    case DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2FNUZ: return &E5M2FNUZ;
    default: return NULL;
    }
}

/* Integer types: bits and signedness. */
static int int_bits(DML_TENSOR_DATA_TYPE t, int *is_signed)
{
    switch ((int)t) {
    case DML_TENSOR_DATA_TYPE_INT8: *is_signed = 1; return 8;
    case DML_TENSOR_DATA_TYPE_UINT8: *is_signed = 0; return 8;
    case DML_TENSOR_DATA_TYPE_INT16: *is_signed = 1; return 16;
    case DML_TENSOR_DATA_TYPE_UINT16: *is_signed = 0; return 16;
    case DML_TENSOR_DATA_TYPE_INT32: *is_signed = 1; return 32;
    case DML_TENSOR_DATA_TYPE_UINT32: *is_signed = 0; return 32;
    case DML_TENSOR_DATA_TYPE_INT64: *is_signed = 1; return 64;
    default: *is_signed = 0; return 64; /* UINT64 */
    }
}

/* ---- the exact intermediate value ---------------------------------------------------- */

enum { NUM, INF, NOT_A_NUMBER };

typedef struct value {
    int kind;
    int neg;
    uint64_t mag;     /* NUM: the value is (neg ? -1 : 1) * mag * 2^exp, exactly */
    int exp;
    uint64_t payload; /* NOT_A_NUMBER: the fraction bits, left-aligned in 64 bits */
    int from_int;
} value;

static uint64_t low_mask(int bits)
{
    return bits >= 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1;
}

static value decode_float(uint64_t x, const format *f)
{
    value v = {NUM, 0, 0, 0, 0, 0};
    uint64_t top = low_mask(f->ebits);
    uint64_t e = (x >> f->mbits) & top, m = x & low_mask(f->mbits);
    v.neg = (int)((x >> (f->ebits + f->mbits)) & 1);
    if ((f->kind == FNUZ && x == (uint64_t)1 << (f->ebits + f->mbits)) ||
        (f->kind == FN && e == top && m == low_mask(f->mbits)) ||
        (f->kind == IEEE && e == top && m != 0)) {
        v.kind = NOT_A_NUMBER;
        v.payload = f->kind == IEEE ? m << (64 - f->mbits) : 0;
        if (f->kind == FNUZ)
            v.neg = 0; /* 0x80 is the one NaN: it has no sign */
        return v;
    }
    if (f->kind == IEEE && e == top) {
        v.kind = INF;
        return v;
    }
    v.mag = e ? m | (uint64_t)1 << f->mbits : m;
    v.exp = (e ? (int)e : 1) - f->bias - f->mbits;
    return v;
}

static value decode_int(uint64_t x, int bits, int is_signed)
{
    value v = {NUM, 0, 0, 0, 0, 1};
    x &= low_mask(bits);
    if (is_signed && bits < 64 && (x >> (bits - 1)))
        x |= ~low_mask(bits); /* sign-extend */
    v.neg = is_signed && (x >> 63);
    v.mag = v.neg ? 0 - x : x;
    return v;
}

/* ---- float outputs ------------------------------------------------------------------- */

static uint64_t float_max(const format *f)
{
    uint64_t top = low_mask(f->ebits), mant = low_mask(f->mbits);
    if (f->kind == IEEE)
        return ((top - 1) << f->mbits) | mant;
    return (top << f->mbits) | (f->kind == FN ? mant - 1 : mant);
}

static uint64_t float_nan(const format *f, int neg, uint64_t payload)
{
    uint64_t sign = (uint64_t)neg << (f->ebits + f->mbits);
    if (f->kind == FNUZ)
        return (uint64_t)1 << (f->ebits + f->mbits);
    if (f->kind == FN)
        return sign | low_mask(f->ebits + f->mbits);
    uint64_t quiet = (uint64_t)1 << (f->mbits - 1);
    return sign | (low_mask(f->ebits) << f->mbits) | (payload >> (64 - f->mbits)) | quiet;
}

/* Past the largest finite value: infinity, or for float8 the largest finite value
   (saturate) or NaN (E5M2: infinity). */
static uint64_t float_overflow(const format *f, int neg, uint32_t flags)
{
    uint64_t sign = (uint64_t)neg << (f->ebits + f->mbits);
    if (f->float8 && !(flags & DMLP_EXECUTION_FLAG_CAST_NO_SATURATE))
        return sign | float_max(f);
    if (f->kind == IEEE)
        return sign | (low_mask(f->ebits) << f->mbits);
    return float_nan(f, neg, 0);
}

static uint64_t encode_float(value v, const format *f, uint32_t flags)
{
    uint64_t sign = (uint64_t)v.neg << (f->ebits + f->mbits);
    if (v.kind == NOT_A_NUMBER)
        return float_nan(f, v.neg, v.payload);
    if (v.kind == INF) /* ONNX's table: the FNUZ types give NaN even when saturating */
        return f->kind == FNUZ ? float_nan(f, v.neg, 0) : float_overflow(f, v.neg, flags);
    if (v.mag == 0)
        return f->kind == FNUZ ? 0 : sign;
    int emin = 1 - f->bias;              /* the smallest normal exponent */
    int lead = dmlp__msb64(v.mag) + v.exp;       /* the exponent of the leading bit */
    int q = (lead > emin ? lead : emin) - f->mbits; /* the exponent of the last kept bit */
    int shift = q - v.exp;               /* low bits of mag to drop */
    uint64_t r;
    if (shift <= 0) {
        r = v.mag << -shift; /* exact: fits in mbits + 1 bits */
    } else {
        uint64_t kept = shift >= 64 ? 0 : v.mag >> shift;
        uint64_t rest = shift >= 64 ? v.mag : v.mag & low_mask(shift);
        int above_half, at_half;
        if (shift > 64) {
            above_half = 0, at_half = 0; /* rest < 2^64 <= half */
        } else {
            uint64_t half = (uint64_t)1 << (shift - 1);
            above_half = rest > half;
            at_half = rest == half;
        }
        r = kept + (above_half || (at_half && (kept & 1)));
    }
    if (r >> (f->mbits + 1)) { /* the rounding carried into a new leading bit */
        r >>= 1;
        q++;
    }
    if (r == 0)
        return f->kind == FNUZ ? 0 : sign;
    uint64_t bits;
    if (r >> f->mbits) { /* normal */
        int64_t biased = (int64_t)q + f->mbits + f->bias;
        if (biased > (int64_t)low_mask(f->ebits))
            return float_overflow(f, v.neg, flags);
        bits = ((uint64_t)biased << f->mbits) | (r & low_mask(f->mbits));
    } else {
        bits = r; /* subnormal: exponent field 0 */
    }
    if ((bits & ~sign) > float_max(f))
        return float_overflow(f, v.neg, flags);
    return sign | bits;
}

/* ---- integer outputs ----------------------------------------------------------------- */

/* |v| truncated toward zero; *big when it is 2^64 or more. */
static uint64_t truncated(value v, int *big)
{
    *big = 0;
    if (v.exp >= 0) {
        if (v.exp >= 64 || (v.exp && (v.mag >> (64 - v.exp)))) {
            *big = 1;
            return UINT64_MAX;
        }
        return v.mag << v.exp;
    }
    return v.exp <= -64 ? 0 : v.mag >> -v.exp;
}

/* DirectML: NaN gives 0, everything else saturates to the range. */
static uint64_t saturate(value v, int bits, int is_signed)
{
    uint64_t max = is_signed ? low_mask(bits - 1) : low_mask(bits);
    uint64_t min_mag = is_signed ? (uint64_t)1 << (bits - 1) : 0; /* |minimum| */
    if (v.kind == NOT_A_NUMBER)
        return 0;
    int big = v.kind == INF;
    uint64_t t = big ? UINT64_MAX : truncated(v, &big);
    if (v.neg) {
        if (big || t > min_mag)
            t = min_mag;
        return (0 - t) & low_mask(bits);
    }
    return big || t > max ? max : t;
}

/* x86-64's truncating conversion to an n-bit signed integer (cvttss2si and kin): NaN
   and values outside the range give the "integer indefinite" 2^(n-1). */
static uint64_t x86_convert(value v, int n)
{
    uint64_t indefinite = (uint64_t)1 << (n - 1);
    if (v.kind != NUM)
        return indefinite;
    int big;
    uint64_t t = truncated(v, &big);
    if (v.neg)
        return big || t > indefinite ? indefinite : (0 - t) & low_mask(n);
    return big || t >= indefinite ? indefinite : t;
}

/* ONNX's reference evaluator (numpy's astype) on x86-64, docs/onnx.md. */
static uint64_t numpy_x86(value v, int bits, int is_signed, int from_f16)
{
    if (bits == 64 && is_signed)
        return x86_convert(v, 64);
    if (bits == 64 || (bits == 32 && !is_signed && !from_f16)) {
        /* unsigned: values from 2^(n-1) on are converted after subtracting 2^(n-1) */
        uint64_t half = (uint64_t)1 << (bits - 1);
        int big = 0;
        uint64_t t = v.kind == NUM && !v.neg ? truncated(v, &big) : 0;
        if (v.kind == INF && !v.neg)
            return 0;
        if (v.kind == NUM && !v.neg && (big || t >= half))
            return big || (t - half) >= half ? 0 : t;
        return x86_convert(v, bits);
    }
    if (bits == 32 && !is_signed) /* float16 goes through a 64-bit conversion */
        return x86_convert(v, 64) & low_mask(32);
    return x86_convert(v, 32) & low_mask(bits);
}

static uint64_t encode_int(value v, int bits, int is_signed, uint32_t flags, int from_f16)
{
    if (flags & DMLP_EXECUTION_FLAG_CAST_TO_BOOL)
        return v.kind != NUM || v.mag != 0;
    if (v.from_int)
        return (v.neg ? 0 - v.mag : v.mag) & low_mask(bits);
    if (flags & DMLP_EXECUTION_FLAG_CAST_ONNX)
        return numpy_x86(v, bits, is_signed, from_f16);
    return saturate(v, bits, is_signed);
}

/* ---- the kernels --------------------------------------------------------------------- */

static uint64_t load(const unsigned char *p, size_t size)
{
    uint8_t b;
    uint16_t h;
    uint32_t w;
    uint64_t d;
    switch (size) {
    case 1: memcpy(&b, p, 1); return b;
    case 2: memcpy(&h, p, 2); return h;
    case 4: memcpy(&w, p, 4); return w;
    default: memcpy(&d, p, 8); return d;
    }
}

static void store(unsigned char *p, size_t size, uint64_t x)
{
    uint8_t b = (uint8_t)x;
    uint16_t h = (uint16_t)x;
    uint32_t w = (uint32_t)x;
    switch (size) {
    case 1: memcpy(p, &b, 1); break;
    case 2: memcpy(p, &h, 2); break;
    case 4: memcpy(p, &w, 4); break;
    default: memcpy(p, &x, 8); break;
    }
}

static inline void dmlp__cast_run(size_t n, const void *in, void *out, DML_TENSOR_DATA_TYPE it,
                            DML_TENSOR_DATA_TYPE ot, size_t in_size, size_t out_size,
                            const dmlp__kernel_args *args)
{
    uint32_t flags = args->cast;
    if (it == ot && !(flags & DMLP_EXECUTION_FLAG_CAST_TO_BOOL)) {
        if (n && in != out)
            memmove(out, in, n * in_size);
        return;
    }
    const unsigned char *src = in;
    unsigned char *dst = out;
    const format *fin = float_format(it), *fout = float_format(ot);
    int in_signed, out_signed;
    int in_bits = int_bits(it, &in_signed), out_bits = int_bits(ot, &out_signed);
    int from_f16 = it == DML_TENSOR_DATA_TYPE_FLOAT16;
    for (size_t i = 0; i < n; i++) {
        uint64_t x = load(src + i * in_size, in_size);
        value v = fin ? decode_float(x, fin) : decode_int(x, in_bits, in_signed);
        uint64_t y = fout && !(flags & DMLP_EXECUTION_FLAG_CAST_TO_BOOL)
                         ? encode_float(v, fout, flags)
                         : encode_int(v, out_bits, out_signed, flags, from_f16);
        store(dst + i * out_size, out_size, y);
    }
}

#endif
