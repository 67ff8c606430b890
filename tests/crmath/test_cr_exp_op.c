/* ELEMENT_WISE_EXP (src/ops/exp.c) against the MPFR oracle: its reference kernel and
   every fast kernel this CPU runs, through the kernel table, on every float16 and
   bfloat16 input and a stride of binary32 (all 2^32 with --full), bit for bit with the
   correctly rounded e^x; then the same with a ScaleBias, whose x * Scale + Bias the test
   models itself (binary32 multiply and add, each rounded, the 16-bit types narrowed once),
   and a table of special values (docs/operators.md). */
#include <math.h>
#include <mpfr.h>

#include "crmath/cr_unary_forms.h"
#include "crmath/oracle.h"
#include "kernels/kernels.h"
#include "numeric/fp_convert.h"
#include "test_util.h"

static void exp_formula(mpfr_t y, const mpfr_t x, const double *params)
{
    (void)params;
    mpfr_exp(y, x, MPFR_RNDN);
}

static double exp_filter(double x, const double *params)
{
    (void)params;
    return exp(x);
}

static const dmlp_oracle exp_oracle = {"exp", exp_formula, 0, exp_filter, 4, 1};

typedef struct ctx {
    DML_TENSOR_DATA_TYPE type;
    int scaled;
    float scale, bias;
} ctx;

/* x * Scale + Bias as Identity gives it (kernels/scale_bias.h, docs/operators.md), as
   the type's bits; NaN made quiet (an input NaN) or the default NaN (one the arithmetic
   makes). */
static uint32_t scale_bias(const ctx *c, uint32_t x)
{
    float v;
    switch (c->type) {
    case DML_TENSOR_DATA_TYPE_FLOAT32:
        if ((x & 0x7fffffffu) > 0x7f800000u)
            return x | 0x00400000u;
        v = dmlp__f32_from_bits(x) * c->scale;
        v = v + c->bias;
        return isnan(v) ? 0x7fc00000u : dmlp__f32_bits(v);
    case DML_TENSOR_DATA_TYPE_FLOAT16:
        if ((x & 0x7fffu) > 0x7c00u)
            return x | 0x0200u;
        v = dmlp__f16_to_f32((uint16_t)x) * c->scale;
        v = v + c->bias;
        return isnan(v) ? 0x7e00u : dmlp__f32_to_f16(v);
    default:
        if ((x & 0x7fffu) > 0x7f80u)
            return x | 0x0040u;
        v = dmlp__bf16_to_f32((uint16_t)x) * c->scale;
        v = v + c->bias;
        return isnan(v) ? 0x7fc0u : dmlp__f32_to_bf16(v);
    }
}

static uint32_t expect(uint32_t x, void *p)
{
    const ctx *c = p;
    if (c->scaled)
        x = scale_bias(c, x);
    switch (c->type) {
    case DML_TENSOR_DATA_TYPE_FLOAT32:
        return dmlp_oracle_f32(&exp_oracle, x, NULL);
    case DML_TENSOR_DATA_TYPE_FLOAT16:
        return dmlp_oracle_f16(&exp_oracle, (uint16_t)x, NULL);
    default:
        return dmlp_oracle_bf16(&exp_oracle, (uint16_t)x, NULL);
    }
}

/* Known hard and special binary32 inputs: zeros, infinities, NaN payloads, the overflow
   and underflow thresholds, the least subnormal result's neighbourhood. */
static const uint32_t hard[] = {
    0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00001u, 0xffa00005u,
    0x42b17218u, 0x42b17217u, 0xc2cff1b4u, 0xc2cff1b5u, 0xc2ce8ed0u, 0xc2ce8ecfu,
    0x33000000u, 0xb3000000u, 0x33000001u, 0xb2800000u, 0xb2800001u, 0x3f800000u,
    0xbf800000u, 0x7f7fffffu, 0xff7fffffu, 0x00000001u, 0x80000001u,
};

static void sweep(DML_TENSOR_DATA_TYPE type, const char *name, uint64_t stride, int scaled)
{
    ctx c = {type, scaled, 0.75f, -0.5f};
    dmlp_cr_sweep s = {.name = name, .expect = expect, .ctx = &c};
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        s.extra = hard;
        s.extra_count = sizeof hard / sizeof hard[0];
    }
    dmlp__kernel_args args = {.scale_bias = (uint32_t)scaled, .scale = c.scale, .bias = c.bias};
    dmlp_cr_check_op(&s, DML_OPERATOR_ELEMENT_WISE_EXP, type, &args, "reference", stride);
}

/* A few results stated in docs/operators.md, through the reference kernel. */
static void specials(void)
{
    dmlp__unary_kernel k = dmlp__reference_kernel(DML_OPERATOR_ELEMENT_WISE_EXP,
                                                  DML_TENSOR_DATA_TYPE_FLOAT32);
    static const uint32_t in[] = {0xff800000u, 0x7f800000u, 0x80000000u, 0x00000000u,
                                  0xffc12345u, 0x7f812345u, 0x42b20000u, 0xc2d00000u,
                                  0xc2cff1b4u, 0xc2cff1b5u};
    static const uint32_t want[] = {0x00000000u, 0x7f800000u, 0x3f800000u, 0x3f800000u,
                                    0xffc12345u, 0x7fc12345u, 0x7f800000u, 0x00000000u,
                                    0x00000001u, 0x00000000u};
    uint32_t out[sizeof in / sizeof in[0]];
    dmlp__kernel_args args = {0};
    if (!k)
        return;
    k(sizeof in / sizeof in[0], in, out, &args);
    for (size_t i = 0; i < sizeof in / sizeof in[0]; i++)
        CHECK_EQ_U64(out[i], want[i], "exp of 0x%08x", in[i]);
    uint16_t h_in[] = {0xfc00u, 0x7c00u, 0xfd01u, 0x8000u, 0x498cu, 0xcc55u};
    uint16_t h_want[] = {0x0000u, 0x7c00u, 0xff01u, 0x3c00u, 0x7c00u, 0x0001u};
    uint16_t h_out[6];
    k = dmlp__reference_kernel(DML_OPERATOR_ELEMENT_WISE_EXP, DML_TENSOR_DATA_TYPE_FLOAT16);
    if (!k)
        return;
    k(6, h_in, h_out, &args);
    for (size_t i = 0; i < 6; i++)
        CHECK_EQ_U64(h_out[i], h_want[i], "exp f16 of 0x%04x", h_in[i]);
}

int main(int argc, char **argv)
{
    specials();
    uint64_t stride = dmlp_cr_stride_from_args(argc, argv, TEST_THIN ? 65521 : 4099);
    for (int scaled = 0; scaled < 2; scaled++) {
        sweep(DML_TENSOR_DATA_TYPE_FLOAT16, scaled ? "exp f16 scaled" : "exp f16", 0, scaled);
        sweep(DMLP_TENSOR_DATA_TYPE_BFLOAT16, scaled ? "exp bf16 scaled" : "exp bf16", 0, scaled);
        /* the scaled f32 sweep at a stride 4 times as thin: the same code path */
        sweep(DML_TENSOR_DATA_TYPE_FLOAT32, scaled ? "exp f32 scaled" : "exp f32",
              scaled && stride > 1 ? stride * 4 + 1 : stride, scaled);
    }
    mpfr_free_cache();
    return test_finish("test_cr_exp_op");
}
