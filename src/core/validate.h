/* Internal: complete validation of an operator descriptor (docs/validation.md) into a private
   copy that owns nothing the caller gave. */
#ifndef DMLP_CORE_VALIDATE_H
#define DMLP_CORE_VALIDATE_H

#include <stdbool.h>
#include <stdint.h>

#include "core/registry.h"
#include "dmlp.h"

#define DMLP__MAX_DIMS 8

typedef struct dmlp__tensor {
    DML_TENSOR_DATA_TYPE type;
    DML_TENSOR_FLAGS flags;
    uint32_t dim_count;
    uint32_t sizes[DMLP__MAX_DIMS];
    uint32_t strides[DMLP__MAX_DIMS]; /* in elements; packed row-major when NULL was given */
    bool strides_given;
    uint64_t element_count;           /* product of sizes, <= 2^32 - 1 */
    uint64_t total_bytes;             /* TotalTensorSizeInBytes as given */
    uint32_t alignment;               /* GuaranteedBaseOffsetAlignment */
} dmlp__tensor;

typedef struct dmlp__op_info {
    DML_OPERATOR_TYPE type;
    uint32_t input_count;       /* the row's INPUT fields: 1, 2 for ATensor and BTensor ... */
    union {
        dmlp__tensor inputs[DMLP__MAX_INPUTS]; /* input i in member order */
        struct {
            dmlp__tensor input;   /* InputTensor, or ATensor */
            dmlp__tensor input_b; /* BTensor (two-input operators) */
        };
    };
    uint32_t main_input;        /* the input whose types the support row lists (the first
                                   without types of its own): the kernels' key */
    uint32_t absent;            /* bit i: optional input i was NULL (all zero bytes) */
    dmlp__tensor output;
    DML_IS_INFINITY_MODE mode;  /* IsInfinity only */
    bool has_scale_bias;        /* Identity with a ScaleBias: */
    DML_SCALE_BIAS scale_bias;  /* its copy */
    uint32_t execution_flags;
    DML_OPERATOR_TYPE fused_activation; /* ADD1's FusedActivation; INVALID: none */
    float fused_floats[DMLP__MAX_FLOATS]; /* its FLOAT members, in member order */
    float floats[DMLP__MAX_FLOATS];     /* the FLOAT members (Alpha, Min ...), in order */
    DML_ROUNDING_MODE rounding;         /* Round only */
    uint64_t scalars[DMLP__MAX_SCALARS]; /* the DML_SCALAR_UNION members (CLIP1's Min,
                                            Max) as element bits of the output's type */
    uint32_t row_axes;          /* operators along axes (registry.h's dmlp__op_rows): bit d
                                   set when dimension d is along the row; 0 otherwise */
    int row_kind;               /* ... their dmlp__softmax_kind */
} dmlp__op_info;

/* Validates desc at the given level and device flags; fills *out on success. Every
   refusal returns INVALID_ARGUMENT or UNSUPPORTED with a message in the pattern
   "OPERATOR: Tensor.Field is VALUE; RULE". */
dmlp_status dmlp__validate_operator(uint32_t feature_level, uint32_t device_flags,
                                    const DML_OPERATOR_DESC *desc, uint32_t execution_flags,
                                    dmlp__op_info *out);

/* The same with the descriptor laid out as `def` says (dmlp__validate_operator passes the
   registry's row of desc->Type; NULL: no row). For tests of a layout no operator has
   yet, such as an optional input (registry.h's field.optional); the support table is
   still desc->Type's. */
dmlp_status dmlp__validate_operator_as(const dmlp__op_def *def, uint32_t feature_level,
                                       uint32_t device_flags, const DML_OPERATOR_DESC *desc,
                                       uint32_t execution_flags, dmlp__op_info *out);

#endif
