/* ELEMENT_WISE_IS_NAN: 1 where the input is a NaN, else 0, in a UINT8 or UINT32 output
   (docs/operators.md). Decided on the bits: a NaN is a magnitude above +inf's bits (every
   payload, quiet or signalling, either sign); float8 E4M3FN's NaN is S.1111.111, and the
   FNUZ types' only NaN is 0x80 (what would be -0). */
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_IS_NAN
#define OP_DESC DML_ELEMENT_WISE_IS_NAN_OPERATOR_DESC

/* The output may also be UINT32 (DMLP_OUTPUT_TYPES); the front ends make UINT8, ONNX's
   bool. */
DMLP_OP(ELEMENT_WISE_IS_NAN, isnan, isnan, "IsNaN", DML_TENSOR_DATA_TYPE_UINT8,
        DMLP_NOT_IN_PLACE("IsNaN never runs in place"),
        "  isnan     ELEMENT_WISE_IS_NAN: 1 where the input is a NaN, else 0\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor))

/* DirectML: FLOAT32, FLOAT16 into UINT32 or UINT8; 4 dimensions at 2_0, 1 to 8 from 3_0. */
DMLP_SUPPORT(2_0, 4, 4, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_OUTPUT_TYPES(2_0, (U32, U8))
DMLP_EXTENSION_TYPES((F64, BF16, E4M3FN, E4M3FNUZ, E5M2, E5M2FNUZ))

/* IsNaN: 9 (float16, float, double), 13 (+ bfloat16), 20 (+ the float8 types); the
   output is bool. */
DMLP_ONNX(20, "float16, float, double, bfloat16, float8e4m3fn, float8e4m3fnuz, float8e5m2, "
              "float8e5m2fnuz", DMLP_ONNX_TYPE_BOOL, 0, 0)
DMLP_ONNX(13, "float16, float, double, bfloat16", DMLP_ONNX_TYPE_BOOL, 0, 0)
DMLP_ONNX(9, "float16, float, double", DMLP_ONNX_TYPE_BOOL, 0, 0)

/* The kernels write UINT8, or UINT32 where args->out_size is 4; the rows give UINT8. */
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_isnan, 2, 1, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_isnan, 4, 1, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_isnan, 8, 1, YES, YES)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_isnan, 2, 1, YES, YES)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2, f8e5m2_isnan, 1, 1, YES, YES)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN, f8e4m3fn_isnan, 1, 1, YES, YES)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FNUZ, f8e4m3fnuz_isnan, 1, 1, YES, YES)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2FNUZ, f8e5m2fnuz_isnan, 1, 1, YES, YES)

#ifndef DMLP_OPS_LIST
#include "kernels/reference.h"

/* dmlp__<name>__reference: 1 or 0 by `expr` of the element x (a T), stored as a UINT8, or
   a UINT32 where args->out_size is 4. */
#define ISNAN_REFERENCE(name, T, expr)                                                      \
    DMLP__REFERENCE_KERNEL(name)                                                            \
    {                                                                                       \
        const unsigned char *src = in;                                                      \
        unsigned char *dst = out;                                                           \
        int wide = args->out_size == 4;                                                     \
        for (size_t i = 0; i < n; i++) {                                                    \
            T x;                                                                            \
            memcpy(&x, src + i * sizeof x, sizeof x);                                       \
            uint32_t r = (expr) ? 1u : 0u;                                                  \
            if (wide)                                                                       \
                memcpy(dst + i * 4, &r, 4);                                                 \
            else                                                                            \
                dst[i] = (unsigned char)r;                                                  \
        }                                                                                   \
    }

/* Magnitude above the infinity's bits: exponent all ones, fraction nonzero. */
ISNAN_REFERENCE(f16_isnan, uint16_t, (x & 0x7fffu) > 0x7c00u)
ISNAN_REFERENCE(bf16_isnan, uint16_t, (x & 0x7fffu) > 0x7f80u)
ISNAN_REFERENCE(f32_isnan, uint32_t, (x & 0x7fffffffu) > 0x7f800000u)
ISNAN_REFERENCE(f64_isnan, uint64_t, (x & 0x7fffffffffffffffu) > 0x7ff0000000000000u)
ISNAN_REFERENCE(f8e5m2_isnan, uint8_t, (x & 0x7fu) > 0x7cu)
/* E4M3FN: exponent and fraction all ones (S.1111.111), either sign. */
ISNAN_REFERENCE(f8e4m3fn_isnan, uint8_t, (x & 0x7fu) == 0x7fu)
/* The FNUZ types: 0x80 alone. */
ISNAN_REFERENCE(f8e4m3fnuz_isnan, uint8_t, x == 0x80u)
ISNAN_REFERENCE(f8e5m2fnuz_isnan, uint8_t, x == 0x80u)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* The fast kernels: IsInfinity's blocks (vector_kernels.inc) with NaN's test, |x| > inf
   as a signed compare (|x| is never negative), one vector of output bytes a block. The
   8-bit types: |x| > 0x7c (E5M2), or (x & m) == t (E4M3FN: m = t = 0x7f; FNUZ: m = 0xff,
   t = 0x80), in c->m and c->t. */
static ALWAYS_INLINE M16 isnan16(const unsigned char *p, const kc *c)
{
    return nan_16(vand(ld(p), c->abs), c);
}
static ALWAYS_INLINE M32 isnan32(const unsigned char *p, const kc *c)
{
    return nan_32(vand(ld(p), c->abs), c);
}
static ALWAYS_INLINE M64 isnan64(const unsigned char *p, const kc *c)
{
    return nan_64(vand(ld(p), c->abs), c);
}
static ALWAYS_INLINE M32 isnan64x2(const unsigned char *p, const kc *c)
{
    return n64to32(isnan64(p, c), isnan64(p + VB, c));
}

static ALWAYS_INLINE void isnan_block8_gt(const unsigned char *in, unsigned char *out,
                                          const kc *c, int stream, map_fn *f)
{
    (void)f;
    put(out, ones8(gt8(vand(ld(in), c->m), c->t)), stream);
}
static ALWAYS_INLINE void isnan_block8_eq(const unsigned char *in, unsigned char *out,
                                          const kc *c, int stream, map_fn *f)
{
    (void)f;
    put(out, ones8(eq8(vand(ld(in), c->m), c->t)), stream);
}
static ALWAYS_INLINE void isnan_block16(const unsigned char *in, unsigned char *out,
                                        const kc *c, int stream, map_fn *f)
{
    (void)f;
    put(out, ones8(n16to8(isnan16(in, c), isnan16(in + VB, c))), stream);
}
static ALWAYS_INLINE void isnan_block32(const unsigned char *in, unsigned char *out,
                                        const kc *c, int stream, map_fn *f)
{
    (void)f;
    put(out, bytes_from32(isnan32(in, c), isnan32(in + VB, c), isnan32(in + 2 * VB, c),
                          isnan32(in + 3 * VB, c)), stream);
}
static ALWAYS_INLINE void isnan_block64(const unsigned char *in, unsigned char *out,
                                        const kc *c, int stream, map_fn *f)
{
    (void)f;
    put(out, bytes_from32(isnan64x2(in, c), isnan64x2(in + 2 * VB, c),
                          isnan64x2(in + 4 * VB, c), isnan64x2(in + 6 * VB, c)), stream);
}
#if defined(HAS_BYTE_PERMUTE)
/* f64 by IsInfinity's byte permute, where the CPU has it (dmlp__isa_byte_permute). */
static ALWAYS_INLINE void isnan_block64_permute(const unsigned char *in, unsigned char *out,
                                                const kc *c, int stream, map_fn *f)
{
    (void)f;
    V r = zero(), s = zero();
    for (unsigned k = 0; k < 8; k += 2) {
        r = or_where64(r, isnan64(in + k * VB, c), set64(1ull << (8 * k)));
        s = or_where64(s, isnan64(in + (k + 1) * VB, c), set64(1ull << (8 * k + 8)));
    }
    put(out, lane_bytes_in_order64(vor(r, s)), stream);
}
#endif

static ALWAYS_INLINE void setup_isnan_e5m2(kc *c, const dmlp__kernel_args *args)
{
    (void)args;
    c->m = set8(0x7f);
    c->t = set8(0x7c);
}
static ALWAYS_INLINE void setup_isnan_e4m3fn(kc *c, const dmlp__kernel_args *args)
{
    (void)args;
    c->m = set8(0x7f);
    c->t = set8(0x7f);
}
static ALWAYS_INLINE void setup_isnan_fnuz(kc *c, const dmlp__kernel_args *args)
{
    (void)args;
    c->m = set8(0xff);
    c->t = set8(0x80);
}

/* SI-byte elements in, one byte out. A UINT32 output (args->out_size 4) takes the bytes
   of a chunk through a buffer on the stack and widens them: IsNaN never runs in place,
   so the input is intact while the output is written. */
#define ISNAN_CHUNK 2048
static ALWAYS_INLINE void run_isnan(UNARY_PARAMS, size_t SI, block_fn *blk, setup_fn *setup)
{
    if (args->out_size != 4) {
        run_stream(n, in, out, args, SI, 1, VB, blk, NULL, setup);
        return;
    }
    dmlp__kernel_args a = *args;
    a.streaming = 0;
    const unsigned char *src = in;
    unsigned char *dst = out;
    unsigned char bytes[ISNAN_CHUNK];
    for (size_t i = 0; i < n; i += ISNAN_CHUNK) {
        size_t k = n - i < ISNAN_CHUNK ? n - i : ISNAN_CHUNK;
        run_stream(k, src + i * SI, bytes, &a, SI, 1, VB, blk, NULL, setup);
        for (size_t j = 0; j < k; j++) {
            uint32_t v = bytes[j];
            memcpy(dst + (i + j) * 4, &v, 4);
        }
    }
}
UNARY_KERNEL(f16, isnan) { run_isnan(n, in, out, args, 2, isnan_block16, setup_f16); }
UNARY_KERNEL(bf16, isnan) { run_isnan(n, in, out, args, 2, isnan_block16, setup_bf16); }
UNARY_KERNEL(f32, isnan) { run_isnan(n, in, out, args, 4, isnan_block32, setup_f32); }
UNARY_KERNEL(f64, isnan)
{
#if defined(HAS_BYTE_PERMUTE)
    if (!args->portable && dmlp__isa_byte_permute()) {
        run_isnan(n, in, out, args, 8, isnan_block64_permute, setup_f64);
        return;
    }
#endif
    run_isnan(n, in, out, args, 8, isnan_block64, setup_f64);
}
UNARY_KERNEL(f8e5m2, isnan) { run_isnan(n, in, out, args, 1, isnan_block8_gt, setup_isnan_e5m2); }
UNARY_KERNEL(f8e4m3fn, isnan)
{
    run_isnan(n, in, out, args, 1, isnan_block8_eq, setup_isnan_e4m3fn);
}
UNARY_KERNEL(f8e4m3fnuz, isnan)
{
    run_isnan(n, in, out, args, 1, isnan_block8_eq, setup_isnan_fnuz);
}
UNARY_KERNEL(f8e5m2fnuz, isnan)
{
    run_isnan(n, in, out, args, 1, isnan_block8_eq, setup_isnan_fnuz);
}
#endif

#undef OP
#undef OP_DESC
