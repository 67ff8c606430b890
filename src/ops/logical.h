/* What the logical operators share. LogicalAnd and LogicalOr (and Xor): DirectML's support
   rows, ONNX's versions, the kernel rows and the reference kernels of UINT8 and UINT32,
   which differ only by the operation `x OP y` on "nonzero". The comparisons
   (GreaterThan, Equals, LessThan, GreaterThanOrEqual, LessThanOrEqual): their support
   rows, output types, kernel rows and reference kernels, which differ only by the C
   comparison. Included by those operators' files in the place of their own. */
#ifndef DMLP_OPS_LOGICAL_H
#define DMLP_OPS_LOGICAL_H

#define BOOLEAN_SUPPORT                                                                     \
    DMLP_SUPPORT(1_0, 4, 4, (U32))                                                          \
    DMLP_SUPPORT(2_0, 4, 4, (U32, U8))                                                      \
    DMLP_SUPPORT(3_0, 1, 8, (U32, U8))

/* bool: 1 (legacy broadcast) and 7 (numpy broadcasting) */
#define BOOLEAN_ONNX                                                                        \
    DMLP_ONNX(7, "bool", 0, 0, 0)                                                           \
    DMLP_ONNX(1, "bool", 0, 0, 0)

#define BOOLEAN_KERNELS(op)                                                                 \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT8, u8_##op, 1, YES, YES)                    \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT32, u32_##op, 4, YES, YES)

/* The reference kernels (kernels/reference_logical.h): 1 where (x != 0) OP (y != 0). */
#define BOOLEAN_REFERENCE(op, OP)                                                           \
    static int u8_##op(uint8_t x, uint8_t y) { return (x != 0) OP(y != 0); }                \
    static int u32_##op(uint32_t x, uint32_t y) { return (x != 0) OP(y != 0); }             \
    LOGICAL_KERNEL(u8, op, uint8_t)                                                         \
    LOGICAL_KERNEL(u32, op, uint32_t)

/* The comparisons of DirectML 1_0 (GreaterThan, Equals, LessThan): FLOAT32 and FLOAT16,
   the 8-, 16- and 32-bit integers from 2_1, the 64-bit ones from 4_1 (FLOAT64 and
   BFLOAT16 as extensions), into UINT32 (1_0) or UINT32 and UINT8 (from 2_0) whatever the
   inputs' type. */
#define COMPARISON_SUPPORT                                                                  \
    DMLP_SUPPORT(1_0, 4, 4, (F32, F16))                                                     \
    DMLP_SUPPORT(2_1, 4, 4, (F32, F16, I32, I16, I8, U32, U16, U8))                         \
    DMLP_SUPPORT(3_0, 1, 8, (F32, F16, I32, I16, I8, U32, U16, U8))                         \
    DMLP_SUPPORT(4_1, 1, 8, (F32, F16, I64, I32, I16, I8, U64, U32, U16, U8))               \
    DMLP_OUTPUT_TYPES(1_0, (U32))                                                           \
    DMLP_OUTPUT_TYPES(2_0, (U32, U8))                                                       \
    DMLP_EXTENSION_TYPES((F64, BF16))

/* GreaterThanOrEqual and LessThanOrEqual, introduced at 3_0 with the rows the others have
   there. */
#define COMPARISON_SUPPORT_3_0                                                              \
    DMLP_SUPPORT(3_0, 1, 8, (F32, F16, I32, I16, I8, U32, U16, U8))                         \
    DMLP_SUPPORT(4_1, 1, 8, (F32, F16, I64, I32, I16, I8, U64, U32, U16, U8))               \
    DMLP_OUTPUT_TYPES(3_0, (U32, U8))                                                       \
    DMLP_EXTENSION_TYPES((F64, BF16))

/* The types of ONNX's comparisons from Greater-9, Less-9, Equal-11 and the ...OrEqual-12
   on; `bfloat16` joins at 13 (16 for the ...OrEqual). */
#define COMPARISON_ONNX_TYPES                                                               \
    "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, double"

/* The kernel rows: the kernels write UINT8 or UINT32 (args->out_size); the row's type and
   bytes are the inputs'. Fast kernels (COMPARISON_VECTOR) for every type. */
#define COMPARISON_KERNELS(op)                                                              \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT8, i8_##op, 1, YES, YES)                     \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT8, u8_##op, 1, YES, YES)                    \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT16, i16_##op, 2, YES, YES)                   \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT16, u16_##op, 2, YES, YES)                  \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT32, i32_##op, 4, YES, YES)                   \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT32, u32_##op, 4, YES, YES)                  \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT64, i64_##op, 8, YES, YES)                   \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT64, u64_##op, 8, YES, YES)                  \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_##op, 2, YES, YES)                 \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_##op, 4, YES, YES)                 \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_##op, 8, YES, YES)                 \
    DMLP_BINARY_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_##op, 2, YES, YES)

/* The reference kernels (kernels/reference_logical.h): 1 where `a OP b`. Floats compare as
   numbers: FLOAT16 and BFLOAT16 widened exactly to binary32, so a comparison with a NaN
   is false (!= aside, which no operator uses), -0 equals +0 and subnormals are ordered as
   the numbers they are. Integers compare in their own type (signed or unsigned). */
#define COMPARISON_REFERENCE_INT(t, T, op, OP)                                              \
    static int t##_##op(T x, T y) { return x OP y; }                                        \
    LOGICAL_KERNEL(t, op, T)
#define COMPARISON_REFERENCE(op, OP)                                                        \
    static int f32_##op(uint32_t x, uint32_t y)                                             \
    {                                                                                       \
        return dmlp__f32_from_bits(x) OP dmlp__f32_from_bits(y);                            \
    }                                                                                       \
    static int f64_##op(uint64_t x, uint64_t y)                                             \
    {                                                                                       \
        return dmlp__f64_from_bits(x) OP dmlp__f64_from_bits(y);                            \
    }                                                                                       \
    static int f16_##op(uint16_t x, uint16_t y)                                             \
    {                                                                                       \
        return dmlp__f16_to_f32(x) OP dmlp__f16_to_f32(y);                                  \
    }                                                                                       \
    static int bf16_##op(uint16_t x, uint16_t y)                                            \
    {                                                                                       \
        return dmlp__bf16_to_f32(x) OP dmlp__bf16_to_f32(y);                                \
    }                                                                                       \
    LOGICAL_KERNEL(f16, op, uint16_t)                                                       \
    LOGICAL_KERNEL(bf16, op, uint16_t)                                                      \
    LOGICAL_KERNEL(f32, op, uint32_t)                                                       \
    LOGICAL_KERNEL(f64, op, uint64_t)                                                       \
    COMPARISON_REFERENCE_INT(i8, int8_t, op, OP)                                            \
    COMPARISON_REFERENCE_INT(u8, uint8_t, op, OP)                                           \
    COMPARISON_REFERENCE_INT(i16, int16_t, op, OP)                                          \
    COMPARISON_REFERENCE_INT(u16, uint16_t, op, OP)                                         \
    COMPARISON_REFERENCE_INT(i32, int32_t, op, OP)                                          \
    COMPARISON_REFERENCE_INT(u32, uint32_t, op, OP)                                         \
    COMPARISON_REFERENCE_INT(i64, int64_t, op, OP)                                          \
    COMPARISON_REFERENCE_INT(u64, uint64_t, op, OP)

#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR) && !defined(DMLP_OPS_LOGICAL_VECTOR)
#define DMLP_OPS_LOGICAL_VECTOR 1
/* The fast kernels of the logical operators, compiled once per ISA in vector_kernels.inc.

   A comparison compares lane masks of the inputs' width and narrows them to one vector of
   output bytes 0/1 a block (VB elements: S vectors of each input), as IsInfinity narrows
   its masks; a UINT32 output (args->out_size 4) takes the bytes of a chunk through a
   buffer on the stack, widened. Integers compare as signed lanes, unsigned ones with the
   sign bit flipped first (x - 2^(w-1) wraps into signed order), the 64-bit ones by the
   vocabulary's gts64 and gtu64 (SSE2 has no 64-bit compare); ge and le are gt with the
   operands swapped and the bytes inverted (integers have no unordered pairs). FLOAT32 and
   FLOAT64 compare with the CPU's IEEE compares (feqW, fgtW, fgeW): false with a NaN, -0
   equal to +0. BFLOAT16, and FLOAT16 where args->f16_halves says so, compare as the
   binary32 made of their bits and 16 zero bits (cmp_halves) by the FLOAT32 relation;
   FLOAT16 otherwise as 16-bit integer keys (rel_h16). Which of FLOAT16's two is faster
   differs by CPU and ISA, so the core measures them (core/tune.h). The reference widens
   them exactly to binary32 and compares, which orders the same. */
typedef M8 cmp8_fn(V a, V b, const kc *c);
typedef M16 cmp16_fn(V a, V b, const kc *c);
typedef M32 cmp32_fn(V a, V b, const kc *c);
typedef M64 cmp64_fn(V a, V b, const kc *c);

enum { CMP_EQ, CMP_GT, CMP_GE };

/* How a block is compared, beyond the relation: CMP_INVERT, the bytes inverted (integer
   ge and le); CMP_HALVES, 16-bit floats through cmp_halves by the binary32 relation,
   CMP_HALVES | CMP_NAN for FLOAT16. */
enum { CMP_INVERT = 1, CMP_HALVES = 2, CMP_NAN = 4 };

/* 16-bit floats compared as binary32: the ISA puts each 16-bit lane in the high half of
   a 32-bit one (high_halves_lo and _hi, one instruction each) and the resulting bytes
   back in element order (high_halves_order). The bits with 16 zero bits below are
   a bfloat16's value itself. A float16's are another binary32 that orders as the float16
   does (the sign and magnitude bits keep their places; both zeros stay zeros) unless it
   is a NaN whose top eight magnitude bits are not all set, which reads as a number
   (CMP_NAN: those lanes are cleared from the float16 bits, which costs more where masks
   are vectors). Measured against the 16-bit keys in docs/performance.md. */
static ALWAYS_INLINE V cmp_halves(V x0, V y0, V x1, V y1, cmp32_fn *f32, int how, const kc *c)
{
    V r = bytes_from32(f32(high_halves_lo(x0), high_halves_lo(y0), c),
                       f32(high_halves_hi(x0), high_halves_hi(y0), c),
                       f32(high_halves_lo(x1), high_halves_lo(y1), c),
                       f32(high_halves_hi(x1), high_halves_hi(y1), c));
    r = high_halves_order(r);
    if (how & CMP_NAN) {
        V inf1 = add16(c->inf, set16(1));
        M16 ok0 = mandn(nan_16(vand(y0, c->abs), c), gt16(inf1, vand(x0, c->abs)));
        M16 ok1 = mandn(nan_16(vand(y1, c->abs), c), gt16(inf1, vand(x1, c->abs)));
        r = sel8(n16to8(ok0, ok1), r, zero());
    }
    return r;
}

/* One block: VB elements of S bytes at a and b (or the vectors va, vb of a scalar
   operand) to VB bytes of 0 or 1. */
static ALWAYS_INLINE V cmp_block(const unsigned char *a, const unsigned char *b, int sa, int sb,
                                 V va, V vb, size_t S, cmp8_fn *f8, cmp16_fn *f16,
                                 cmp32_fn *f32, cmp64_fn *f64, int how, const kc *c)
{
#define X(k) (sa ? va : ld(a + (k) * VB))
#define Y(k) (sb ? vb : ld(b + (k) * VB))
    V r;
    if (S == 1)
        r = ones8(f8(X(0), Y(0), c));
    else if (S == 2 && (how & CMP_HALVES))
        r = cmp_halves(X(0), Y(0), X(1), Y(1), f32, how, c);
    else if (S == 2)
        r = ones8(n16to8(f16(X(0), Y(0), c), f16(X(1), Y(1), c)));
    else if (S == 4)
        r = bytes_from32(f32(X(0), Y(0), c), f32(X(1), Y(1), c), f32(X(2), Y(2), c),
                         f32(X(3), Y(3), c));
    else
        r = bytes_from32(n64to32(f64(X(0), Y(0), c), f64(X(1), Y(1), c)),
                         n64to32(f64(X(2), Y(2), c), f64(X(3), Y(3), c)),
                         n64to32(f64(X(4), Y(4), c), f64(X(5), Y(5), c)),
                         n64to32(f64(X(6), Y(6), c), f64(X(7), Y(7), c)));
#undef X
#undef Y
    return how & CMP_INVERT ? sub8(set8(1), r) : r;
}

/* n elements into n bytes: whole blocks from memory, the tail through zeroed buffers. */
static ALWAYS_INLINE void cmp_bytes(size_t n, const unsigned char *a, const unsigned char *b,
                                    unsigned char *out, int sa, int sb, V va, V vb, size_t S,
                                    cmp8_fn *f8, cmp16_fn *f16, cmp32_fn *f32, cmp64_fn *f64,
                                    int how, const kc *c)
{
    size_t i = 0;
    for (; n - i >= VB; i += VB)
        st(out + i, cmp_block(a + (sa ? 0 : i * S), b + (sb ? 0 : i * S), sa, sb, va, vb, S,
                              f8, f16, f32, f64, how, c));
    if (i < n) {
        unsigned char ta[8 * VB], tb[8 * VB], to[VB];
#pragma GCC unroll 8
        for (size_t k = 0; k < S * VB; k += VB) {
            st(ta + k, zero());
            st(tb + k, zero());
        }
        if (!sa)
            memcpy(ta, a + i * S, (n - i) * S);
        if (!sb)
            memcpy(tb, b + i * S, (n - i) * S);
        st(to, cmp_block(ta, tb, sa, sb, va, vb, S, f8, f16, f32, f64, how, c));
        memcpy(out + i, to, n - i);
    }
}

/* The kernel: a scalar operand is one vector of its element repeated. A UINT8 output is
   written straight, by a loop for each case of scalar operands (sa and sb constant, so
   that no block tests them); a UINT32 output, DirectML 1_0's, goes through a chunk of
   bytes widened, by one loop that tests them (compiling its three cases too made the
   ISA files a fifth slower to build). Every input element of a chunk is read before its
   output is written (in place, as the reference). Both operands scalar (the planner
   computes such a run once, but the kernel contract allows it): one block, its first
   byte repeated. */
#define CMP_CHUNK 1024
static ALWAYS_INLINE void run_compare(size_t n, const void *a_, const void *b_, void *out_,
                                      uint32_t scalar, const dmlp__kernel_args *args, size_t S,
                                      cmp8_fn *f8, cmp16_fn *f16, cmp32_fn *f32, cmp64_fn *f64,
                                      int how, setup_fn *setup)
{
    const unsigned char *a = a_, *b = b_;
    unsigned char *out = out_;
    int sa = (scalar & DMLP__SCALAR_A) != 0, sb = (scalar & DMLP__SCALAR_B) != 0;
    unsigned char ra[VB], rb[VB];
    V va = zero(), vb = zero();
    kc c;
    setup(&c, args);
    if (sa) {
        for (size_t k = 0; k < VB; k += S)
            memcpy(ra + k, a, S);
        va = ld(ra);
    }
    if (sb) {
        for (size_t k = 0; k < VB; k += S)
            memcpy(rb + k, b, S);
        vb = ld(rb);
    }
    if (sa && sb) {
        unsigned char r[VB];
        st(r, cmp_block(ra, rb, 1, 1, va, vb, S, f8, f16, f32, f64, how, &c));
        uint32_t v = r[0];
        for (size_t i = 0; i < n; i++) {
            if (args->out_size == 4)
                memcpy(out + i * 4, &v, 4);
            else
                out[i] = r[0];
        }
        return;
    }
    if (args->out_size != 4) {
        if (sa)
            cmp_bytes(n, a, b, out, 1, 0, va, vb, S, f8, f16, f32, f64, how, &c);
        else if (sb)
            cmp_bytes(n, a, b, out, 0, 1, va, vb, S, f8, f16, f32, f64, how, &c);
        else
            cmp_bytes(n, a, b, out, 0, 0, va, vb, S, f8, f16, f32, f64, how, &c);
        return;
    }
    unsigned char bytes[CMP_CHUNK];
    for (size_t i = 0; i < n; i += CMP_CHUNK) {
        size_t k = n - i < CMP_CHUNK ? n - i : CMP_CHUNK;
        cmp_bytes(k, a + (sa ? 0 : i * S), b + (sb ? 0 : i * S), bytes, sa, sb, va, vb, S, f8,
                  f16, f32, f64, how, &c);
        for (size_t j = 0; j < k; j++) {
            uint32_t v = bytes[j];
            memcpy(out + (i + j) * 4, &v, 4);
        }
    }
}

/* The lane relations. */
static ALWAYS_INLINE M8 rel_i8(V x, V y, int rel) { return rel == CMP_EQ ? eq8(x, y) : gt8(x, y); }
static ALWAYS_INLINE M16 rel_i16(V x, V y, int rel)
{
    return rel == CMP_EQ ? eq16(x, y) : gt16(x, y);
}
static ALWAYS_INLINE M32 rel_i32(V x, V y, int rel)
{
    return rel == CMP_EQ ? eq32(x, y) : gt32(x, y);
}
static ALWAYS_INLINE M8 rel_u8(V x, V y, int rel)
{
    return rel == CMP_EQ ? eq8(x, y) : gt8(sub8(x, set8(0x80)), sub8(y, set8(0x80)));
}
static ALWAYS_INLINE M16 rel_u16(V x, V y, int rel)
{
    return rel == CMP_EQ ? eq16(x, y) : gt16(sub16(x, set16(0x8000)), sub16(y, set16(0x8000)));
}
static ALWAYS_INLINE M32 rel_u32(V x, V y, int rel)
{
    return rel == CMP_EQ ? eq32(x, y)
                         : gt32(sub32(x, set32(0x80000000u)), sub32(y, set32(0x80000000u)));
}
static ALWAYS_INLINE M64 rel_i64(V x, V y, int rel)
{
    return rel == CMP_EQ ? eq64(x, y) : gts64(x, y);
}
static ALWAYS_INLINE M64 rel_u64(V x, V y, int rel)
{
    return rel == CMP_EQ ? eq64(x, y) : gtu64(x, y);
}
static ALWAYS_INLINE M32 rel_f32(V x, V y, int rel)
{
    return rel == CMP_EQ ? feq32(x, y) : rel == CMP_GT ? fgt32(x, y) : fge32(x, y);
}
static ALWAYS_INLINE M64 rel_f64(V x, V y, int rel)
{
    return rel == CMP_EQ ? feq64(x, y) : rel == CMP_GT ? fgt64(x, y) : fge64(x, y);
}
/* FLOAT16 by the keys (without args->f16_halves): 16-bit lanes (c->abs, c->inf:
   the type's; key16 in vector_kernels.inc). */
static ALWAYS_INLINE M16 rel_h16(V x, V y, int rel, const kc *c)
{
    V kx = key16(x, c), ky = key16(y, c);
    M16 r = rel == CMP_EQ ? eq16(kx, ky)
            : rel == CMP_GT ? gt16(kx, ky)
                            : gt16(add16(kx, set16(1)), ky);
    return mandn(nan_16(vand(x, c->abs), c), mandn(nan_16(vand(y, c->abs), c), r));
}

/* A comparison's element functions and kernels: `a OP b` is `x REL y` with x, y = a, b or
   (SWAP) b, a; integers use IREL, ISWAP and, with INV, the inverse. */
#define COMPARISON_VECTOR(op, REL, SWAP, IREL, ISWAP, INV)                                  \
    static ALWAYS_INLINE M8 op##_i8(V a, V b, const kc *c)                                  \
    {                                                                                       \
        (void)c;                                                                            \
        return ISWAP ? rel_i8(b, a, IREL) : rel_i8(a, b, IREL);                             \
    }                                                                                       \
    static ALWAYS_INLINE M8 op##_u8(V a, V b, const kc *c)                                  \
    {                                                                                       \
        (void)c;                                                                            \
        return ISWAP ? rel_u8(b, a, IREL) : rel_u8(a, b, IREL);                             \
    }                                                                                       \
    static ALWAYS_INLINE M16 op##_i16(V a, V b, const kc *c)                                \
    {                                                                                       \
        (void)c;                                                                            \
        return ISWAP ? rel_i16(b, a, IREL) : rel_i16(a, b, IREL);                           \
    }                                                                                       \
    static ALWAYS_INLINE M16 op##_u16(V a, V b, const kc *c)                                \
    {                                                                                       \
        (void)c;                                                                            \
        return ISWAP ? rel_u16(b, a, IREL) : rel_u16(a, b, IREL);                           \
    }                                                                                       \
    static ALWAYS_INLINE M32 op##_i32(V a, V b, const kc *c)                                \
    {                                                                                       \
        (void)c;                                                                            \
        return ISWAP ? rel_i32(b, a, IREL) : rel_i32(a, b, IREL);                           \
    }                                                                                       \
    static ALWAYS_INLINE M32 op##_u32(V a, V b, const kc *c)                                \
    {                                                                                       \
        (void)c;                                                                            \
        return ISWAP ? rel_u32(b, a, IREL) : rel_u32(a, b, IREL);                           \
    }                                                                                       \
    static ALWAYS_INLINE M64 op##_i64(V a, V b, const kc *c)                                \
    {                                                                                       \
        (void)c;                                                                            \
        return ISWAP ? rel_i64(b, a, IREL) : rel_i64(a, b, IREL);                           \
    }                                                                                       \
    static ALWAYS_INLINE M64 op##_u64(V a, V b, const kc *c)                                \
    {                                                                                       \
        (void)c;                                                                            \
        return ISWAP ? rel_u64(b, a, IREL) : rel_u64(a, b, IREL);                           \
    }                                                                                       \
    static ALWAYS_INLINE M16 op##_h16(V a, V b, const kc *c)                                \
    {                                                                                       \
        return SWAP ? rel_h16(b, a, REL, c) : rel_h16(a, b, REL, c);                        \
    }                                                                                       \
    static ALWAYS_INLINE M32 op##_f32(V a, V b, const kc *c)                                \
    {                                                                                       \
        (void)c;                                                                            \
        return SWAP ? rel_f32(b, a, REL) : rel_f32(a, b, REL);                              \
    }                                                                                       \
    static ALWAYS_INLINE M64 op##_f64(V a, V b, const kc *c)                                \
    {                                                                                       \
        (void)c;                                                                            \
        return SWAP ? rel_f64(b, a, REL) : rel_f64(a, b, REL);                              \
    }                                                                                       \
    BINARY_KERNEL_DECL(i8, op)                                                              \
    {                                                                                       \
        run_compare(n, a, b, out, scalar, args, 1, op##_i8, 0, 0, 0, INV, setup_none);      \
    }                                                                                       \
    BINARY_KERNEL_DECL(u8, op)                                                              \
    {                                                                                       \
        run_compare(n, a, b, out, scalar, args, 1, op##_u8, 0, 0, 0, INV, setup_none);      \
    }                                                                                       \
    BINARY_KERNEL_DECL(i16, op)                                                             \
    {                                                                                       \
        run_compare(n, a, b, out, scalar, args, 2, 0, op##_i16, 0, 0, INV, setup_none);     \
    }                                                                                       \
    BINARY_KERNEL_DECL(u16, op)                                                             \
    {                                                                                       \
        run_compare(n, a, b, out, scalar, args, 2, 0, op##_u16, 0, 0, INV, setup_none);     \
    }                                                                                       \
    BINARY_KERNEL_DECL(i32, op)                                                             \
    {                                                                                       \
        run_compare(n, a, b, out, scalar, args, 4, 0, 0, op##_i32, 0, INV, setup_none);     \
    }                                                                                       \
    BINARY_KERNEL_DECL(u32, op)                                                             \
    {                                                                                       \
        run_compare(n, a, b, out, scalar, args, 4, 0, 0, op##_u32, 0, INV, setup_none);     \
    }                                                                                       \
    BINARY_KERNEL_DECL(i64, op)                                                             \
    {                                                                                       \
        run_compare(n, a, b, out, scalar, args, 8, 0, 0, 0, op##_i64, INV, setup_none);     \
    }                                                                                       \
    BINARY_KERNEL_DECL(u64, op)                                                             \
    {                                                                                       \
        run_compare(n, a, b, out, scalar, args, 8, 0, 0, 0, op##_u64, INV, setup_none);     \
    }                                                                                       \
    BINARY_KERNEL_DECL(f16, op)                                                             \
    {                                                                                       \
        if (args->f16_halves)                                                               \
            run_compare(n, a, b, out, scalar, args, 2, 0, 0, op##_f32, 0,                   \
                        CMP_HALVES | CMP_NAN, setup_f16);                                   \
        else                                                                                \
            run_compare(n, a, b, out, scalar, args, 2, 0, op##_h16, 0, 0, 0, setup_f16);    \
    }                                                                                       \
    BINARY_KERNEL_DECL(bf16, op)                                                            \
    {                                                                                       \
        run_compare(n, a, b, out, scalar, args, 2, 0, 0, op##_f32, 0, CMP_HALVES, setup_bf16); \
    }                                                                                       \
    BINARY_KERNEL_DECL(f32, op)                                                             \
    {                                                                                       \
        run_compare(n, a, b, out, scalar, args, 4, 0, 0, op##_f32, 0, 0, setup_none);       \
    }                                                                                       \
    BINARY_KERNEL_DECL(f64, op)                                                             \
    {                                                                                       \
        run_compare(n, a, b, out, scalar, args, 8, 0, 0, 0, op##_f64, 0, setup_none);       \
    }

/* And, Or, Xor on UINT8 and UINT32 (the output the inputs' type): from "is zero" masks,
   1 or 0 selected lane by lane. */
enum { BOOL_AND, BOOL_OR, BOOL_XOR };
#define BOOLEAN_VECTOR_W(op, KIND, w, S)                                                    \
    static ALWAYS_INLINE V op##_b##w(V x, V y, const kc *c)                                 \
    {                                                                                       \
        (void)c;                                                                            \
        M##w zx = eq##w(x, zero()), zy = eq##w(y, zero());                                  \
        V one = set##w(1), y_true = sel##w(zy, zero(), one);                                \
        return KIND == BOOL_AND ? sel##w(zx, zero(), y_true)                                \
               : KIND == BOOL_OR ? sel##w(zx, y_true, one)                                  \
                                 : sel##w(zx, y_true, sel##w(zy, one, zero()));             \
    }                                                                                       \
    BINARY_KERNEL(u##w, op, S, op##_b##w, setup_none)
#define BOOLEAN_VECTOR(op, KIND)                                                            \
    BOOLEAN_VECTOR_W(op, KIND, 8, 1)                                                        \
    BOOLEAN_VECTOR_W(op, KIND, 32, 4)
#endif

