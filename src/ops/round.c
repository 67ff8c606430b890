/* ELEMENT_WISE_ROUND: x rounded to an integral value in its own float type as RoundingMode
   says (docs/operators.md): HALVES_TO_NEAREST_EVEN (2.5 gives 2, -1.5 gives -2),
   TOWARD_ZERO (truncation) or TOWARD_INFINITY (to nearest, ties away from zero: 2.5 gives
   3, -2.5 gives -3). Exact and decided on the bits: the sign is kept (-0.4 gives -0), ±0
   and ±inf give themselves, a NaN comes back quiet with its sign and payload. ONNX's
   Round is the first mode. */
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_ROUND
#define OP_DESC DML_ELEMENT_WISE_ROUND_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_ROUND, round, round, "Round", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  round     ELEMENT_WISE_ROUND: x rounded to an integer, ties to even (--rounding\n"
        "            toward_zero: truncated; toward_infinity: ties away from zero)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD(ROUNDING_MODE, RoundingMode))

DMLP_SUPPORT(2_1, 4, 4, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

/* ONNX's Round rounds halves to even: RoundingMode 0, which its nodes get. */
DMLP_ONNX(22, "float16, float, double, bfloat16", 0, 0, 0)
DMLP_ONNX(11, "float16, float, double", 0, 0, 0)

DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_round, 2, 2, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_round, 4, 4, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_round, 8, 8, YES, YES)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_round, 2, 2, YES, YES)
/* graphs run Round inside a chain kernel: one map per RoundingMode, DMLP__CHAIN_ROUND plus
   the mode, each by the element function its kernel runs for the mode */
DMLP_CHAIN(DMLP__CHAIN_ROUND)
#define ROUND_CHAIN(t, setup)                                                               \
    DMLP_CHAIN_MAP(t, DMLP__CHAIN_ROUND + DML_ROUNDING_MODE_HALVES_TO_NEAREST_EVEN,         \
                   blk_round_even_##t, setup)                                               \
    DMLP_CHAIN_MAP(t, DMLP__CHAIN_ROUND + DML_ROUNDING_MODE_TOWARD_ZERO, blk_round_zero_##t, \
                   setup)                                                                   \
    DMLP_CHAIN_MAP(t, DMLP__CHAIN_ROUND + DML_ROUNDING_MODE_TOWARD_INFINITY,                \
                   blk_round_away_##t, setup)
ROUND_CHAIN(f16, setup_f16)
ROUND_CHAIN(bf16, setup_bf16)
ROUND_CHAIN(f32, setup_none)
ROUND_CHAIN(f64, setup_none)
#undef ROUND_CHAIN

#ifndef DMLP_OPS_LIST
#include "kernels/reference.h"
#include "kernels/round_integral.h"

DMLP__REFERENCE_MAP(f16_round, uint16_t, uint16_t,
                    dmlp__round_integral_mode(x, &dmlp__round_f16, (unsigned)args->rounding))
DMLP__REFERENCE_MAP(bf16_round, uint16_t, uint16_t,
                    dmlp__round_integral_mode(x, &dmlp__round_bf16, (unsigned)args->rounding))
DMLP__REFERENCE_MAP(f32_round, uint32_t, uint32_t,
                    dmlp__round_integral_mode(x, &dmlp__round_f32, (unsigned)args->rounding))
DMLP__REFERENCE_MAP(f64_round, uint64_t, uint64_t,
                    dmlp__round_integral_mode(x, &dmlp__round_f64, (unsigned)args->rounding))
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* Ties away from zero from truncation: what truncation drops, |x| - |t|, is exact, and
   from one half up the magnitude steps up by one (exact: below 2^24, f64 2^53, something
   is dropped; above, nothing). An infinity drops inf - inf, a NaN, which compares false;
   a NaN lane keeps the quiet NaN ftrunc gives, its sign put back. */
#define ROUND_AWAY(w, SIGN, ONE, HALF)                                                      \
    static ALWAYS_INLINE F##w round_away##w(F##w x)                                         \
    {                                                                                       \
        V sign = vand(fromf##w(x), set##w(SIGN));                                           \
        V t = vandn(set##w(SIGN), fromf##w(ftrunc##w(x)));                                  \
        V a = vandn(set##w(SIGN), fromf##w(x));                                             \
        V dropped = fromf##w(fsub##w(tof##w(a), tof##w(t)));                                \
        V up = fromf##w(fadd##w(tof##w(t), tof##w(set##w(ONE))));                           \
        return tof##w(vor(sel##w(fge##w(dropped, set##w(HALF)), up, t), sign));             \
    }
ROUND_AWAY(32, SIGN32, FONE32, 0x3f000000u)
ROUND_AWAY(64, 0x8000000000000000u, FONE64, 0x3fe0000000000000u)

/* One element function per mode and type; f16 and bf16 round in f32 (exact: an integral
   value of a 16-bit float fits it), lanes of magnitude 2^10 (bf16 2^7) and above keep x. */
#define ROUND_MODE_BLOCKS(mode, f32op, f64op)                                               \
    MAP_BLOCK(blk_round_##mode##_f32, fromf32(f32op(tof32(x))))                             \
    MAP_BLOCK(blk_round_##mode##_f64, fromf64(f64op(tof64(x))))                             \
    MAP_BLOCK(blk_round_##mode##_f16,                                                       \
              integral_lanes16(x, f2h(f32op(h2f_lo(x)), f32op(h2f_hi(x))), 0x6400, c))      \
    MAP_BLOCK(blk_round_##mode##_bf16,                                                      \
              integral_lanes16(x, bf_narrow(f32op(bf_even(x)), f32op(bf_odd(x))), 0x4300, c))
ROUND_MODE_BLOCKS(even, fnearest32, fnearest64)
ROUND_MODE_BLOCKS(zero, ftrunc32, ftrunc64)
ROUND_MODE_BLOCKS(away, round_away32, round_away64)

/* The mode is the call's: one loop per mode, chosen once per run. */
#define ROUND_KERNEL(t, S, setup)                                                           \
    UNARY_KERNEL(t, round)                                                                  \
    {                                                                                       \
        switch (args->rounding) {                                                           \
        case DML_ROUNDING_MODE_TOWARD_ZERO:                                                 \
            run_map(n, in, out, args, S, blk_round_zero_##t, setup);                        \
            break;                                                                          \
        case DML_ROUNDING_MODE_TOWARD_INFINITY:                                             \
            run_map(n, in, out, args, S, blk_round_away_##t, setup);                        \
            break;                                                                          \
        default:                                                                            \
            run_map(n, in, out, args, S, blk_round_even_##t, setup);                        \
            break;                                                                          \
        }                                                                                   \
    }
ROUND_KERNEL(f16, 2, setup_f16)
ROUND_KERNEL(bf16, 2, setup_bf16)
ROUND_KERNEL(f32, 4, setup_none)
ROUND_KERNEL(f64, 8, setup_none)
#endif

#undef OP
#undef OP_DESC
