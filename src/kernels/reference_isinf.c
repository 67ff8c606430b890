/* Reference IsInfinity kernels: a UINT8 1 where the input is an infinity the mode
   selects, else 0 (docs/operators.md). Decided on the bits: a value is an infinity when its
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
