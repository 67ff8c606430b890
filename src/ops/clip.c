/* ELEMENT_WISE_CLIP: max(Min, min(x, Max)) in the page's order (docs/operators.md), x after
   the ScaleBias when there is one. Min and Max are converted to the tensor's type as the
   page's remark says (ops/clamp.h: floats rounded to nearest even, integers truncated
   toward zero and saturated; a NaN bound bounds nothing for integers). min and max are
   DirectML's GPU ones (a NaN loses, -0 below +0), or with
   DMLP_EXECUTION_FLAG_NAN_PROPAGATE IEEE's minimum and maximum (a NaN wins), which is
   ONNX's rule (its reference is numpy's clip). When Min is above Max the result is Min,
   as the page's order gives; ONNX's Clip gives max there, so its loader lowers Min to
   Max (src/onnx). */
#include "ops/op.h"
#include "ops/clamp.h"

#define OP DML_OPERATOR_ELEMENT_WISE_CLIP
#define OP_DESC DML_ELEMENT_WISE_CLIP_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_CLIP, clip, clip, "Clip", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  clip      ELEMENT_WISE_CLIP: max(min, min(x, max)) (--min, default -inf; --max,\n"
        "            default inf; of x * scale + bias with --scale and --bias; a NaN x gives\n"
        "            max, or with --nan propagate NaN)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD(SCALE_BIAS, ScaleBias), DMLP_FIELD_DEFAULT(FLOAT, Min, -__builtin_inff()),
        DMLP_FIELD_DEFAULT(FLOAT, Max, __builtin_inff()))

CLAMP_SUPPORT
DMLP_SUPPORT(5_0, 1, 8, (F32, F16, I64, I32, I16, I8, U64, U32, U16, U8))
DMLP_EXTENSION_TYPES((F64, BF16))

/* Clip-1 and Clip-6 take min and max as attributes (defaults: float's lowest and
   highest); from 11 they are optional inputs, which the loader reads as constants
   (DMLP_ONNX_BOUND_INPUTS); 12 adds the integer types and 13 bfloat16. */
DMLP_ONNX_FLOAT("min", Min, -0x1.fffffep127f)
DMLP_ONNX_FLOAT("max", Max, 0x1.fffffep127f)
DMLP_ONNX(13, "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, "
              "double, bfloat16", 0, DMLP_EXECUTION_FLAG_NAN_PROPAGATE,
          DMLP_ONNX_BOUND_INPUTS | DMLP_ONNX_LOWER_FIRST)
DMLP_ONNX(12, "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, "
              "double", 0, DMLP_EXECUTION_FLAG_NAN_PROPAGATE,
          DMLP_ONNX_BOUND_INPUTS | DMLP_ONNX_LOWER_FIRST)
DMLP_ONNX(11, "float16, float, double", 0, DMLP_EXECUTION_FLAG_NAN_PROPAGATE,
          DMLP_ONNX_BOUND_INPUTS | DMLP_ONNX_LOWER_FIRST)
DMLP_ONNX(6, "float16, float, double", 0, DMLP_EXECUTION_FLAG_NAN_PROPAGATE,
          DMLP_ONNX_LOWER_FIRST)
DMLP_ONNX(1, "float16, float, double", 0, DMLP_EXECUTION_FLAG_NAN_PROPAGATE,
          DMLP_ONNX_CONSUMED_INPUTS | DMLP_ONNX_LOWER_FIRST)

CLAMP_KERNELS(clip)
/* graphs run a float Clip inside a chain kernel (a node with a ScaleBias joins no chain) */
DMLP_CHAIN(DMLP__CHAIN_CLIP)
DMLP_CHAIN_MAP(f16, DMLP__CHAIN_CLIP, blk_clip_f16, setup_clamp_f16)
DMLP_CHAIN_MAP(bf16, DMLP__CHAIN_CLIP, blk_clip_f16, setup_clamp_bf16)
DMLP_CHAIN_MAP(f32, DMLP__CHAIN_CLIP, blk_clip_f32, setup_f32)
DMLP_CHAIN_MAP(f64, DMLP__CHAIN_CLIP, blk_clip_f64, setup_f64)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_INT64, i64_clip, 8, 8, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_UINT64, u64_clip, 8, 8, YES, YES)

#ifndef DMLP_OPS_LIST
#define FLOAT_CLIP(t, T)                                                                    \
    static T t##_clip_one(uint64_t x, const dmlp__kernel_args *args)                        \
    {                                                                                       \
        uint64_t low = clamp_bound_##t(args->param[0]), high = clamp_bound_##t(args->param[1]); \
        uint64_t u = minmax_pick(clamp_scaled_##t(x, args), high, &t##_format,              \
                                 args->nan_propagate, 0);                                   \
        return (T)minmax_pick(low, u, &t##_format, args->nan_propagate, 1);                 \
    }                                                                                       \
    DMLP__REFERENCE_MAP(t##_clip, T, T, t##_clip_one(x, args))
FLOAT_CLIP(f16, uint16_t)
FLOAT_CLIP(bf16, uint16_t)
FLOAT_CLIP(f32, uint32_t)
FLOAT_CLIP(f64, uint64_t)

/* Integers in their own signedness: min with Max, then max with Min (a NaN bound: none). */
static int64_t clip_signed(int64_t x, int64_t lo, int64_t hi, const dmlp__kernel_args *args)
{
    int none_low, none_high;
    double low = clamp_bound_int(args->param[0], (double)lo, (double)hi, &none_low);
    double high = clamp_bound_int(args->param[1], (double)lo, (double)hi, &none_high);
    int64_t l = low >= 0x1p63 ? INT64_MAX : (int64_t)low;
    int64_t h = high >= 0x1p63 ? INT64_MAX : (int64_t)high;
    int64_t u = none_high || x < h ? x : h;
    return none_low || u > l ? u : l;
}
static uint64_t clip_unsigned(uint64_t x, uint64_t hi, const dmlp__kernel_args *args)
{
    int none_low, none_high;
    double low = clamp_bound_int(args->param[0], 0, (double)hi, &none_low);
    double high = clamp_bound_int(args->param[1], 0, (double)hi, &none_high);
    uint64_t l = low >= 0x1p64 ? UINT64_MAX : (uint64_t)low;
    uint64_t h = high >= 0x1p64 ? UINT64_MAX : (uint64_t)high;
    uint64_t u = none_high || x < h ? x : h;
    return none_low || u > l ? u : l;
}
DMLP__REFERENCE_MAP(i8_clip, int8_t, int8_t, clip_signed(x, INT8_MIN, INT8_MAX, args))
DMLP__REFERENCE_MAP(i16_clip, int16_t, int16_t, clip_signed(x, INT16_MIN, INT16_MAX, args))
DMLP__REFERENCE_MAP(i32_clip, int32_t, int32_t, clip_signed(x, INT32_MIN, INT32_MAX, args))
DMLP__REFERENCE_MAP(i64_clip, int64_t, int64_t, clip_signed(x, INT64_MIN, INT64_MAX, args))
DMLP__REFERENCE_MAP(u8_clip, uint8_t, uint8_t, clip_unsigned(x, UINT8_MAX, args))
DMLP__REFERENCE_MAP(u16_clip, uint16_t, uint16_t, clip_unsigned(x, UINT16_MAX, args))
DMLP__REFERENCE_MAP(u32_clip, uint32_t, uint32_t, clip_unsigned(x, UINT32_MAX, args))
DMLP__REFERENCE_MAP(u64_clip, uint64_t, uint64_t, clip_unsigned(x, UINT64_MAX, args))
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* A float kernel: a ScaleBias to the reference; for f32 and f64 the ISA's min and max
   where clamp_native says so (ops/clamp.h); number bounds on the keys (w-bit lanes,
   ops/clamp.h) where args->clamp_keys says so; else blk with setup, which is min with
   Max, then max with Min, each in the page's order, with Max's kernels (f16 and bf16 on
   their ordering keys). */
#define CLIP_FLOAT_KERNEL(t, S, w, NATIVE, native_blk, native_setup, blk, setup)             \
    MAP_BLOCK(blk_clip_keys_##t, clamp_keys##w(x, 1, c))                                    \
    CLAMP_FLOAT_KERNEL(t, clip, S, NATIVE, native_blk, native_setup, clamp_keyed(args, 2),  \
                       blk_clip_keys_##t, setup_clamp_keys_##t, blk, setup)

MAP_BLOCK(blk_clip_native_f32, clamp_native32(x, 1, c))
MAP_BLOCK(blk_clip_native_f64, clamp_native64(x, 1, c))
MAP_BLOCK(blk_clip_f32, bin_max_f32(c->p[0], clamp_min32(x, c->p[1], c), c))
MAP_BLOCK(blk_clip_f64, bin_max_f64(c->p[0], clamp_min64(x, c->p[1], c), c))
MAP_BLOCK(blk_clip_f16, bin_max_f16(c->p[0], clamp_min16(x, c->p[1], c), c))
CLIP_FLOAT_KERNEL(f32, 4, 32, clamp_native(args, 2), blk_clip_native_f32,
                  setup_clamp_native_f32, blk_clip_f32, setup_f32)
CLIP_FLOAT_KERNEL(f64, 8, 64, clamp_native(args, 2), blk_clip_native_f64,
                  setup_clamp_native_f64, blk_clip_f64, setup_f64)
CLIP_FLOAT_KERNEL(f16, 2, 16, 0, blk_clip_f16, setup_clamp_f16, blk_clip_f16, setup_clamp_f16)
CLIP_FLOAT_KERNEL(bf16, 2, 16, 0, blk_clip_f16, setup_clamp_bf16, blk_clip_f16,
                  setup_clamp_bf16)
/* The integers (no ScaleBias): min with Max, then max with Min. */
#define INT_CLIP(t, S)                                                                      \
    MAP_BLOCK(blk_clip_##t, clamp_max_##t(c->p[0], clamp_min_##t(x, c->p[1])))             \
    MAP_KERNEL(t, clip, S, blk_clip_##t, setup_clamp_##t)
INT_CLIP(i8, 1)
INT_CLIP(u8, 1)
INT_CLIP(i16, 2)
INT_CLIP(u16, 2)
INT_CLIP(i32, 4)
INT_CLIP(u32, 4)
INT_CLIP(i64, 8)
INT_CLIP(u64, 8)
#undef INT_CLIP
#endif

#undef OP
#undef OP_DESC
