/* ACTIVATION_RELU_GRAD: OutputGradientTensor = InputTensor > 0 ? InputGradientTensor : 0
   (docs/operators.md), the gradient broadcast as a second input is. A selection, decided
   on the bits: x > 0 holds for a positive number only, so a NaN x and either zero give +0
   (the page's comparison is false for them); where it holds, the gradient's bits come
   back unchanged (-0, NaNs with their payloads, signalling ones too). */
#include "ops/op.h"

#define OP DML_OPERATOR_ACTIVATION_RELU_GRAD
#define OP_DESC DML_ACTIVATION_RELU_GRAD_OPERATOR_DESC

DMLP_OP(ACTIVATION_RELU_GRAD, relu_grad, relu_grad, NULL, DMLP_SAME_TYPE,
        DMLP_NOT_IN_PLACE("ReluGrad never runs in place (DirectML's page does not allow it)"),
        "  relu_grad ACTIVATION_RELU_GRAD: dy where x > 0, else +0 (the first input is x,\n"
        "            the second the incoming gradient dy, broadcast)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(INPUT, InputGradientTensor),
        DMLP_FIELD(OUTPUT, OutputGradientTensor))

DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_relu_grad, 2, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_relu_grad, 4, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_relu_grad, 8, YES, YES)
DMLP_BINARY_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_relu_grad, 2, YES, YES)

#ifndef DMLP_OPS_LIST
#include "kernels/reference_binary.h"

/* x > 0 on the bits: the sign clear, the magnitude nonzero and not a NaN's. */
#define FLOAT_RELU_GRAD(t, T, SIGN, INF)                                                    \
    static T t##_relu_grad(T x, T dy)                                                       \
    {                                                                                       \
        int positive = !(x & (SIGN)) && x != 0 && x <= (INF);                               \
        return positive ? dy : 0;                                                           \
    }
FLOAT_RELU_GRAD(f16, uint16_t, 0x8000u, 0x7c00u)
FLOAT_RELU_GRAD(bf16, uint16_t, 0x8000u, 0x7f80u)
FLOAT_RELU_GRAD(f32, uint32_t, 0x80000000u, 0x7f800000u)
FLOAT_RELU_GRAD(f64, uint64_t, UINT64_C(0x8000000000000000), UINT64_C(0x7ff0000000000000))

BINARY_KERNEL(f16, relu_grad, uint16_t)
BINARY_KERNEL(bf16, relu_grad, uint16_t)
BINARY_KERNEL(f32, relu_grad, uint32_t)
BINARY_KERNEL(f64, relu_grad, uint64_t)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* f32 and f64: IEEE's x > 0, false for NaNs and zeros, keeps dy. f16 and bf16 have no
   float compare here: their bits as signed integers are above 0 and at most +inf's exactly
   for the positive numbers. */
static ALWAYS_INLINE V bin_relu_grad_f16(V x, V dy, const kc *c)
{
    return keep16(mandn(gt16(x, c->inf), gt16(x, zero())), dy);
}
static ALWAYS_INLINE V bin_relu_grad_f32(V x, V dy, const kc *c)
{
    (void)c;
    return keep32(fgt32(x, zero()), dy);
}
static ALWAYS_INLINE V bin_relu_grad_f64(V x, V dy, const kc *c)
{
    (void)c;
    return keep64(fgt64(x, zero()), dy);
}
BINARY_KERNEL(f16, relu_grad, 2, bin_relu_grad_f16, setup_f16)
BINARY_KERNEL(bf16, relu_grad, 2, bin_relu_grad_f16, setup_bf16)
BINARY_KERNEL(f32, relu_grad, 4, bin_relu_grad_f32, setup_none)
BINARY_KERNEL(f64, relu_grad, 8, bin_relu_grad_f64, setup_none)
#endif

#undef OP
#undef OP_DESC
