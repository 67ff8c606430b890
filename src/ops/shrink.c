/* ACTIVATION_SHRINK: x - Bias if x > Threshold, x + Bias if x < -Threshold, else 0
   (docs/operators.md). Floats: the compares on the exact values, the sum rounded in the
   type's arithmetic (f16 and bf16 through f32, rounded once; f64 with the members
   widened); a NaN x and every x within [-Threshold, Threshold] give +0; a NaN the sum
   makes (inf - inf, a NaN Bias) is the positive default NaN. Integers (from 5_1): the
   compares on the exact values, the sum in binary64 (as ONNX's reference computes it),
   then truncated toward zero and saturated to the type; a NaN sum gives 0. ONNX's
   Shrink is the same formula. */
#include "ops/op.h"
#include "ops/piecewise.h"

#define OP DML_OPERATOR_ACTIVATION_SHRINK
#define OP_DESC DML_ACTIVATION_SHRINK_OPERATOR_DESC

DMLP_OP(ACTIVATION_SHRINK, shrink, shrink, "Shrink", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  shrink    ACTIVATION_SHRINK: x - bias if x > threshold, x + bias if x <\n"
        "            -threshold, else 0 (--bias, default 0; --threshold, default 0.5)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD_DEFAULT(FLOAT, Bias, 0.0f), DMLP_FIELD_DEFAULT(FLOAT, Threshold, 0.5f))
DMLP_FUSABLE()

DMLP_SUPPORT(2_0, 4, 5, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_SUPPORT(5_1, 1, 8, (F32, F16, I32, I16, I8, U32, U16, U8))
DMLP_EXTENSION_TYPES((F64, BF16))

/* Shrink-9 also lists int64 and uint64, which DirectML's table does not: refused. */
DMLP_ONNX_FLOAT("bias", Bias, 0.0f)
DMLP_ONNX_FLOAT("lambd", Threshold, 0.5f)
DMLP_ONNX(9, "uint8, uint16, uint32, int8, int16, int32, float16, float, double", 0, 0, 0)

PIECEWISE_KERNELS(shrink)
PIECEWISE_CHAIN(shrink, DMLP__CHAIN_SHRINK)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_INT8, i8_shrink, 1, 1, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_UINT8, u8_shrink, 1, 1, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_INT16, i16_shrink, 2, 2, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_UINT16, u16_shrink, 2, 2, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_INT32, i32_shrink, 4, 4, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_UINT32, u32_shrink, 4, 4, YES, YES)

#ifndef DMLP_OPS_LIST
#include <stdint.h>

static float shrink_f32(float x, const dmlp__kernel_args *args)
{
    float bias = args->param[0], threshold = args->param[1];
    if (x > threshold) {
        float y = x - bias;
        return y;
    }
    if (x < -threshold) {
        float y = x + bias;
        return y;
    }
    return 0.0f;
}

static double shrink_f64(double x, const dmlp__kernel_args *args)
{
    double bias = (double)args->param[0], threshold = (double)args->param[1];
    if (x > threshold) {
        double y = x - bias;
        return y;
    }
    if (x < -threshold) {
        double y = x + bias;
        return y;
    }
    return 0.0;
}

PIECEWISE_REFERENCE(shrink)

/* An integer x (exact in binary64 for these types) through the float formula, then
   truncated toward zero and saturated to [lo, hi]; NaN gives 0. */
static double shrink_int(double x, double lo, double hi, const dmlp__kernel_args *args)
{
    double y = shrink_f64(x, args);
    if (piecewise_isnan64(y))
        return 0.0;
    if (y <= lo)
        return lo;
    if (y >= hi)
        return hi;
    return y < 0 ? -(double)(int64_t)(-y) : (double)(int64_t)y;
}

DMLP__REFERENCE_MAP(i8_shrink, int8_t, int8_t, shrink_int(x, INT8_MIN, INT8_MAX, args))
DMLP__REFERENCE_MAP(u8_shrink, uint8_t, uint8_t, shrink_int(x, 0, UINT8_MAX, args))
DMLP__REFERENCE_MAP(i16_shrink, int16_t, int16_t, shrink_int(x, INT16_MIN, INT16_MAX, args))
DMLP__REFERENCE_MAP(u16_shrink, uint16_t, uint16_t, shrink_int(x, 0, UINT16_MAX, args))
DMLP__REFERENCE_MAP(i32_shrink, int32_t, int32_t, shrink_int(x, INT32_MIN, INT32_MAX, args))
DMLP__REFERENCE_MAP(u32_shrink, uint32_t, uint32_t, shrink_int(x, 0, UINT32_MAX, args))
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* The two compares on the difference's sign (pw_gt32), -Threshold by its sign bit. */
static ALWAYS_INLINE V shrink_v32(V x, const kc *c)
{
    F32 xf = tof32(x), b = tof32(c->p[0]);
    V neg = vor(vandn(c->p[1], set32(SIGN32)), vand(c->p[1], set32(0x7fffffffu)));
    V r = sel32(pw_gt32(tof32(neg), xf), fromf32(fadd32(xf, b)), zero());
    return sel32(pw_gt32(xf, tof32(c->p[1])), fromf32(fsub32(xf, b)), r);
}
static ALWAYS_INLINE V shrink_v64(V x, const kc *c)
{
    F64 xf = tof64(x), b = tof64(c->p[0]);
    V neg = vor(vandn(c->p[1], set64(1ull << 63)), vand(c->p[1], c->abs));
    V r = sel64(pw_gt64(tof64(neg), xf), fromf64(fadd64(xf, b)), zero());
    return sel64(pw_gt64(xf, tof64(c->p[1])), fromf64(fsub64(xf, b)), r);
}
PIECEWISE_VECTOR(shrink)

/* The integer types without binary64: for an integer x, x > Threshold is x >= above and
   x < -Threshold is x <= below (integers found once), and where x -+ Bias is exact in
   binary64 for every x of the type, its truncation is x - ceil(Bias) or x - floor(Bias)
   by the sign of x - Bias, and x + floor(Bias) or x + ceil(Bias) by the sign of x + Bias
   (x >= ceil(Bias), x >= -floor(Bias)). A Bias beyond +-limit (past the type's range by
   more than its width) saturates every result it reaches, as that limit does. A Bias
   whose sum can round (bits below 2^-20 for the 32-bit types, 2^-36 for the 16-bit
   ones) leaves the call to the reference. The 8-bit types compute in int16 (limit
   2^14), the 16-bit ones in int32 (2^24), the 32-bit ones in int64 (2^40): loops of
   plain C the compiler vectorises for the level, without branches (the choice of
   floor or ceil a product by 0 or 1, each range's result a product by its test). On a
   Zen 4 at AVX-512 the 8-bit ones ran at 4 GB/s in int32, 7.5 in int16 with the
   choices as selects, 14 as products. */
typedef struct shrink_int_form {
    int64_t above, below, fb, cb, lo, hi;
} shrink_int_form;

static int shrink_int_setup(const dmlp__kernel_args *args, int64_t lo, int64_t hi,
                            double limit, shrink_int_form *f)
{
    double b = args->param[0], t = args->param[1];
    f->lo = lo;
    f->hi = hi;
    if (b != b || t != t) { /* a NaN sum or no x in either range: every result 0 */
        f->above = (int64_t)limit;
        f->below = -(int64_t)limit;
        f->fb = f->cb = 0;
        return 1;
    }
    if (b > limit) {
        b = limit;
    } else if (b < -limit) {
        b = -limit;
    } else {
        int e; /* |x -+ b| < 2^e for every x: exact where b is a multiple of 2^(e-53) */
        frexp((double)(hi > -lo ? hi : -lo) + fabs(b), &e);
        double scaled = ldexp(b, 53 - e);
        if (scaled != floor(scaled))
            return 0;
    }
    f->fb = (int64_t)floor(b);
    f->cb = (int64_t)ceil(b);
    double above = floor(t) + 1, below = ceil(-t) - 1;
    f->above = (int64_t)(above > limit ? limit : above < -limit ? -limit : above);
    f->below = (int64_t)(below > limit ? limit : below < -limit ? -limit : below);
    return 1;
}

#define SHRINK_INT_FAST(t, T, W, lo, hi, limit)                                             \
    REFERENCE_DECL(t, shrink);                                                              \
    UNARY_KERNEL(t, shrink)                                                                 \
    {                                                                                       \
        shrink_int_form form;                                                               \
        if (!shrink_int_setup(args, lo, hi, limit, &form)) {                                \
            REFERENCE(t, shrink)(n, in, out, args);                                         \
            return;                                                                         \
        }                                                                                   \
        const W above = (W)form.above, below = (W)form.below, fb = (W)form.fb,              \
                cb = (W)form.cb, low = (W)lo, high = (W)hi;                                 \
        const W step = cb - fb;                                                             \
        FOR_LOCAL_RUNS(n, in, out, T, T, W v = x[k];                                        \
                       W up = v - fb - (W)(v >= cb) * step;                                 \
                       W down = v + cb - (W)(v >= -fb) * step;                              \
                       W r = (W)(v >= above) * up + (W)(v <= below && v < above) * down;    \
                       r = r < low ? low : r;                                               \
                       y[k] = (T)(r > high ? high : r);)                                    \
    }
SHRINK_INT_FAST(i8, int8_t, int16_t, INT8_MIN, INT8_MAX, 0x1p14)
SHRINK_INT_FAST(u8, uint8_t, int16_t, 0, UINT8_MAX, 0x1p14)
SHRINK_INT_FAST(i16, int16_t, int32_t, INT16_MIN, INT16_MAX, 0x1p24)
SHRINK_INT_FAST(u16, uint16_t, int32_t, 0, UINT16_MAX, 0x1p24)
SHRINK_INT_FAST(i32, int32_t, int64_t, INT32_MIN, INT32_MAX, 0x1p40)
SHRINK_INT_FAST(u32, uint32_t, int64_t, 0, UINT32_MAX, 0x1p40)
#undef SHRINK_INT_FAST
#endif

#undef OP
#undef OP_DESC
