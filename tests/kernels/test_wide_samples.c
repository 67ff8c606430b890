/* test_wide_samples: every one- and two-input reference kernel of FLOAT32, FLOAT64, INT32,
   UINT32, INT64 and UINT64 against a model written here from docs/operators.md, bit for
   bit (NaNs included: their bits are the documented rule, not "any NaN").

     test_wide_samples [COUNT [ROW...]]   COUNT samples per row and rule (default below;
                                          `make test-wide` runs 10^7), only the rows named
                                          (f32_add, u64_clip ...) when some are

   The rows come from kernel_list.inc (DMLP__KERNEL_ROW: the operator table that
   dmlp__reference_kernel reads; Cast's DMLP__CONVERT_ROW rows are not in it) and from
   binary_kernel_list.inc, so a row of these types without a model here is a failure, not
   a gap. Each row runs once per rule it has (NaN rule, output width, shift rule, rounding
   mode, IsInfinity mode) and per parameter set (Clip's bounds, LeakyRelu's Alpha, a
   ScaleBias ..., awkward ones among them: -0, NaN, huge, subnormal). Each rule sees:
     - the type's edge values (two inputs: every pair of them);
     - COUNT samples drawn with a fixed seed from a mix that hits the interesting regions:
       uniform bit patterns, small integers and halves, values next to the type's limits,
       next to powers of two, subnormals, +-0, +-inf, NaNs with payloads (quiet and
       signalling), moderate magnitudes; two inputs also as related pairs (equal, negated,
       a few ulps apart, A near an integer multiple of B and the converse, small shift
       counts);
     - two inputs: some of the samples again with A, then B, one broadcast element.
   A job (row and rule) prints its samples, mismatches and seconds; jobs are shared out
   among one thread per online CPU, each with its own seed, so a run gives the same
   values whatever the thread count.

   The models: floats decoded exactly; f32 operations in binary64 and f64 ones in binary128
   (test_quad.h), each rounded once by the C conversion to the type, which rounds to
   nearest even (test_wide_samples_float.inc says why that is the correctly rounded
   result); square roots, remainders and rounding to integers by integer arithmetic on the
   encodings; comparisons, min and max on the encodings as signed magnitudes. Integers in
   __int128 with the documented wrap, truncation and saturation. The model calls nothing
   of the library's but the kernels under test. */
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kernels/kernels.h"
#include "test_quad.h"
#include "test_reference_oracle.h"

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF /* the build passes -ffp-contract=off as well */
#endif

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the test packs elements as little-endian bytes"
#endif

/* Fewer samples under qemu and under AddressSanitizer, whose pass looks for memory
   errors; the release build keeps the numerical sampling. */
#if defined(DMLP_TEST_EMULATED) || defined(SANITIZED)
#define DEFAULT_COUNT 2000u
#else
#define DEFAULT_COUNT 20000u
#endif

__extension__ typedef __int128 i128;
__extension__ typedef unsigned __int128 u128;

#define EW(x) DML_OPERATOR_ELEMENT_WISE_##x
#define ACT(x) DML_OPERATOR_ACTIVATION_##x

/* The models, one per operator (its rules and parameters are in the job's arguments). */
typedef enum model {
    M_NONE,
    /* two inputs */
    M_ADD, M_SUB, M_MUL, M_DIV, M_ADD1, M_MAX, M_MIN, M_MEAN, M_DIFFSQ, M_PRELU, M_FMOD,
    M_MOD, M_GT, M_EQ, M_LT, M_GE, M_LE, M_BIT_AND, M_BIT_OR, M_BIT_XOR, M_AND, M_OR,
    M_XOR, M_SHL, M_SHR, M_RELU_GRAD, M_CLIP_GRAD, M_CLIP_GRAD1,
    /* one input */
    M_SIGN, M_SOFTSIGN, M_ISINF, M_ISNAN, M_IDENTITY, M_ABS, M_NEGATE, M_NOT, M_CEIL,
    M_FLOOR, M_ROUND, M_RELU, M_BIT_NOT, M_BIT_COUNT, M_LEAKY_RELU, M_LINEAR,
    M_THRESHOLDED_RELU, M_HARD_SIGMOID, M_SHRINK, M_HARD_SWISH, M_THRESHOLD, M_CLIP,
    M_CLIP1, M_RECIP, M_SQRT, M_ACT_IDENTITY
} model;

#define MODEL_NONE UINT64_C(0xdeadbeefdeadbeef) /* no model: every sample a mismatch */

/* ---- The types ---- */

typedef enum kind { K_F32, K_F64, K_I32, K_U32, K_I64, K_U64, K_OTHER } kind;

static kind kind_of(DML_TENSOR_DATA_TYPE t)
{
    switch ((int)t) {
    case DML_TENSOR_DATA_TYPE_FLOAT32: return K_F32;
    case DML_TENSOR_DATA_TYPE_FLOAT64: return K_F64;
    case DML_TENSOR_DATA_TYPE_INT32: return K_I32;
    case DML_TENSOR_DATA_TYPE_UINT32: return K_U32;
    case DML_TENSOR_DATA_TYPE_INT64: return K_I64;
    case DML_TENSOR_DATA_TYPE_UINT64: return K_U64;
    default: return K_OTHER;
    }
}

static const char *const kind_names[] = {"f32", "f64", "i32", "u32", "i64", "u64", "?"};

static int is_float(kind k) { return k == K_F32 || k == K_F64; }
static int width(kind k) { return k == K_F32 || k == K_I32 || k == K_U32 ? 32 : 64; }
static uint64_t mask(kind k) { return width(k) == 32 ? UINT64_C(0xffffffff) : UINT64_MAX; }

/* An integer element's value in its own signedness. */
static i128 ival(kind k, uint64_t bits)
{
    if (k == K_I32)
        return (int32_t)(uint32_t)bits;
    if (k == K_I64)
        return (int64_t)bits;
    return (i128)(bits & mask(k));
}

static uint64_t wrap(kind k, i128 v)
{
    return (uint64_t)(u128)v & mask(k);
}

static i128 int_min(kind k)
{
    return k == K_I32 ? (i128)INT32_MIN : k == K_I64 ? (i128)INT64_MIN : 0;
}

static i128 int_max(kind k)
{
    switch (k) {
    case K_I32: return INT32_MAX;
    case K_U32: return UINT32_MAX;
    case K_I64: return INT64_MAX;
    default: return (i128)UINT64_MAX;
    }
}

/* A float format by its fields. */
typedef struct ffmt {
    int ebits, mbits, bias;
    uint64_t sign, inf, quiet, dnan, one;
} ffmt;

static const ffmt FMT32 = {8, 23, 127, 0x80000000u, 0x7f800000u, 0x00400000u, 0x7fc00000u,
                           0x3f800000u};
static const ffmt FMT64 = {11, 52, 1023, UINT64_C(0x8000000000000000),
                           UINT64_C(0x7ff0000000000000), UINT64_C(0x0008000000000000),
                           UINT64_C(0x7ff8000000000000), UINT64_C(0x3ff0000000000000)};

static const ffmt *fmt_of(kind k) { return k == K_F32 ? &FMT32 : &FMT64; }
static int fnan(uint64_t x, const ffmt *f) { return (x & ~f->sign) > f->inf; }
static int finf(uint64_t x, const ffmt *f) { return (x & ~f->sign) == f->inf; }
static int fneg(uint64_t x, const ffmt *f) { return (x & f->sign) != 0; }
static int fzero(uint64_t x, const ffmt *f) { return (x & ~f->sign) == 0; }

/* The order of the values (not NaN) as integers: -0 and +0 alike (compare) or -0 just
   below +0 (key_total, for min and max). */
static i128 key(uint64_t x, const ffmt *f)
{
    i128 m = (i128)(x & ~f->sign);
    return fneg(x, f) ? -m : m;
}

static i128 key_total(uint64_t x, const ffmt *f)
{
    i128 m = (i128)(x & ~f->sign);
    return fneg(x, f) ? -m - 1 : m;
}

/* f32 in binary64, f64 in binary128: exact decoding, one rounding back. */
static double val32(uint64_t b)
{
    uint32_t u = (uint32_t)b;
    float v;
    memcpy(&v, &u, sizeof v);
    return (double)v;
}

static uint64_t rnd32(double w)
{
    if (w != w)
        return FMT32.dnan;
    float v = (float)w;
    uint32_t u;
    memcpy(&u, &v, sizeof u);
    return u;
}

static quad val64(uint64_t b)
{
    double v;
    memcpy(&v, &b, sizeof v);
    return (quad)v;
}

static uint64_t rnd64(quad w)
{
    if (w != w)
        return FMT64.dnan;
    double v = (double)w;
    uint64_t u;
    memcpy(&u, &v, sizeof u);
    return u;
}

static uint64_t f32_bits(float v)
{
    uint32_t u;
    memcpy(&u, &v, sizeof u);
    return u;
}

static uint64_t f64_bits(double v)
{
    uint64_t u;
    memcpy(&u, &v, sizeof u);
    return u;
}

/* A FLOAT member (descriptor parameter) in the type: f32 as it is, f64 widened exactly. */
static uint64_t param_bits(float p, kind k)
{
    return k == K_F32 ? f32_bits(p) : f64_bits((double)p);
}

#define NAME(x) x##_f32
#define W double
#define F (&FMT32)
#define VAL val32
#define RND rnd32
#include "test_wide_samples_float.inc"
#undef NAME
#undef W
#undef F
#undef VAL
#undef RND
#define NAME(x) x##_f64
#define W quad
#define F (&FMT64)
#define VAL val64
#define RND rnd64
#include "test_wide_samples_float.inc"
#undef NAME
#undef W
#undef F
#undef VAL
#undef RND

/* ---- Integer code on the encodings ---- */

/* A finite encoding's magnitude as m * 2^e, m an integer below 2^(mbits + 1). */
static void split(uint64_t x, const ffmt *f, uint64_t *m, int *e)
{
    int field = (int)((x >> f->mbits) & ((UINT64_C(1) << f->ebits) - 1));
    *m = (x & ((UINT64_C(1) << f->mbits) - 1)) | (field ? UINT64_C(1) << f->mbits : 0);
    *e = (field ? field : 1) - f->bias - f->mbits;
}

static int top_bit(u128 r)
{
    int h = -1;
    while (r) {
        r >>= 1;
        h++;
    }
    return h;
}

/* The encoding of r * 2^scale, which must be a value of the format (r < 2^120). */
static uint64_t encode(u128 r, int scale, int negative, const ffmt *f)
{
    uint64_t sign = negative ? f->sign : 0;
    if (r == 0)
        return sign;
    int h = top_bit(r), e = h + scale, emin = 1 - f->bias;
    if (e >= emin) {
        u128 m = h > f->mbits ? r >> (h - f->mbits) : r << (f->mbits - h);
        if (e > f->bias)
            return sign | f->inf; /* not reached for the values given */
        return sign | ((uint64_t)(e + f->bias) << f->mbits) |
               ((uint64_t)m & ((UINT64_C(1) << f->mbits) - 1));
    }
    int q = emin - f->mbits; /* the subnormal quantum's exponent */
    u128 m = scale >= q ? r << (scale - q) : r >> (q - scale);
    return sign | (uint64_t)m;
}

/* 2^d mod n (n < 2^53). */
static u128 pow2_mod(int d, u128 n)
{
    u128 result = 1 % n, base = 2 % n;
    while (d) {
        if (d & 1)
            result = result * base % n;
        base = base * base % n;
        d >>= 1;
    }
    return result;
}

/* C's fmod of two finite encodings, b nonzero: exact, on the integers of split(). */
static uint64_t fmod_bits(uint64_t a, uint64_t b, const ffmt *f)
{
    if (fzero(a, f))
        return a;
    uint64_t mx, my;
    int ex, ey, scale;
    u128 r;
    split(a, f, &mx, &ex);
    split(b, f, &my, &ey);
    if (ex >= ey) { /* mx * 2^(ex - ey) mod my, on the grid of 2^ey */
        r = ((u128)mx % my) * pow2_mod(ex - ey, my) % my;
        scale = ey;
    } else if (ey - ex <= f->mbits + 1) { /* mx mod (my * 2^(ey - ex)), on 2^ex's grid */
        r = (u128)mx % ((u128)my << (ey - ex));
        scale = ex;
    } else { /* |x| < 2^(mbits + 1) * 2^ex <= |y| */
        r = mx;
        scale = ex;
    }
    return encode(r, scale, fneg(a, f), f);
}

/* The square root of a positive finite nonzero encoding, rounded to nearest (a tie is
   impossible): the integer root of m * 2^s scaled to 2p bits. */
static uint64_t sqrt_bits(uint64_t x, const ffmt *f)
{
    uint64_t m;
    int e, p = f->mbits + 1;
    split(x, f, &m, &e);
    while (!(m >> f->mbits)) { /* subnormal: normalize */
        m <<= 1;
        e--;
    }
    int s = ((e - (p - 1)) & 1) ? p : p - 1; /* N = m * 2^s in [2^(2p-2), 2^(2p)), e - s even */
    u128 n = (u128)m << s, root = 0, bit = (u128)1 << 126;
    while (bit > n)
        bit >>= 2;
    while (bit) {
        if (n >= root + bit) {
            n -= root + bit;
            root = (root >> 1) + bit;
        } else {
            root >>= 1;
        }
        bit >>= 2;
    }
    if (n > root) /* N - r^2 > r: sqrt(N) > r + 1/2 */
        root++;
    return encode(root, (e - s) / 2, 0, f);
}

/* IEEE 754's roundToIntegral: 0 ties to even, 1 toward zero, 2 ties away (DirectML's
   DML_ROUNDING_MODE order), 3 toward +inf (Ceil), 4 toward -inf (Floor). */
static uint64_t round_bits(uint64_t x, const ffmt *f, int mode)
{
    if (fnan(x, f))
        return x | f->quiet;
    int field = (int)((x >> f->mbits) & ((UINT64_C(1) << f->ebits) - 1));
    if (finf(x, f) || fzero(x, f) || field >= f->bias + f->mbits)
        return x;
    uint64_t m;
    int e;
    split(x, f, &m, &e);
    int neg = fneg(x, f), shift = -e;
    uint64_t ip, rest, half;
    if (shift >= 64) { /* below 2^-10: a nonzero fraction below one half */
        ip = 0;
        rest = 1;
        half = 2;
    } else {
        ip = m >> shift;
        rest = m & ((UINT64_C(1) << shift) - 1);
        half = UINT64_C(1) << (shift - 1);
    }
    int up;
    switch (mode) {
    case 0: up = rest > half || (rest == half && (ip & 1)); break;
    case 1: up = 0; break;
    case 2: up = rest >= half; break;
    case 3: up = rest != 0 && !neg; break;
    default: up = rest != 0 && neg; break;
    }
    return encode(ip + (uint64_t)up, 0, neg, f);
}

static int popcount64(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* max (up) or min of two float encodings, A first: DirectML's rule (maximumNumber: a NaN
   loses to a number, two NaNs give A made quiet) or with propagate IEEE maximum (a NaN
   wins, A's first, made quiet); -0 below +0. */
static uint64_t pick(uint64_t a, uint64_t b, const ffmt *f, int propagate, int up)
{
    int an = fnan(a, f), bn = fnan(b, f);
    if (an && (bn || propagate))
        return a | f->quiet;
    if (bn)
        return propagate ? b | f->quiet : a;
    if (an)
        return b;
    i128 ka = key_total(a, f), kb = key_total(b, f);
    return up ? (ka >= kb ? a : b) : (ka <= kb ? a : b);
}

/* A FLOAT bound for an integer type: truncated toward zero and saturated; 0 for a NaN,
   which bounds nothing. */
static int int_bound(float p, kind k, i128 *out)
{
    if (p != p)
        return 0;
    i128 lo = int_min(k), hi = int_max(k);
    if ((quad)p <= (quad)lo)
        *out = lo;
    else if ((quad)p >= (quad)hi)
        *out = hi;
    else
        *out = (i128)p; /* |p| < 2^64: C's conversion truncates toward zero */
    return 1;
}

/* ---- The jobs ---- */

typedef struct job {
    int binary;
    model m;
    const char *name; /* the kernels' stem, "f32_add" */
    kind k;
    size_t in_size, out_size;
    char rule[96];
    dmlp__kernel_args args;
    model fused; /* ADD1: the fused activation's model, M_NONE for none */
    dmlp__unary_kernel unary;
    dmlp__binary_kernel binary_fn;
    /* results */
    uint64_t samples, mismatches;
    double seconds;
} job;

/* ScaleBias in the type's float arithmetic, or x. */
static uint64_t scaled(const dmlp__kernel_args *g, kind k, uint64_t x)
{
    if (!g->scale_bias)
        return x;
    return k == K_F32 ? scale_bias_f32(x, g->scale, g->bias)
                      : scale_bias_f64(x, g->scale, g->bias);
}

/* The one-input models: the expected bits of op(x). */
static uint64_t model1(model m, kind k, const dmlp__kernel_args *g, uint64_t x)
{
    const ffmt *f = is_float(k) ? fmt_of(k) : NULL;
    int f32 = k == K_F32;
    uint64_t w = mask(k);
    i128 v = f ? 0 : ival(k, x);
    switch (m) {
    case M_SIGN:
        if (!f)
            return wrap(k, v < 0 ? -1 : v > 0);
        if (fnan(x, f))
            return g->nan_propagate ? x | f->quiet : 0;
        return fzero(x, f) ? 0 : fneg(x, f) ? f->one | f->sign : f->one;
    case M_SOFTSIGN: return f32 ? softsign_f32(x) : softsign_f64(x);
    case M_ISINF:
        return finf(x, f) && (g->mode == DML_IS_INFINITY_MODE_EITHER ||
                              (g->mode == DML_IS_INFINITY_MODE_POSITIVE) == !fneg(x, f));
    case M_ISNAN: return (uint64_t)fnan(x, f);
    case M_ACT_IDENTITY: return x;
    case M_IDENTITY: return f ? scaled(g, k, x) : x;
    case M_ABS:
        if (!f)
            return wrap(k, v < 0 ? -v : v);
        return scaled(g, k, x) & ~f->sign;
    case M_NEGATE: return f ? x ^ f->sign : wrap(k, -v);
    case M_NOT: return x == 0;
    case M_BIT_NOT: return ~x & w;
    case M_BIT_COUNT: return (uint64_t)popcount64(x & w);
    case M_CEIL: return round_bits(scaled(g, k, x), f, 3);
    case M_FLOOR: return round_bits(scaled(g, k, x), f, 4);
    case M_ROUND: return round_bits(x, f, (int)g->rounding);
    case M_RELU:
        if (!f)
            return wrap(k, v > 0 ? v : 0);
        if (fnan(x, f))
            return g->nan_propagate ? x | f->quiet : 0;
        return fneg(x, f) ? 0 : x;
    case M_RECIP: return f32 ? recip_f32(scaled(g, k, x)) : recip_f64(scaled(g, k, x));
    case M_SQRT: {
        uint64_t s = scaled(g, k, x);
        if (fnan(s, f))
            return s | f->quiet;
        if (fzero(s, f))
            return s;
        if (fneg(s, f))
            return f->dnan;
        return finf(s, f) ? s : sqrt_bits(s, f);
    }
    case M_LEAKY_RELU:
        return f32 ? leaky_relu_f32(x, g->param[0]) : leaky_relu_f64(x, g->param[0]);
    case M_LINEAR:
        return f32 ? linear_f32(x, g->param[0], g->param[1])
                   : linear_f64(x, g->param[0], g->param[1]);
    case M_THRESHOLDED_RELU:
        return f32 ? thresholded_relu_f32(x, g->param[0]) : thresholded_relu_f64(x, g->param[0]);
    case M_HARD_SIGMOID:
        return f32 ? hard_sigmoid_f32(x, g->param[0], g->param[1], (int)g->nan_propagate)
                   : hard_sigmoid_f64(x, g->param[0], g->param[1], (int)g->nan_propagate);
    case M_HARD_SWISH:
        return f32 ? hard_swish_f32(x, g->param[0], g->param[1], (int)g->nan_propagate)
                   : hard_swish_f64(x, g->param[0], g->param[1], (int)g->nan_propagate);
    case M_SHRINK: {
        if (f)
            return f32 ? shrink_f32(x, g->param[0], g->param[1])
                       : shrink_f64(x, g->param[0], g->param[1]);
        /* integers: x against Threshold exactly, the sum in binary64 (the documented
           step), truncated toward zero and saturated; a NaN sum gives 0 */
        double xv = (double)v, th = (double)g->param[1], y;
        if (xv > th)
            y = xv - (double)g->param[0];
        else if (xv < -th)
            y = xv + (double)g->param[0];
        else
            return 0;
        if (y != y)
            return 0;
        if ((quad)y <= (quad)int_min(k))
            return wrap(k, int_min(k));
        if ((quad)y >= (quad)int_max(k))
            return wrap(k, int_max(k));
        return wrap(k, (i128)y);
    }
    case M_THRESHOLD:
        if (f)
            return pick(scaled(g, k, x), param_bits(g->param[0], k), f, (int)g->nan_propagate, 1);
        {
            i128 lo;
            return int_bound(g->param[0], k, &lo) && lo > v ? wrap(k, lo) : x;
        }
    case M_CLIP:
    case M_CLIP1:
        if (f) {
            uint64_t lo = m == M_CLIP ? param_bits(g->param[0], k) : g->scalar[0];
            uint64_t hi = m == M_CLIP ? param_bits(g->param[1], k) : g->scalar[1];
            uint64_t u = pick(scaled(g, k, x), hi, f, (int)g->nan_propagate, 0);
            return pick(lo, u, f, (int)g->nan_propagate, 1);
        }
        {
            i128 lo = 0, hi = 0;
            int has_lo = 1, has_hi = 1;
            if (m == M_CLIP) {
                has_lo = int_bound(g->param[0], k, &lo);
                has_hi = int_bound(g->param[1], k, &hi);
            } else {
                lo = ival(k, g->scalar[0]);
                hi = ival(k, g->scalar[1]);
            }
            i128 u = !has_hi || v < hi ? v : hi;
            return wrap(k, !has_lo || u > lo ? u : lo);
        }
    default: return MODEL_NONE;
    }
}

/* x <= bound for ClipGrad's FLOAT bounds: floats compared as values (NaN: false), an
   integer exactly against the float. */
static int at_most(kind k, uint64_t x, float p, int below)
{
    if (p != p)
        return 0;
    if (is_float(k)) {
        const ffmt *f = fmt_of(k);
        if (fnan(x, f))
            return 0;
        i128 kx = key(x, f), kp = key(param_bits(p, k), f);
        return below ? kx <= kp : kx >= kp;
    }
    quad q = (quad)ival(k, x), b = (quad)p;
    return below ? q <= b : q >= b;
}

/* The two-input models: the expected bits (comparisons: 0 or 1) of A op B; *skip for a
   pair the core refuses (an integer division or modulus by zero). */
static uint64_t model2(const job *j, uint64_t a, uint64_t b)
{
    kind k = j->k;
    const dmlp__kernel_args *g = &j->args;
    model m = j->m;
    if (is_float(k)) {
        const ffmt *f = fmt_of(k);
        int f32 = k == K_F32;
        int an = fnan(a, f), bn = fnan(b, f), c = 0;
        if (!an && !bn)
            c = key(a, f) < key(b, f) ? -1 : key(a, f) > key(b, f);
        switch (m) {
        case M_ADD:
        case M_SUB:
        case M_MUL:
        case M_DIV:
        case M_MEAN:
        case M_DIFFSQ: return f32 ? arith_f32(m, a, b) : arith_f64(m, a, b);
        case M_ADD1: {
            uint64_t s = f32 ? arith_f32(M_ADD, a, b) : arith_f64(M_ADD, a, b);
            return j->fused == M_NONE ? s : model1(j->fused, k, g, s);
        }
        case M_PRELU: return f32 ? prelu_f32(a, b) : prelu_f64(a, b);
        case M_MAX: return pick(a, b, f, (int)g->nan_propagate, 1);
        case M_MIN: return pick(a, b, f, (int)g->nan_propagate, 0);
        case M_FMOD:
        case M_MOD: {
            if (an)
                return a | f->quiet;
            if (bn)
                return b | f->quiet;
            if (finf(a, f) || fzero(b, f))
                return f->dnan;
            uint64_t r = finf(b, f) ? a : fmod_bits(a, b, f);
            if (m == M_FMOD)
                return r;
            return f32 ? floor_fix_f32(r, b) : floor_fix_f64(r, b);
        }
        case M_GT: return !an && !bn && c > 0;
        case M_EQ: return !an && !bn && c == 0;
        case M_LT: return !an && !bn && c < 0;
        case M_GE: return !an && !bn && c >= 0;
        case M_LE: return !an && !bn && c <= 0;
        case M_BIT_AND: return a & b;
        case M_BIT_OR: return a | b;
        case M_BIT_XOR: return a ^ b;
        case M_RELU_GRAD: return !an && !fneg(a, f) && !fzero(a, f) ? b : 0;
        case M_CLIP_GRAD:
            return at_most(k, a, g->param[0], 1) || at_most(k, a, g->param[1], 0) ? 0 : b;
        case M_CLIP_GRAD1: {
            uint64_t lo = g->scalar[0], hi = g->scalar[1];
            int cut = !an && ((!fnan(lo, f) && key(a, f) <= key(lo, f)) ||
                              (!fnan(hi, f) && key(a, f) >= key(hi, f)));
            return cut ? 0 : b;
        }
        default: return MODEL_NONE;
        }
    }
    i128 x = ival(k, a), y = ival(k, b);
    int w = width(k);
    switch (m) {
    case M_ADD: return wrap(k, x + y);
    case M_SUB: return wrap(k, x - y);
    case M_MUL: return wrap(k, (i128)((u128)x * (u128)y)); /* the low bits of the product */
    case M_DIV: return wrap(k, x / y);                    /* INT_MIN / -1 wraps to INT_MIN */
    case M_FMOD:
    case M_MOD: {
        i128 r = x % y; /* INT_MIN % -1 is 0 */
        if (m == M_MOD && r != 0 && (r < 0) != (y < 0))
            r += y;
        return wrap(k, r);
    }
    case M_MAX: return x >= y ? a : b;
    case M_MIN: return x <= y ? a : b;
    case M_MEAN: { /* the wrapped sum halved, truncating toward zero */
        i128 s = ival(k, wrap(k, x + y));
        return wrap(k, s / 2);
    }
    case M_DIFFSQ: {
        i128 d = ival(k, wrap(k, x - y));
        return wrap(k, (i128)((u128)d * (u128)d));
    }
    case M_PRELU: return x >= 0 ? a : wrap(k, (i128)((u128)x * (u128)y));
    case M_GT: return x > y;
    case M_EQ: return x == y;
    case M_LT: return x < y;
    case M_GE: return x >= y;
    case M_LE: return x <= y;
    case M_BIT_AND: return a & b;
    case M_BIT_OR: return a | b;
    case M_BIT_XOR: return a ^ b;
    case M_AND: return a != 0 && b != 0;
    case M_OR: return a != 0 || b != 0;
    case M_XOR: return (a != 0) != (b != 0);
    case M_SHL:
    case M_SHR: {
        uint64_t count = b;
        if (count >= (uint64_t)w) {
            if (g->shift_zero)
                return 0;
            count %= (uint64_t)w;
        }
        return m == M_SHL ? (a << count) & mask(k) : a >> count;
    }
    case M_CLIP_GRAD:
        return at_most(k, a, g->param[0], 1) || at_most(k, a, g->param[1], 0) ? 0 : b;
    case M_CLIP_GRAD1:
        return x <= ival(k, j->args.scalar[0]) || x >= ival(k, j->args.scalar[1]) ? 0 : b;
    default: return MODEL_NONE;
    }
}

/* Whether a pair is one the core refuses before a kernel runs. */
static int refused(const job *j, uint64_t b)
{
    return !is_float(j->k) && b == 0 && (j->m == M_DIV || j->m == M_FMOD || j->m == M_MOD);
}

/* ---- The parameter sets ---- */

typedef struct pair_param {
    float p0, p1;
} pair_param;

/* ScaleBias: none, then these (Scale, Bias). */
static const pair_param scale_biases[] = {
    {2.0f, 0.5f}, {-0.0f, -0.0f}, {NAN, 0.0f}, {3e38f, -1.0f}, {1e-30f, 0x1p-149f},
};
static const float leaky_alphas[] = {0.01f, -0.5f, -0.0f, NAN, INFINITY, 0x1p-149f, 3e38f};
static const pair_param linears[] = {
    {0.5f, -1.0f}, {-0.0f, 0.0f}, {-3e38f, 3e38f}, {NAN, 1.0f},
    {1.0f, NAN},   {INFINITY, -INFINITY}, {1e-30f, 0x1p-149f},
};
static const pair_param hards[] = { /* HardSigmoid and HardSwish */
    {0.2f, 0.5f}, {1.0f / 6.0f, 0.5f}, {-0.0f, -0.0f}, {NAN, 0.5f}, {1e30f, 0.5f},
    {INFINITY, 0.0f},
};
static const float thresholded_alphas[] = {1.0f, -0.0f, NAN, -INFINITY, 3e38f, -0x1p-149f};
static const pair_param shrinks[] = { /* Bias, Threshold */
    {0.0f, 0.5f},  {0.25f, -0.0f},     {NAN, 1.0f},  {1e30f, 2.0f},
    {-1.5f, INFINITY}, {200.0f, 0.5f}, {1.0f, NAN},  {-3e9f, 1.0f},
};
static const float threshold_mins[] = {-1.0f, -0.0f, NAN, 1e30f, -INFINITY, 2147483520.0f,
                                       0.5f, -9.2233720e18f};
static const pair_param clips[] = { /* Min, Max */
    {-1.0f, 2.0f},
    {-0.0f, 0.0f},
    {NAN, 1.0f},
    {1.0f, NAN},
    {3.0f, -3.0f},
    {-INFINITY, INFINITY},
    {-1e30f, 1e30f},
    {-2147483648.0f, 2147483648.0f},
    {9.2233720e18f, 1.8446744e19f},
    {0.5f, 1.5f},
    {-0.5f, -0.5f},
    {-9.2233720e18f, 4294967296.0f},
};
static const pair_param clip_grads[] = { /* Min, Max */
    {-1.5f, 2.0f},
    {-0.0f, 0.0f},
    {NAN, 1.0f},
    {-INFINITY, INFINITY},
    {-2147483648.0f, 2147483648.0f},
    {-9.2233720e18f, 9.2233720e18f},
    {1e30f, -1e30f},
    {0.5f, 4294967296.0f},
};

/* Clip1's and ClipGrad1's bounds in the type, by kind. */
typedef struct scalar_pair {
    uint64_t lo, hi;
} scalar_pair;

static size_t scalar_bounds(kind k, scalar_pair *out)
{
    size_t n = 0;
#define SP(L, H) (out[n].lo = (L), out[n].hi = (H), n++)
    switch (k) {
    case K_F32:
    case K_F64: {
        const ffmt *f = fmt_of(k);
        SP(param_bits(-1.0f, k), param_bits(2.0f, k));
        SP(f->sign, 0);                     /* -0, +0 */
        SP(f->dnan | 0x5, f->one);          /* a NaN Min */
        SP(f->one, f->dnan | f->sign);      /* a NaN Max */
        SP(param_bits(3.0f, k), param_bits(-3.0f, k)); /* Min above Max */
        SP(f->inf | f->sign, f->inf);
        SP(1, f->inf - 1);                  /* the smallest subnormal, the largest value */
        break;
    }
    case K_I32:
        SP(wrap(k, -5), 1000);
        SP(wrap(k, INT32_MIN), INT32_MAX);
        SP(INT32_MAX, wrap(k, INT32_MIN));
        SP(0, 0);
        SP(wrap(k, -1), 1);
        break;
    case K_U32:
        SP(3, 0xfffffffeu);
        SP(0, UINT32_MAX);
        SP(UINT32_MAX, 0);
        SP(0x80000000u, 0x80000001u);
        break;
    case K_I64:
        SP(wrap(k, -(INT64_C(1) << 53) - 1), (UINT64_C(1) << 53) + 1);
        SP(wrap(k, INT64_MIN), INT64_MAX);
        SP(INT64_MAX, wrap(k, INT64_MIN));
        SP(wrap(k, -5), 1000);
        break;
    default:
        SP(UINT64_C(1) << 63, UINT64_MAX);
        SP(3, (UINT64_C(1) << 53) + 1);
        SP(UINT64_MAX, 0);
        SP(0, UINT64_MAX);
        break;
    }
#undef SP
    return n;
}

#define MAX_JOBS 4096
static job jobs[MAX_JOBS];
static size_t job_count;

static job *new_job(const job *proto, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static job *new_job(const job *proto, const char *fmt, ...)
{
    if (job_count >= MAX_JOBS) {
        fprintf(stderr, "too many jobs\n");
        exit(1);
    }
    job *j = &jobs[job_count++];
    *j = *proto;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(j->rule, sizeof j->rule, fmt, ap);
    va_end(ap);
    return j;
}

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* The correctly rounded functions' rows: their model is MPFR, in tests/crmath (every
   16-bit input, binary32 strides and all 2^32, float64 samples), not a sample here. */
static int checked_by_crmath(DML_OPERATOR_TYPE op)
{
    switch ((int)op) {
    case EW(LOG):
    case EW(EXP):
    case EW(TANH):
    case DML_OPERATOR_ACTIVATION_ELU:
    case DML_OPERATOR_ACTIVATION_SCALED_ELU:
    case DML_OPERATOR_ACTIVATION_CELU:
    case DML_OPERATOR_ACTIVATION_SIGMOID:
    case DML_OPERATOR_ACTIVATION_TANH:
    case DML_OPERATOR_ACTIVATION_SCALED_TANH:
    case DML_OPERATOR_ACTIVATION_SWISH:
    case EW(ERF):
    case DML_OPERATOR_ACTIVATION_GELU:
    case DML_OPERATOR_ACTIVATION_SOFTPLUS:
    case DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS:
    case EW(POW):
    case EW(CONSTANT_POW):
    case DMLP_OPERATOR_ACTIVATION_MISH:
    case DMLP_OPERATOR_ACTIVATION_GELU_TANH:
    case EW(SINH):
    case EW(COSH):
    case EW(ASINH):
    case EW(ACOSH):
    case EW(ATANH):
    case EW(ATAN):
    case EW(ASIN):
    case EW(ACOS):
    case EW(ATAN_YX):
    case EW(SIN):
    case EW(COS):
    case EW(TAN):
        return 1;
    default:
        return 0;
    }
}

/* The jobs of a one-input row; returns how many (0: no model). */
static size_t unary_jobs(DML_OPERATOR_TYPE op, job *p)
{
    size_t before = job_count;
    int fl = is_float(p->k);
    job *j;
    p->args.out_size = 1;
    switch ((int)op) {
    case EW(SIGN):
        p->m = M_SIGN;
        new_job(p, "%s", "");
        if (fl)
            new_job(p, "nan_propagate")->args.nan_propagate = 1;
        break;
    case ACT(SOFTSIGN): p->m = M_SOFTSIGN; new_job(p, "%s", ""); break;
    case EW(IS_INFINITY):
        p->m = M_ISINF;
        for (int mode = 0; mode < 3; mode++)
            new_job(p, "mode %d", mode)->args.mode = (DML_IS_INFINITY_MODE)mode;
        break;
    case EW(IS_NAN):
    case EW(BIT_COUNT):
        p->m = op == EW(IS_NAN) ? M_ISNAN : M_BIT_COUNT;
        new_job(p, "-> u8");
        j = new_job(p, "-> u32");
        j->args.out_size = 4;
        j->out_size = 4;
        break;
    case EW(IDENTITY):
    case EW(ABS):
    case EW(CEIL):
    case EW(FLOOR):
    case EW(RECIP):
    case EW(SQRT):
        p->m = op == EW(IDENTITY) ? M_IDENTITY : op == EW(ABS) ? M_ABS : op == EW(CEIL) ? M_CEIL
             : op == EW(FLOOR) ? M_FLOOR : op == EW(RECIP) ? M_RECIP : M_SQRT;
        new_job(p, "%s", "");
        if (fl)
            for (size_t i = 0; i < COUNT_OF(scale_biases); i++) {
                j = new_job(p, "scale_bias %g %g", (double)scale_biases[i].p0,
                            (double)scale_biases[i].p1);
                j->args.scale_bias = 1;
                j->args.scale = scale_biases[i].p0;
                j->args.bias = scale_biases[i].p1;
            }
        break;
    case EW(NEGATE): p->m = M_NEGATE; new_job(p, "%s", ""); break;
    case EW(LOGICAL_NOT): p->m = M_NOT; new_job(p, "%s", ""); break;
    case EW(BIT_NOT): p->m = M_BIT_NOT; new_job(p, "%s", ""); break;
    case ACT(IDENTITY): p->m = M_ACT_IDENTITY; new_job(p, "%s", ""); break;
    case EW(ROUND):
        p->m = M_ROUND;
        for (int mode = 0; mode < 3; mode++)
            new_job(p, "rounding %d", mode)->args.rounding = (DML_ROUNDING_MODE)mode;
        break;
    case ACT(RELU):
        p->m = M_RELU;
        new_job(p, "%s", "");
        if (fl)
            new_job(p, "nan_propagate")->args.nan_propagate = 1;
        break;
    case ACT(LEAKY_RELU):
        p->m = M_LEAKY_RELU;
        for (size_t i = 0; i < COUNT_OF(leaky_alphas); i++)
            new_job(p, "alpha %g", (double)leaky_alphas[i])->args.param[0] = leaky_alphas[i];
        break;
    case ACT(THRESHOLDED_RELU):
        p->m = M_THRESHOLDED_RELU;
        for (size_t i = 0; i < COUNT_OF(thresholded_alphas); i++)
            new_job(p, "alpha %g", (double)thresholded_alphas[i])->args.param[0] =
                thresholded_alphas[i];
        break;
    case ACT(LINEAR):
    case ACT(HARD_SIGMOID):
    case ACT(HARD_SWISH):
    case ACT(SHRINK): {
        const pair_param *set = op == ACT(LINEAR) ? linears : op == ACT(SHRINK) ? shrinks : hards;
        size_t n = op == ACT(LINEAR) ? COUNT_OF(linears) : op == ACT(SHRINK) ? COUNT_OF(shrinks)
                                                                           : COUNT_OF(hards);
        int rules = op == ACT(HARD_SIGMOID) || op == ACT(HARD_SWISH) ? 2 : 1;
        p->m = op == ACT(LINEAR) ? M_LINEAR : op == ACT(SHRINK) ? M_SHRINK
             : op == ACT(HARD_SIGMOID) ? M_HARD_SIGMOID : M_HARD_SWISH;
        for (size_t i = 0; i < n; i++)
            for (int rule = 0; rule < rules; rule++) {
                j = new_job(p, "%g %g%s", (double)set[i].p0, (double)set[i].p1,
                            rule ? " nan_propagate" : "");
                j->args.param[0] = set[i].p0;
                j->args.param[1] = set[i].p1;
                j->args.nan_propagate = (uint32_t)rule;
            }
        break;
    }
    case EW(THRESHOLD):
        p->m = M_THRESHOLD;
        for (size_t i = 0; i < COUNT_OF(threshold_mins); i++)
            for (int rule = 0; rule < (fl ? 2 : 1); rule++) {
                j = new_job(p, "min %g%s", (double)threshold_mins[i], rule ? " nan_propagate" : "");
                j->args.param[0] = threshold_mins[i];
                j->args.nan_propagate = (uint32_t)rule;
            }
        if (fl)
            for (size_t i = 0; i < COUNT_OF(scale_biases); i++) {
                j = new_job(p, "min -1 scale_bias %g %g", (double)scale_biases[i].p0,
                            (double)scale_biases[i].p1);
                j->args.param[0] = -1.0f;
                j->args.scale_bias = 1;
                j->args.scale = scale_biases[i].p0;
                j->args.bias = scale_biases[i].p1;
            }
        break;
    case EW(CLIP):
        p->m = M_CLIP;
        for (size_t i = 0; i < COUNT_OF(clips); i++)
            for (int rule = 0; rule < (fl ? 2 : 1); rule++) {
                j = new_job(p, "[%g, %g]%s", (double)clips[i].p0, (double)clips[i].p1,
                            rule ? " nan_propagate" : "");
                j->args.param[0] = clips[i].p0;
                j->args.param[1] = clips[i].p1;
                j->args.nan_propagate = (uint32_t)rule;
            }
        if (fl)
            for (size_t i = 0; i < COUNT_OF(scale_biases); i++) {
                j = new_job(p, "[-1, 2] scale_bias %g %g", (double)scale_biases[i].p0,
                            (double)scale_biases[i].p1);
                j->args.param[0] = -1.0f;
                j->args.param[1] = 2.0f;
                j->args.scale_bias = 1;
                j->args.scale = scale_biases[i].p0;
                j->args.bias = scale_biases[i].p1;
            }
        break;
    case EW(CLIP1): {
        scalar_pair sp[8];
        size_t n = scalar_bounds(p->k, sp);
        p->m = M_CLIP1;
        for (size_t i = 0; i < n; i++)
            for (int rule = 0; rule < (fl ? 2 : 1); rule++) {
                j = new_job(p, "[0x%" PRIx64 ", 0x%" PRIx64 "]%s", sp[i].lo, sp[i].hi,
                            rule ? " nan_propagate" : "");
                j->args.scalar[0] = sp[i].lo;
                j->args.scalar[1] = sp[i].hi;
                j->args.nan_propagate = (uint32_t)rule;
            }
        if (fl) {
            j = new_job(p, "[-1, 2] scale_bias 2 0.5");
            j->args.scalar[0] = param_bits(-1.0f, p->k);
            j->args.scalar[1] = param_bits(2.0f, p->k);
            j->args.scale_bias = 1;
            j->args.scale = 2.0f;
            j->args.bias = 0.5f;
        }
        break;
    }
    default: break;
    }
    return job_count - before;
}

/* The fused activations ADD1 runs under (FLOAT members in fused_param). */
static const struct {
    DML_OPERATOR_TYPE op;
    model m;
    float p0, p1;
    int propagate;
    const char *name;
} fusions[] = {
    {ACT(SOFTSIGN), M_SOFTSIGN, 0, 0, 0, "softsign"},
    {ACT(RELU), M_RELU, 0, 0, 0, "relu"},
    {ACT(RELU), M_RELU, 0, 0, 1, "relu nan_propagate"},
    {ACT(LEAKY_RELU), M_LEAKY_RELU, -0.5f, 0, 0, "leaky_relu -0.5"},
    {ACT(HARD_SIGMOID), M_HARD_SIGMOID, 0.2f, 0.5f, 1, "hard_sigmoid 0.2 0.5 nan_propagate"},
    {ACT(LINEAR), M_LINEAR, 2.0f, -1.0f, 0, "linear 2 -1"},
    {ACT(THRESHOLDED_RELU), M_THRESHOLDED_RELU, 1.0f, 0, 0, "thresholded_relu 1"},
    {ACT(SHRINK), M_SHRINK, 0.5f, 1.0f, 0, "shrink 0.5 1"},
    {ACT(IDENTITY), M_ACT_IDENTITY, 0, 0, 0, "identity"},
};

static size_t binary_jobs(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type, job *p)
{
    size_t before = job_count;
    job *j;
    p->args.out_size = 1;
    switch ((int)op) {
    case EW(ADD): p->m = M_ADD; break;
    case EW(SUBTRACT): p->m = M_SUB; break;
    case EW(MULTIPLY): p->m = M_MUL; break;
    case EW(DIVIDE): p->m = M_DIV; break;
    case EW(MEAN): p->m = M_MEAN; break;
    case EW(DIFFERENCE_SQUARE): p->m = M_DIFFSQ; break;
    case ACT(PARAMETERIZED_RELU): p->m = M_PRELU; break;
    case EW(MODULUS_TRUNCATE): p->m = M_FMOD; break;
    case EW(MODULUS_FLOOR): p->m = M_MOD; break;
    case EW(BIT_AND): p->m = M_BIT_AND; break;
    case EW(BIT_OR): p->m = M_BIT_OR; break;
    case EW(BIT_XOR): p->m = M_BIT_XOR; break;
    case EW(LOGICAL_AND):
    case EW(LOGICAL_OR):
    case EW(LOGICAL_XOR): /* the output in the inputs' type */
        p->m = op == EW(LOGICAL_AND) ? M_AND : op == EW(LOGICAL_OR) ? M_OR : M_XOR;
        p->args.out_size = (uint32_t)p->in_size;
        break;
    case ACT(RELU_GRAD): p->m = M_RELU_GRAD; break;
    case EW(ADD1):
        p->m = M_ADD1;
        new_job(p, "%s", "");
        if (is_float(p->k))
            for (size_t i = 0; i < COUNT_OF(fusions); i++) {
                j = new_job(p, "+ %s", fusions[i].name);
                j->fused = fusions[i].m;
                j->args.fused = dmlp__reference_kernel(fusions[i].op, type);
                j->args.fused_param[0] = fusions[i].p0;
                j->args.fused_param[1] = fusions[i].p1;
                j->args.param[0] = fusions[i].p0; /* what the model reads */
                j->args.param[1] = fusions[i].p1;
                j->args.nan_propagate = (uint32_t)fusions[i].propagate;
                if (!j->args.fused)
                    j->m = M_NONE;
            }
        return job_count - before;
    case EW(MAX):
    case EW(MIN):
        p->m = op == EW(MAX) ? M_MAX : M_MIN;
        new_job(p, "%s", "");
        if (is_float(p->k))
            new_job(p, "nan_propagate")->args.nan_propagate = 1;
        return job_count - before;
    case EW(LOGICAL_GREATER_THAN):
    case EW(LOGICAL_EQUALS):
    case EW(LOGICAL_LESS_THAN):
    case EW(LOGICAL_GREATER_THAN_OR_EQUAL):
    case EW(LOGICAL_LESS_THAN_OR_EQUAL):
        p->m = op == EW(LOGICAL_GREATER_THAN) ? M_GT : op == EW(LOGICAL_EQUALS) ? M_EQ
             : op == EW(LOGICAL_LESS_THAN) ? M_LT : op == EW(LOGICAL_GREATER_THAN_OR_EQUAL) ? M_GE
             : M_LE;
        new_job(p, "-> u8")->out_size = 1;
        j = new_job(p, "-> u32");
        j->out_size = 4;
        j->args.out_size = 4;
        return job_count - before;
    case EW(BIT_SHIFT_LEFT):
    case EW(BIT_SHIFT_RIGHT):
        p->m = op == EW(BIT_SHIFT_LEFT) ? M_SHL : M_SHR;
        new_job(p, "%s", "");
        new_job(p, "shift_zero")->args.shift_zero = 1;
        return job_count - before;
    case EW(CLIP_GRAD):
        p->m = M_CLIP_GRAD;
        for (size_t i = 0; i < COUNT_OF(clip_grads); i++) {
            j = new_job(p, "[%g, %g]", (double)clip_grads[i].p0, (double)clip_grads[i].p1);
            j->args.param[0] = clip_grads[i].p0;
            j->args.param[1] = clip_grads[i].p1;
        }
        return job_count - before;
    case EW(CLIP_GRAD1): {
        scalar_pair sp[8];
        size_t n = scalar_bounds(p->k, sp);
        p->m = M_CLIP_GRAD1;
        for (size_t i = 0; i < n; i++) {
            j = new_job(p, "[0x%" PRIx64 ", 0x%" PRIx64 "]", sp[i].lo, sp[i].hi);
            j->args.scalar[0] = sp[i].lo;
            j->args.scalar[1] = sp[i].hi;
        }
        return job_count - before;
    }
    default: return 0;
    }
    new_job(p, "%s", "");
    return job_count - before;
}

/* ---- The inputs ---- */

/* The edge values of a kind (at most 64). */
static size_t edges_of(kind k, uint64_t *e)
{
    size_t n = 0;
    if (is_float(k)) {
        const ffmt *f = fmt_of(k);
        uint64_t mm = (UINT64_C(1) << f->mbits) - 1, s = f->sign;
        uint64_t one = f->one, b = (uint64_t)f->bias;
        const uint64_t v[] = {
            0, 1, mm, mm + 1, one, one + 1, one - 1,
            (b - 1) << f->mbits,                                    /* 0.5 */
            one | (UINT64_C(1) << (f->mbits - 1)),                  /* 1.5 */
            ((b + 1) << f->mbits) | (UINT64_C(1) << (f->mbits - 2)), /* 2.5 */
            ((b + 1) << f->mbits) | (UINT64_C(1) << (f->mbits - 1)), /* 3 */
            ((b - 2) << f->mbits) | mm,                             /* just below 0.5 */
            (b + (uint64_t)f->mbits) << f->mbits,                   /* 2^mbits */
            ((b + (uint64_t)f->mbits - 1) << f->mbits) | mm,        /* 2^mbits - 0.5 */
            f->inf - 1, f->inf, f->inf | f->quiet, f->inf | f->quiet | 0x123, f->inf | 1,
            f->inf | 0x55, k == K_F32 ? f32_bits(0.1f) : f64_bits(0.1),
            k == K_F32 ? f32_bits(100.0f) : f64_bits(100.0),
            k == K_F32 ? f32_bits(3e-39f) : f64_bits(1e-310),
        };
        for (size_t i = 0; i < COUNT_OF(v); i++) {
            e[n++] = v[i];
            e[n++] = v[i] | s;
        }
        return n;
    }
    int w = width(k);
    const int64_t v[] = {0, 1, 2, 3, 7, -1, -2, -7, 31, 32, 33, 63, 64, 65, 0x7fff, 0x8000,
                         0xffff, 0x10000, INT32_MAX, INT32_MIN, (int64_t)UINT32_MAX,
                         INT64_C(0x100000000), INT64_C(1) << 53, (INT64_C(1) << 53) + 1,
                         -(INT64_C(1) << 53) - 1, INT64_MAX, INT64_MIN, INT64_MAX - 1,
                         INT64_MIN + 1, INT64_C(0x5555555555555555), -INT64_C(0x5555555555555556)};
    for (size_t i = 0; i < COUNT_OF(v); i++)
        e[n++] = (uint64_t)v[i] & mask(k);
    if (w == 32) { /* the ends of the 32-bit types */
        e[n++] = INT32_MAX - 1;
        e[n++] = (uint32_t)INT32_MIN + 1u;
        e[n++] = UINT32_MAX - 1;
    }
    return n;
}

static uint64_t draw_float(const ffmt *f, uint64_t *rng, kind k)
{
    uint64_t r = oracle_random(rng), s = oracle_random(rng);
    uint64_t sign = (s & 1) ? f->sign : 0, mm = (UINT64_C(1) << f->mbits) - 1;
    uint64_t emax = (UINT64_C(1) << f->ebits) - 1, t = s >> 8;
    int span = k == K_F32 ? 30 : 60;
    switch (r % 16) {
    case 0:
    case 1:
    case 2: return s & mask(k); /* uniform bits */
    case 3: { /* small integers */
        int v = (int)(t % 41) - 20;
        return k == K_F32 ? f32_bits((float)v) : f64_bits((double)v);
    }
    case 4: { /* quarters: halves and ties for the roundings */
        double v = (double)((int)(t % 161) - 80) / 4.0;
        return k == K_F32 ? f32_bits((float)v) : f64_bits(v);
    }
    case 5: return sign | (f->inf - 1 - t % 4); /* the largest values */
    case 6: return sign | ((mm + 1) + t % 7 - 3); /* around the smallest normal */
    case 7: return sign | ((r >> 40) & 1 ? (t & mm) : t % 8); /* subnormals */
    case 8: { /* powers of two and their neighbours */
        uint64_t e = 1 + t % (emax - 1);
        return sign | ((e << f->mbits) + (s >> 50) % 5 - 2);
    }
    case 9: return sign | ((r >> 40) & 1 ? f->inf : 0);
    case 10: { /* NaNs with payloads, quiet and signalling */
        uint64_t payload = (t ^ (r >> 8)) & mm;
        if (payload == 0)
            payload = 1;
        return sign | f->inf | payload;
    }
    case 11: /* integers and halves near 2^mbits, where the roundings stop */
        return sign | (((uint64_t)(f->bias + f->mbits - 2 + (int)(t % 4)) << f->mbits) |
                       ((r >> 20) & mm & ((r >> 12) & 1 ? 0xff : mm)));
    default: { /* moderate magnitudes */
        uint64_t e = (uint64_t)(f->bias - span + (int)(t % (uint64_t)(2 * span + 1)));
        return sign | (e << f->mbits) | ((r >> 11) & mm);
    }
    }
}

static uint64_t draw_int(kind k, uint64_t *rng)
{
    uint64_t r = oracle_random(rng), s = oracle_random(rng);
    int w = width(k);
    switch (r % 10) {
    case 0:
    case 1:
    case 2: return s & mask(k);
    case 3: return wrap(k, (i128)(s % 41) - 20);
    case 4: return wrap(k, (s & 1) ? int_min(k) + (i128)((s >> 1) % 4)
                                   : int_max(k) - (i128)((s >> 1) % 4));
    case 5: return wrap(k, ((i128)1 << (s % (uint64_t)w)) + (i128)((s >> 8) % 5) - 2);
    case 6: { /* a random length, either sign */
        uint64_t v = (s >> 8) >> (r >> 32) % (uint64_t)w;
        return wrap(k, (s & 1) ? -(i128)v : (i128)v);
    }
    case 7: /* around 2^31, 2^32 and 2^53 */
        return wrap(k, ((i128)1 << (31 + (s % 3) * ((s >> 4) & 1 ? 11 : 1))) +
                           (i128)((s >> 8) % 5) - 2);
    default: return wrap(k, (i128)(int64_t)(s >> (8 + r % 48)) * ((s & 1) ? -1 : 1));
    }
}

static uint64_t draw(kind k, uint64_t *rng)
{
    return is_float(k) ? draw_float(fmt_of(k), rng, k) : draw_int(k, rng);
}

static uint64_t times(kind k, uint64_t b, int64_t factor)
{
    if (k == K_F32)
        return times_f32(b, factor);
    if (k == K_F64)
        return times_f64(b, factor);
    return wrap(k, ival(k, b) * factor);
}

/* A pair: independent draws, or related ones. */
static void draw_pair(const job *j, uint64_t *rng, uint64_t *a, uint64_t *b)
{
    kind k = j->k;
    uint64_t r = oracle_random(rng);
    *a = draw(k, rng);
    *b = draw(k, rng);
    int delta = (int)((r >> 8) % 5) - 2;
    int64_t factor = (int64_t)(1 + (r >> 16) % ((UINT64_C(1) << ((r >> 40) % 24)) + 1));
    switch (r % 16) {
    case 6: *b = *a; break;
    case 7: *b = is_float(k) ? *a ^ fmt_of(k)->sign : wrap(k, -ival(k, *a)); break;
    case 8: *b = (*a + (uint64_t)(int64_t)delta) & mask(k); break; /* ulps or units apart */
    case 9:
    case 10: /* A near an integer multiple of B */
        *a = (times(k, *b, (r >> 12) & 1 ? -factor : factor) + (uint64_t)(int64_t)delta) & mask(k);
        break;
    case 11: /* B near an integer multiple of A */
        *b = (times(k, *a, factor) + (uint64_t)(int64_t)delta) & mask(k);
        break;
    case 12: /* B a small count (the shifts) or a small value */
        *b = (r >> 20) % (uint64_t)(2 * width(k) + 3);
        if (is_float(k))
            *b = draw_float(fmt_of(k), rng, k);
        break;
    default: break;
    }
    if (refused(j, *b))
        *b = 1;
}

/* ---- Running a job ---- */

#define CHUNK 8192u

typedef struct buffers {
    uint64_t a[CHUNK], b[CHUNK];
    unsigned char pa[CHUNK * 8], pb[CHUNK * 8], out[CHUNK * 8];
} buffers;

static pthread_mutex_t print_lock = PTHREAD_MUTEX_INITIALIZER;

/* Runs n elements (a[i], b[i]) through the kernel, a scalar A or B as `scalar` says, and
   counts the mismatches. */
static void check_batch(job *j, buffers *u, size_t n, uint32_t scalar)
{
    for (size_t i = 0; i < n; i++) {
        memcpy(u->pa + i * j->in_size, &u->a[i], j->in_size);
        memcpy(u->pb + i * j->in_size, &u->b[i], j->in_size);
    }
    memset(u->out, 0xa5, n * j->out_size);
    if (j->binary)
        j->binary_fn(n, u->pa, u->pb, u->out, scalar, &j->args);
    else
        j->unary(n, u->pa, u->out, &j->args);
    for (size_t i = 0; i < n; i++) {
        uint64_t a = (scalar & DMLP__SCALAR_A) ? u->a[0] : u->a[i];
        uint64_t b = (scalar & DMLP__SCALAR_B) ? u->b[0] : u->b[i];
        uint64_t got = 0, want = j->binary ? model2(j, a, b) : model1(j->m, j->k, &j->args, a);
        memcpy(&got, u->out + i * j->out_size, j->out_size);
        j->samples++;
        if (got == want)
            continue;
        j->mismatches++;
        if (j->mismatches <= 5) {
            pthread_mutex_lock(&print_lock);
            if (j->binary)
                fprintf(stderr, "MISMATCH %s%s%s: A 0x%0*" PRIx64 " B 0x%0*" PRIx64
                        ": reference 0x%" PRIx64 ", model 0x%" PRIx64 "\n", j->name,
                        j->rule[0] ? " " : "", j->rule, (int)j->in_size * 2, a,
                        (int)j->in_size * 2, b, got, want);
            else
                fprintf(stderr, "MISMATCH %s%s%s: x 0x%0*" PRIx64 ": reference 0x%" PRIx64
                        ", model 0x%" PRIx64 "\n", j->name, j->rule[0] ? " " : "", j->rule,
                        (int)j->in_size * 2, a, got, want);
            pthread_mutex_unlock(&print_lock);
        }
    }
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void run_job(job *j, size_t index, uint64_t count, buffers *u)
{
    double t0 = now();
    uint64_t rng = UINT64_C(20261128) ^ (UINT64_C(0x9e3779b97f4a7c15) * (index + 1));
    uint64_t edges[64];
    size_t ne = edges_of(j->k, edges), n = 0;
    if (j->m == M_NONE) {
        j->mismatches = 1;
        return;
    }
    /* the edges (two inputs: every pair) */
    for (size_t x = 0; x < ne; x++)
        for (size_t y = 0; y < (j->binary ? ne : 1); y++) {
            u->a[n] = edges[x];
            u->b[n] = edges[y];
            if (j->binary && refused(j, u->b[n]))
                u->b[n] = 1;
            n++;
        }
    check_batch(j, u, n, 0);
    /* the samples */
    for (uint64_t done = 0; done < count; done += n) {
        n = count - done < CHUNK ? (size_t)(count - done) : CHUNK;
        for (size_t i = 0; i < n; i++) {
            if (j->binary)
                draw_pair(j, &rng, &u->a[i], &u->b[i]);
            else
                u->a[i] = draw(j->k, &rng);
        }
        check_batch(j, u, n, 0);
    }
    /* two inputs: a broadcast A, then B, against drawn values */
    if (j->binary)
        for (int side = 0; side < 2; side++)
            for (int round = 0; round < 8; round++) {
                n = 512;
                for (size_t i = 0; i < n; i++)
                    draw_pair(j, &rng, &u->a[i], &u->b[i]);
                if (side == 0)
                    for (size_t i = 0; i < n; i++)
                        if (refused(j, u->b[i]))
                            u->b[i] = 1;
                check_batch(j, u, n, side == 0 ? DMLP__SCALAR_A : DMLP__SCALAR_B);
            }
    j->seconds = now() - t0;
}

typedef struct pool {
    pthread_mutex_t lock;
    size_t next;
    uint64_t count;
} pool;

static pool the_pool = {PTHREAD_MUTEX_INITIALIZER, 0, 0};

static void *worker(void *arg)
{
    (void)arg;
    buffers *u = malloc(sizeof *u);
    if (!u) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    for (;;) {
        pthread_mutex_lock(&the_pool.lock);
        size_t i = the_pool.next++;
        pthread_mutex_unlock(&the_pool.lock);
        if (i >= job_count)
            break;
        job *j = &jobs[i];
        run_job(j, i, the_pool.count, u);
        pthread_mutex_lock(&print_lock);
        printf("%-22s %-44s %11" PRIu64 " samples %6" PRIu64 " mismatches %8.2f s\n", j->name,
               j->rule, j->samples, j->mismatches, j->seconds);
        fflush(stdout);
        pthread_mutex_unlock(&print_lock);
    }
    free(u);
    return NULL;
}

static unsigned thread_count(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1u : n > 64 ? 64u : (unsigned)n;
}

/* Whether a row was asked for (every row when none are named). */
static int wanted(const char *name, int argc, char **argv)
{
    if (argc <= 2)
        return 1;
    for (int i = 2; i < argc; i++)
        if (strcmp(argv[i], name) == 0)
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    uint64_t count = DEFAULT_COUNT;
    if (argc > 1) {
        char *end;
        count = strtoull(argv[1], &end, 10);
        if (*end || argv[1][0] == '\0') {
            fprintf(stderr, "usage: test_wide_samples [COUNT [ROW...]]\n");
            return 2;
        }
    }
    size_t rows_unary = 0, rows_binary = 0;
    size_t per_kind[K_OTHER][2];
    memset(per_kind, 0, sizeof per_kind);
    /* The one-input rows of the operator table. */
#define DMLP__KERNEL_ROW(op, type, stem, in_bytes, out_bytes, x86, arm)                     \
    if (kind_of(type) != K_OTHER && !checked_by_crmath(op) && wanted(#stem, argc, argv)) {  \
        job p;                                                                              \
        memset(&p, 0, sizeof p);                                                            \
        p.name = #stem;                                                                     \
        p.k = kind_of(type);                                                                \
        p.in_size = in_bytes;                                                               \
        p.out_size = out_bytes;                                                             \
        p.unary = dmlp__reference_kernel(op, type);                                         \
        CHECK(p.unary != NULL, "%s: no reference kernel", #stem);                          \
        size_t made = p.unary ? unary_jobs(op, &p) : 0;                                     \
        CHECK(made > 0, "%s: a one-input row with no model in this test", #stem);          \
        rows_unary++;                                                                       \
        per_kind[p.k][0]++;                                                                 \
    }
#include "kernels/kernel_list.inc"
#undef DMLP__KERNEL_ROW
    /* The two-input rows. */
#define DMLP__BINARY_KERNEL_ROW(op, type, stem, bytes, x86, arm)                            \
    if (kind_of(type) != K_OTHER && !checked_by_crmath(op) && wanted(#stem, argc, argv)) {  \
        job p;                                                                              \
        memset(&p, 0, sizeof p);                                                            \
        p.binary = 1;                                                                       \
        p.name = #stem;                                                                     \
        p.k = kind_of(type);                                                                \
        p.in_size = bytes;                                                                  \
        p.out_size = bytes;                                                                 \
        p.binary_fn = dmlp__binary_reference_kernel(op, type);                              \
        CHECK(p.binary_fn != NULL, "%s: no reference kernel", #stem);                      \
        size_t made = p.binary_fn ? binary_jobs(op, type, &p) : 0;                          \
        CHECK(made > 0, "%s: a two-input row with no model in this test", #stem);          \
        rows_binary++;                                                                      \
        per_kind[p.k][1]++;                                                                 \
    }
#include "kernels/binary_kernel_list.inc"
#undef DMLP__BINARY_KERNEL_ROW

    printf("%zu one-input and %zu two-input rows, %zu rows and rules, the edges and %" PRIu64
           " samples each, %u threads\n", rows_unary, rows_binary, job_count, count,
           thread_count());
    for (int k = 0; k < K_OTHER; k++)
        printf("  %s: %zu one-input rows, %zu two-input rows\n", kind_names[k], per_kind[k][0],
               per_kind[k][1]);
    the_pool.count = count;
    double t0 = now();
    unsigned nt = thread_count();
    pthread_t th[64];
    for (unsigned t = 0; t < nt; t++)
        if (pthread_create(&th[t], NULL, worker, NULL) != 0) {
            fprintf(stderr, "pthread_create failed\n");
            return 1;
        }
    for (unsigned t = 0; t < nt; t++)
        pthread_join(th[t], NULL);
    uint64_t samples = 0, mismatches = 0;
    for (size_t i = 0; i < job_count; i++) {
        samples += jobs[i].samples;
        mismatches += jobs[i].mismatches;
        CHECK(jobs[i].mismatches == 0, "%s %s: %" PRIu64 " mismatches", jobs[i].name,
              jobs[i].rule, jobs[i].mismatches);
    }
    printf("%zu rows and rules, %" PRIu64 " samples, %" PRIu64 " mismatches, %.1f s\n",
           job_count, samples, mismatches, now() - t0);
    CHECK(job_count > 0, "no rows");
    return test_finish("test_wide_samples");
}
