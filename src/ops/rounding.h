/* What Ceil and Floor share: DirectML's support rows, ONNX's versions, the kernel rows,
   and the reference and fast kernels of each type, which differ only by the direction
   (up: toward +inf). Included by those operators' files in the place of their own. */
#ifndef DMLP_OPS_ROUNDING_H
#define DMLP_OPS_ROUNDING_H

#define ROUNDING_SUPPORT                                                                    \
    DMLP_SUPPORT(1_0, 4, 4, (F32, F16))                                                     \
    DMLP_SUPPORT(3_0, 1, 8, (F32, F16))                                                     \
    DMLP_EXTENSION_TYPES((F64, BF16))

/* Version 1 differs from 6 by the legacy consumed_inputs attribute, which says nothing
   about the result. */
#define ROUNDING_ONNX                                                                       \
    DMLP_ONNX(13, "float16, float, double, bfloat16", 0, 0, 0)                              \
    DMLP_ONNX(6, "float16, float, double", 0, 0, 0)                                         \
    DMLP_ONNX(1, "float16, float, double", 0, 0, DMLP_ONNX_CONSUMED_INPUTS)

#define ROUNDING_KERNELS(op)                                                                \
    DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_##op, 2, 2, YES, YES)                     \
    DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_##op, 4, 4, YES, YES)                     \
    DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_##op, 8, 8, YES, YES)                     \
    DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_##op, 2, 2, YES, YES)

/* Graphs run op inside a chain kernel as map, by the element functions of ROUNDING_VECTOR
   (a node with a ScaleBias joins no chain). */
#define ROUNDING_CHAIN(op, map)                                                             \
    DMLP_CHAIN(map)                                                                         \
    DMLP_CHAIN_MAP(f16, map, blk_##op##_f16, setup_f16)                                     \
    DMLP_CHAIN_MAP(bf16, map, blk_##op##_bf16, setup_bf16)                                  \
    DMLP_CHAIN_MAP(f32, map, blk_##op##_f32, setup_none)                                    \
    DMLP_CHAIN_MAP(f64, map, blk_##op##_f64, setup_none)

/* The reference kernels (kernels/round_integral.h), after the ScaleBias when there is one
   (kernels/scale_bias.h). */
#define ROUNDING_REFERENCE_TYPE(op, t, T, direction)                                        \
    DMLP__REFERENCE_MAP(t##_##op, T, T,                                                     \
                        dmlp__round_integral(args->scale_bias ? dmlp__scale_bias_##t(x, args) \
                                                              : x,                          \
                                             &dmlp__round_##t, direction))
#define ROUNDING_REFERENCE(op, direction)                                                   \
    ROUNDING_REFERENCE_TYPE(op, f16, uint16_t, direction)                                   \
    ROUNDING_REFERENCE_TYPE(op, bf16, uint16_t, direction)                                  \
    ROUNDING_REFERENCE_TYPE(op, f32, uint32_t, direction)                                   \
    ROUNDING_REFERENCE_TYPE(op, f64, uint64_t, direction)

/* The fast kernels: f32 and f64 round in their own lanes (fceil, ffloor), f16 and bf16
   through f32 (vector_kernels.inc); a run with a ScaleBias goes to the reference kernel. */
#define ROUNDING_VECTOR(op, up)                                                             \
    MAP_BLOCK(blk_##op##_f16, round_f16(x, up, c))                                          \
    MAP_BLOCK(blk_##op##_bf16, round_bf16(x, up, c))                                        \
    MAP_BLOCK(blk_##op##_f32, fromf32(fround_dir32(tof32(x), up)))                          \
    MAP_BLOCK(blk_##op##_f64, fromf64(fround_dir64(tof64(x), up)))                          \
    SCALED_MAP_KERNEL(f16, op, 2, blk_##op##_f16, setup_f16, 1)                           \
    SCALED_MAP_KERNEL(bf16, op, 2, blk_##op##_bf16, setup_bf16, 1)                        \
    SCALED_MAP_KERNEL(f32, op, 4, blk_##op##_f32, setup_none, 1)                          \
    SCALED_MAP_KERNEL(f64, op, 8, blk_##op##_f64, setup_none, 1)

#endif
