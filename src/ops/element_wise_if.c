/* ELEMENT_WISE_IF: a where the condition is nonzero, else b, broadcast (docs/operators.md).
   The selection copies the chosen element's bits whatever its type: NaNs keep their
   payloads, -0 stays -0, subnormals stay. ConditionTensor is UINT8 (ONNX's bool) and
   every nonzero byte selects a. */
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_IF
#define OP_DESC DML_ELEMENT_WISE_IF_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_IF, if, where, "Where", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  if        ELEMENT_WISE_IF: a where the condition (uint8 or bool) is nonzero,\n"
        "            else b\n",
        DMLP_FIELD(INPUT, ConditionTensor), DMLP_FIELD(INPUT, ATensor),
        DMLP_FIELD(INPUT, BTensor), DMLP_FIELD(OUTPUT, OutputTensor))

/* DirectML's tables: ConditionTensor is UINT8 at every level; A, B and the output share
   the type of the main list. BFLOAT16 (ONNX's Where-16) is an extension type. */
DMLP_SUPPORT(2_0, 4, 4, (F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16, I32, I16, I8, U32, U16, U8))
DMLP_SUPPORT(5_0, 1, 8, (F64, F32, F16, I64, I32, I16, I8, U64, U32, U16, U8))
DMLP_INPUT_TYPES(0, 2_0, (U8))
DMLP_EXTENSION_TYPES((BF16))

/* ONNX's Where: condition bool, X and Y of one type (every numeric type; bfloat16 from
   16), multidirectional broadcast. */
#define IF_ONNX_TYPES9                                                                      \
    "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, double, bool"
DMLP_ONNX(16, IF_ONNX_TYPES9 ", bfloat16", 0, 0, 0)
DMLP_ONNX(9, IF_ONNX_TYPES9, 0, 0, 0)

/* A kernel per type of A (the output's type too); the selection is on bytes, so the
   fast kernels (every type, every instruction set) are one per element size. */
DMLP_NARY_KERNEL(DML_TENSOR_DATA_TYPE_INT8, DML_TENSOR_DATA_TYPE_INT8, i8_if, YES, YES)
DMLP_NARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_UINT8, u8_if, YES, YES)
DMLP_NARY_KERNEL(DML_TENSOR_DATA_TYPE_INT16, DML_TENSOR_DATA_TYPE_INT16, i16_if, YES, YES)
DMLP_NARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT16, DML_TENSOR_DATA_TYPE_UINT16, u16_if, YES, YES)
DMLP_NARY_KERNEL(DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_INT32, i32_if, YES, YES)
DMLP_NARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_UINT32, u32_if, YES, YES)
DMLP_NARY_KERNEL(DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_INT64, i64_if, YES, YES)
DMLP_NARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT64, DML_TENSOR_DATA_TYPE_UINT64, u64_if, YES, YES)
DMLP_NARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_DATA_TYPE_FLOAT16, f16_if, YES, YES)
DMLP_NARY_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_if, YES,
                 YES)
DMLP_NARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT32, f32_if, YES, YES)
DMLP_NARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_FLOAT64, f64_if, YES, YES)

#ifndef DMLP_OPS_LIST
#include <string.h>

#include "kernels/kernels.h"

/* out[i] = cond[i] != 0 ? a[i] : b[i] on elements of `size` bytes; an input flagged in
   `scalar` is its one element for every i. The chosen element is read whole before the
   output element is written, so out may be any one input exactly (in place). */
static void select_elements(size_t n, const void *const *in, void *out, uint32_t scalar,
                            size_t size)
{
    const unsigned char *cond = in[0], *a = in[1], *b = in[2];
    size_t step_c = (scalar & 1u) ? 0 : 1, step_a = (scalar & 2u) ? 0 : size,
           step_b = (scalar & 4u) ? 0 : size;
    unsigned char *o = out;
    for (size_t i = 0; i < n; i++) {
        unsigned char chosen[8];
        memcpy(chosen, cond[i * step_c] != 0 ? a + i * step_a : b + i * step_b, size);
        memcpy(o + i * size, chosen, size);
    }
}

#define IF_REFERENCE(t, bytes)                                                              \
    void dmlp__##t##_if__reference(size_t n, const void *const *in, void *out,              \
                                   uint32_t scalar, const dmlp__kernel_args *args);         \
    void dmlp__##t##_if__reference(size_t n, const void *const *in, void *out,              \
                                   uint32_t scalar, const dmlp__kernel_args *args)          \
    {                                                                                       \
        (void)args;                                                                         \
        select_elements(n, in, out, scalar, bytes);                                         \
    }
IF_REFERENCE(i8, 1)
IF_REFERENCE(u8, 1)
IF_REFERENCE(i16, 2)
IF_REFERENCE(u16, 2)
IF_REFERENCE(i32, 4)
IF_REFERENCE(u32, 4)
IF_REFERENCE(i64, 8)
IF_REFERENCE(u64, 8)
IF_REFERENCE(f16, 2)
IF_REFERENCE(bf16, 2)
IF_REFERENCE(f32, 4)
IF_REFERENCE(f64, 8)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* The fast kernels: a blend of whole vectors, (a & m) | (b & ~m), m holding all ones in
   the lanes whose condition byte is nonzero. Elements of one byte take m from the
   condition vector itself (eq8); wider ones spread each condition byte over its lane
   first. A scalar condition makes the run a copy of a or of b. Each vector is loaded
   before its result is stored, so the output may be a or b exactly (in place). */
#define IF_MASK_BYTES 1024u

static ALWAYS_INLINE void if_fill(unsigned char *v, const unsigned char *x, size_t S)
{
    for (size_t k = 0; k < VB / S; k++)
        memcpy(v + k * S, x, S);
}

static ALWAYS_INLINE void run_if(size_t n, const void *const *in, void *out_, uint32_t scalar,
                                 size_t S)
{
    const size_t E = VB / S;
    const unsigned char *c = in[0], *a = in[1], *b = in[2];
    unsigned char *out = out_;
    int sa = (scalar & 2u) != 0, sb = (scalar & 4u) != 0;
    if (scalar & 1u) { /* one condition for the whole run: a copy of a or of b */
        int take_a = n > 0 && c[0] != 0;
        const unsigned char *from = take_a ? a : b;
        if ((take_a && sa) || (!take_a && sb)) {
            for (size_t i = 0; i < n; i++)
                memcpy(out + i * S, from, S);
        } else if (from != out) {
            memmove(out, from, n * S);
        }
        return;
    }
    _Alignas(64) unsigned char ra[VB], rb[VB];
    V va = zero(), vb = zero();
    if (sa) {
        if_fill(ra, a, S);
        va = ld(ra);
    }
    if (sb) {
        if_fill(rb, b, S);
        vb = ld(rb);
    }
    size_t i = 0;
    if (S == 1) {
        for (; n - i >= E; i += E) {
            V x = sa ? va : ld(a + i), y = sb ? vb : ld(b + i);
            st(out + i, sel8(eq8(ld(c + i), zero()), y, x));
        }
    } else {
        /* Blocks of IF_MASK_BYTES of lane masks, written first and read back a block
           later, so no vector load waits on the narrow stores that made it. */
        union {
            _Alignas(64) unsigned char bytes[IF_MASK_BYTES];
            uint16_t h[IF_MASK_BYTES / 2];
            uint32_t w[IF_MASK_BYTES / 4];
            uint64_t d[IF_MASK_BYTES / 8];
        } m;
        const size_t block = IF_MASK_BYTES / S; /* a multiple of E */
        while (n - i >= E) {
            size_t k_end = (n - i) / E * E;
            k_end = k_end < block ? k_end : block;
            const unsigned char *ci = c + i;
            if (S == 2) /* loops of one lane type, which compilers vectorize */
                for (size_t k = 0; k < k_end; k++)
                    m.h[k] = (uint16_t)-(ci[k] != 0);
            else if (S == 4)
                for (size_t k = 0; k < k_end; k++)
                    m.w[k] = -(uint32_t)(ci[k] != 0);
            else
                for (size_t k = 0; k < k_end; k++)
                    m.d[k] = -(uint64_t)(ci[k] != 0);
            for (size_t k = 0; k < k_end; k += E, i += E) {
                V x = sa ? va : ld(a + i * S), y = sb ? vb : ld(b + i * S);
                V mv = ld(m.bytes + k * S);
                st(out + i * S, vor(vand(mv, x), vandn(mv, y)));
            }
        }
    }
    for (; i < n; i++) /* the tail, element by element */
        memmove(out + i * S, c[i] ? (sa ? a : a + i * S) : (sb ? b : b + i * S), S);
}

#define IF_PARAMS                                                                           \
    size_t n, const void *const *in, void *out, uint32_t scalar, const dmlp__kernel_args *args
#define IF_FAST(t, S)                                                                       \
    EXPORTED(KNAME(t##_if, ISA), IF_PARAMS)                                                 \
    {                                                                                       \
        (void)args;                                                                         \
        run_if(n, in, out, scalar, S);                                                      \
    }
IF_FAST(i8, 1)
IF_FAST(u8, 1)
IF_FAST(i16, 2)
IF_FAST(u16, 2)
IF_FAST(i32, 4)
IF_FAST(u32, 4)
IF_FAST(i64, 8)
IF_FAST(u64, 8)
IF_FAST(f16, 2)
IF_FAST(bf16, 2)
IF_FAST(f32, 4)
IF_FAST(f64, 8)
#undef IF_FAST
#undef IF_PARAMS
#undef IF_MASK_BYTES
#endif

#undef IF_ONNX_TYPES9
#undef OP
#undef OP_DESC
