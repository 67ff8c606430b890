/* ELEMENT_WISE_THRESHOLD: max(x, Min) (docs/operators.md), x after the ScaleBias when there
   is one. Min is converted to the tensor's type as Clip's page says (ops/clamp.h); max is
   DirectML's GPU one (maximumNumber: a NaN x gives Min, -0 is below +0), or with
   DMLP_EXECUTION_FLAG_NAN_PROPAGATE IEEE maximum (a NaN wins). Integers compare in their
   own signedness against Min truncated and saturated; a NaN Min bounds nothing. */
#include "ops/op.h"
#include "ops/clamp.h"

#define OP DML_OPERATOR_ELEMENT_WISE_THRESHOLD
#define OP_DESC DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_THRESHOLD, threshold, threshold, NULL, DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  threshold ELEMENT_WISE_THRESHOLD: max(x, min) (--min required; of x * scale +\n"
        "            bias with --scale and --bias; a NaN x gives min, or with --nan\n"
        "            propagate NaN)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD(SCALE_BIAS, ScaleBias), DMLP_FIELD(FLOAT, Min))

CLAMP_SUPPORT
DMLP_EXTENSION_TYPES((F64, BF16))

CLAMP_KERNELS(threshold)
/* graphs run a float Threshold inside a chain kernel (a node with a ScaleBias joins no chain) */
DMLP_CHAIN(DMLP__CHAIN_THRESHOLD)
DMLP_CHAIN_MAP(f16, DMLP__CHAIN_THRESHOLD, blk_threshold_f16, setup_clamp_f16)
DMLP_CHAIN_MAP(bf16, DMLP__CHAIN_THRESHOLD, blk_threshold_f16, setup_clamp_bf16)
DMLP_CHAIN_MAP(f32, DMLP__CHAIN_THRESHOLD, blk_threshold_f32, setup_f32)
DMLP_CHAIN_MAP(f64, DMLP__CHAIN_THRESHOLD, blk_threshold_f64, setup_f64)

#ifndef DMLP_OPS_LIST
#define FLOAT_THRESHOLD(t, T)                                                               \
    DMLP__REFERENCE_MAP(t##_threshold, T, T,                                                \
                        minmax_pick(clamp_scaled_##t(x, args),                              \
                                    clamp_bound_##t(args->param[0]), &t##_format,           \
                                    args->nan_propagate, 1))
FLOAT_THRESHOLD(f16, uint16_t)
FLOAT_THRESHOLD(bf16, uint16_t)
FLOAT_THRESHOLD(f32, uint32_t)
FLOAT_THRESHOLD(f64, uint64_t)

static double threshold_int(double x, double lo, double hi, const dmlp__kernel_args *args)
{
    int none;
    double m = clamp_bound_int(args->param[0], lo, hi, &none);
    return none || x > m ? x : m;
}
DMLP__REFERENCE_MAP(i8_threshold, int8_t, int8_t, threshold_int(x, INT8_MIN, INT8_MAX, args))
DMLP__REFERENCE_MAP(u8_threshold, uint8_t, uint8_t, threshold_int(x, 0, UINT8_MAX, args))
DMLP__REFERENCE_MAP(i16_threshold, int16_t, int16_t, threshold_int(x, INT16_MIN, INT16_MAX, args))
DMLP__REFERENCE_MAP(u16_threshold, uint16_t, uint16_t, threshold_int(x, 0, UINT16_MAX, args))
DMLP__REFERENCE_MAP(i32_threshold, int32_t, int32_t, threshold_int(x, INT32_MIN, INT32_MAX, args))
DMLP__REFERENCE_MAP(u32_threshold, uint32_t, uint32_t, threshold_int(x, 0, UINT32_MAX, args))
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* The floats: a ScaleBias to the reference; for f32 and f64 a number Min but -0 by the
   ISA's max (clamp_native, ops/clamp.h); a number Min on the keys where args->clamp_keys
   says so; else Max's max against Min in every lane (f16 and bf16 on their own ordering
   keys). */
MAP_BLOCK(blk_threshold_f32, bin_max_f32(x, c->p[0], c))
MAP_BLOCK(blk_threshold_f64, bin_max_f64(x, c->p[0], c))
MAP_BLOCK(blk_threshold_f16, bin_max_f16(x, c->p[0], c))
/* Min's key, and Min for a NaN x (setup_keys with Min for both bounds). */
#define SETUP_THRESHOLD_KEYS(t, w, BITS)                                                    \
    static ALWAYS_INLINE void setup_threshold_keys_##t(kc *c, const dmlp__kernel_args *args) \
    {                                                                                       \
        setup_##t(c, args);                                                                 \
        uint64_t min = BITS(args->param[0]);                                                \
        setup_keys(c, w, min, min);                                                         \
    }
SETUP_THRESHOLD_KEYS(f16, 16, dmlp__f32_to_f16)
SETUP_THRESHOLD_KEYS(bf16, 16, dmlp__f32_to_bf16)
SETUP_THRESHOLD_KEYS(f32, 32, dmlp__f32_bits)
SETUP_THRESHOLD_KEYS(f64, 64, dmlp__f64_bits)
#undef SETUP_THRESHOLD_KEYS
/* Min itself, and Min for a NaN x (the f32 and f64 native form). */
#define SETUP_THRESHOLD_NATIVE(t, w, BITS)                                                  \
    static ALWAYS_INLINE void setup_threshold_native_##t(kc *c,                             \
                                                         const dmlp__kernel_args *args)     \
    {                                                                                       \
        setup_##t(c, args);                                                                 \
        uint64_t min = BITS(args->param[0]);                                                \
        setup_native(c, w, min, min);                                                       \
    }                                                                                       \
    MAP_BLOCK(blk_threshold_native_##t, clamp_native##w(x, 0, c))
SETUP_THRESHOLD_NATIVE(f32, 32, dmlp__f32_bits)
SETUP_THRESHOLD_NATIVE(f64, 64, dmlp__f64_bits)
#undef SETUP_THRESHOLD_NATIVE
#define THRESHOLD_FLOAT_KERNEL(t, S, w, NATIVE, native_blk, native_setup, blk, setup)        \
    MAP_BLOCK(blk_threshold_keys_##t, clamp_keys##w(x, 0, c))                               \
    CLAMP_FLOAT_KERNEL(t, threshold, S, NATIVE, native_blk, native_setup,                   \
                       clamp_keyed(args, 1), blk_threshold_keys_##t,                        \
                       setup_threshold_keys_##t, blk, setup)
THRESHOLD_FLOAT_KERNEL(f32, 4, 32, clamp_native(args, 1), blk_threshold_native_f32,
                       setup_threshold_native_f32, blk_threshold_f32, setup_f32)
THRESHOLD_FLOAT_KERNEL(f64, 8, 64, clamp_native(args, 1), blk_threshold_native_f64,
                       setup_threshold_native_f64, blk_threshold_f64, setup_f64)
THRESHOLD_FLOAT_KERNEL(f16, 2, 16, 0, blk_threshold_f16, setup_clamp_f16, blk_threshold_f16,
                       setup_clamp_f16)
THRESHOLD_FLOAT_KERNEL(bf16, 2, 16, 0, blk_threshold_f16, setup_clamp_bf16,
                       blk_threshold_f16, setup_clamp_bf16)
#undef THRESHOLD_FLOAT_KERNEL
/* The integers (no ScaleBias): max with Min. */
#define INT_THRESHOLD(t, S)                                                                 \
    MAP_BLOCK(blk_threshold_##t, clamp_max_##t(x, c->p[0]))                                 \
    MAP_KERNEL(t, threshold, S, blk_threshold_##t, setup_clamp_##t)
INT_THRESHOLD(i8, 1)
INT_THRESHOLD(u8, 1)
INT_THRESHOLD(i16, 2)
INT_THRESHOLD(u16, 2)
INT_THRESHOLD(i32, 4)
INT_THRESHOLD(u32, 4)
#undef INT_THRESHOLD
#endif

#undef OP
#undef OP_DESC
