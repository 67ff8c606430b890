/* Reference IsInfinity kernels: a UINT8 1 where the input is an infinity the mode
   selects, else 0 (SPEC.md §1). Decided on the bits: a value is an infinity when its
   magnitude bits equal +inf's; NaNs and every float8 type but E5M2 give 0. */
#include <string.h>

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
static void f8_without_inf_isinf(size_t n, const void *in, void *out,
                                 const dmlp__kernel_args *args)
{
    (void)in;
    (void)args;
    if (n)
        memset(out, 0, n);
}

dmlp__kernel_choice dmlp__reference_isinf(DML_TENSOR_DATA_TYPE type)
{
    dmlp__kernel_choice c = {0, DMLP__ISA_SCALAR, 0};
    switch (type) {
    case DML_TENSOR_DATA_TYPE_FLOAT16:
        c.fn = f16_isinf;
        c.name = "f16_isinf__reference";
        break;
    case DMLP_TENSOR_DATA_TYPE_BFLOAT16:
        c.fn = bf16_isinf;
        c.name = "bf16_isinf__reference";
        break;
    case DML_TENSOR_DATA_TYPE_FLOAT32:
        c.fn = f32_isinf;
        c.name = "f32_isinf__reference";
        break;
    case DML_TENSOR_DATA_TYPE_FLOAT64:
        c.fn = f64_isinf;
        c.name = "f64_isinf__reference";
        break;
    case DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2:
        c.fn = f8e5m2_isinf;
        c.name = "f8e5m2_isinf__reference";
        break;
    case DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN:
        c.fn = f8_without_inf_isinf;
        c.name = "f8e4m3fn_isinf__reference";
        break;
    case DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FNUZ:
        c.fn = f8_without_inf_isinf;
        c.name = "f8e4m3fnuz_isinf__reference";
        break;
    case DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2FNUZ:
        c.fn = f8_without_inf_isinf;
        c.name = "f8e5m2fnuz_isinf__reference";
        break;
    default:
        break;
    }
    return c;
}
