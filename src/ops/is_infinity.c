/* ELEMENT_WISE_IS_INFINITY: a UINT8 1 where the input is an infinity the InfinityMode
   selects (either sign, positive or negative), else 0 (docs/operators.md). Decided on the
   bits: a value is an infinity when its magnitude bits equal +inf's; NaNs and every
   float8 type but E5M2 give 0. */
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_IS_INFINITY
#define OP_DESC DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_IS_INFINITY, isinf, isinf, "IsInf", DML_TENSOR_DATA_TYPE_UINT8,
        DMLP_NOT_IN_PLACE("IsInfinity never runs in place"),
        "  isinf     ELEMENT_WISE_IS_INFINITY: 1 where the input is an infinity the mode\n"
        "            selects, else 0\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD(INFINITY_MODE, InfinityMode))

DMLP_SUPPORT(2_1, 4, 4, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16, E4M3FN, E4M3FNUZ, E5M2, E5M2FNUZ))

DMLP_ONNX(20, "float16, float, double, bfloat16, float8e4m3fn, float8e4m3fnuz, float8e5m2, "
              "float8e5m2fnuz", DMLP_ONNX_TYPE_BOOL, 0, 0)
DMLP_ONNX(10, "float, double", DMLP_ONNX_TYPE_BOOL, 0, 0)

DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_isinf, 2, 1, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_isinf, 4, 1, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_isinf, 8, 1, YES, YES)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_isinf, 2, 1, YES, YES)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2, f8e5m2_isinf, 1, 1, YES, YES)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN, f8e4m3fn_isinf, 1, 1, YES, YES)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FNUZ, f8e4m3fnuz_isinf, 1, 1, YES, YES)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2FNUZ, f8e5m2fnuz_isinf, 1, 1, YES, YES)

#ifndef DMLP_OPS_LIST
#include "kernels/reference.h"

static uint8_t mode_selects(DML_IS_INFINITY_MODE mode, int negative)
{
    switch (mode) {
    case DML_IS_INFINITY_MODE_EITHER: return 1;
    case DML_IS_INFINITY_MODE_POSITIVE: return !negative;
    case DML_IS_INFINITY_MODE_NEGATIVE: return (uint8_t)(negative != 0);
    }
    return 0; /* validation refuses other modes; select nothing rather than guess */
}

/* sign: the format's sign bit; inf: +infinity's bits. */
static uint8_t isinf_bits(uint64_t x, uint64_t sign, uint64_t inf, DML_IS_INFINITY_MODE mode)
{
    int infinite = (x & ~sign) == inf;
    return infinite ? mode_selects(mode, (x & sign) != 0) : 0;
}

DMLP__REFERENCE_MAP(f16_isinf, uint16_t, uint8_t,
                    isinf_bits(x, 0x8000u, 0x7c00u, args->mode))
DMLP__REFERENCE_MAP(bf16_isinf, uint16_t, uint8_t,
                    isinf_bits(x, 0x8000u, 0x7f80u, args->mode))
DMLP__REFERENCE_MAP(f32_isinf, uint32_t, uint8_t,
                    isinf_bits(x, 0x80000000u, 0x7f800000u, args->mode))
DMLP__REFERENCE_MAP(f64_isinf, uint64_t, uint8_t,
                    isinf_bits(x, 0x8000000000000000u, 0x7ff0000000000000u, args->mode))
DMLP__REFERENCE_MAP(f8e5m2_isinf, uint8_t, uint8_t, isinf_bits(x, 0x80u, 0x7cu, args->mode))

/* E4M3FN, E4M3FNUZ and E5M2FNUZ have no infinities. */
#define NO_INFINITIES(name)                                                                 \
    DMLP__REFERENCE_KERNEL(name)                                                            \
    {                                                                                       \
        (void)in;                                                                           \
        (void)args;                                                                         \
        if (n)                                                                              \
            memset(out, 0, n);                                                              \
    }
NO_INFINITIES(f8e4m3fn_isinf)
NO_INFINITIES(f8e4m3fnuz_isinf)
NO_INFINITIES(f8e5m2fnuz_isinf)
#endif

#undef OP
#undef OP_DESC
