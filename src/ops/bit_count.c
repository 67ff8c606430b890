/* ELEMENT_WISE_BIT_COUNT: the number of bits set in each element (population count), as
   a UINT8 or UINT32 output whatever the input's type (docs/operators.md): every type of
   the page's tables, a float type as its encoding (src/ops/bitwise.h). */
#include "ops/op.h"
#include "ops/bitwise.h"

#define OP DML_OPERATOR_ELEMENT_WISE_BIT_COUNT
#define OP_DESC DML_ELEMENT_WISE_BIT_COUNT_OPERATOR_DESC
#define BITWISE_OP bit_count

/* The output may also be UINT32 (DMLP_OUTPUT_TYPES); the front ends make UINT8, numpy's
   bitwise_count's dtype. No ONNX counterpart. */
DMLP_OP(ELEMENT_WISE_BIT_COUNT, bitcount, bitwise_count, NULL, DML_TENSOR_DATA_TYPE_UINT8,
        DMLP_NOT_IN_PLACE("BitCount never runs in place (DirectML's page does not allow it)"),
        "  bitcount  ELEMENT_WISE_BIT_COUNT: the bits set in each element (0 to 64).\n"
        "            OUT.npy holds dtype |u1 (DirectML's UINT8 output)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor))

DMLP_SUPPORT(3_0, 1, 8, (U32, U16, U8))
DMLP_SUPPORT(4_1, 1, 8, (F64, F32, F16, I64, I32, I16, I8, U64, U32, U16, U8))
DMLP_OUTPUT_TYPES(3_0, (U32, U8))

/* The kernels write UINT8 or UINT32 (args->out_size); a row's bytes are the UINT8
   output's. */
#define BIT_COUNT_ROW(t, TYPE, w) DMLP_KERNEL(TYPE, t##_bit_count, w / 8, 1, YES, YES)
BITWISE_TYPES(BIT_COUNT_ROW)
#undef BIT_COUNT_ROW

#ifndef DMLP_OPS_LIST
/* The bits set in x, one at a time: the reference is written for clarity. */
static unsigned bits_set(uint64_t x)
{
    unsigned n = 0;
    for (; x; x >>= 1)
        n += (unsigned)(x & 1);
    return n;
}

/* dmlp__<t>_bit_count__reference: w-bit elements in, a UINT8 or UINT32 count out. */
#define BIT_COUNT_REFERENCE(t, TYPE, w)                                                     \
    DMLP__REFERENCE_KERNEL(t##_bit_count)                                                   \
    {                                                                                       \
        const unsigned char *src = in;                                                      \
        unsigned char *dst = out;                                                           \
        int wide = args->out_size == 4;                                                     \
        for (size_t i = 0; i < n; i++) {                                                    \
            uint##w##_t x;                                                                  \
            memcpy(&x, src + i * sizeof x, sizeof x);                                       \
            uint32_t c = bits_set(x);                                                       \
            if (wide)                                                                       \
                memcpy(dst + i * 4, &c, 4);                                                 \
            else                                                                            \
                dst[i] = (unsigned char)c;                                                  \
        }                                                                                   \
    }
BITWISE_TYPES(BIT_COUNT_REFERENCE)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* The count of each lane from the bytes' counts (cnt8): 16- and 32-bit lanes add their
   halves, 64-bit lanes their eight bytes at once; or, where the ISA has them and the CPU
   too (HAS_LANE_POPCOUNT, dmlp__isa_lane_popcount), by one instruction per vector. Then
   narrowed to one byte per element, one vector of output a block (as IsInfinity's
   blocks). A UINT32 output is the 32-bit lanes' counts as they are; of the other widths
   it is bit_count_into32's (below). */

/* The portable counts, from the bytes' counts. */
#define bytes_count8(x) cnt8(x)
static ALWAYS_INLINE V bytes_count16(V x)
{
    V p = cnt8(x);
    return add16(vand(p, set16(0x00ff)), srli16(p, 8));
}
static ALWAYS_INLINE V bytes_count32(V x)
{
    V p = bytes_count16(x);
    return add32(vand(p, set32(0xffff)), srli32(p, 16));
}
static ALWAYS_INLINE V bytes_count64(V x)
{
    return bytesum64(cnt8(x));
}
/* The blocks of one family of lane counts, count8 to count64 (bytes_count or the ISA's
   popcnt): each lane's count narrowed to a byte, and the 32-bit lanes' counts kept as
   they are (a UINT32 output). */
#define BIT_COUNT_FAMILY(count)                                                             \
    static ALWAYS_INLINE V count##_32x2(const unsigned char *p)                             \
    {                                                                                       \
        return narrow32(count##32(ld(p)), count##32(ld(p + VB)));                           \
    }                                                                                       \
    static ALWAYS_INLINE V count##_64x4(const unsigned char *p)                             \
    {                                                                                       \
        return narrow32(narrow64(count##64(ld(p)), count##64(ld(p + VB))),                  \
                        narrow64(count##64(ld(p + 2 * VB)), count##64(ld(p + 3 * VB))));    \
    }                                                                                       \
    static ALWAYS_INLINE V count##_vector(const unsigned char *in, int w)                   \
    {                                                                                       \
        if (w == 8)                                                                         \
            return count##8(ld(in));                                                        \
        if (w == 16)                                                                        \
            return narrow16(count##16(ld(in)), count##16(ld(in + VB)));                     \
        if (w == 32)                                                                        \
            return narrow16(count##_32x2(in), count##_32x2(in + 2 * VB));                   \
        return narrow16(count##_64x4(in), count##_64x4(in + 4 * VB));                       \
    }                                                                                       \
    BIT_COUNT_BLOCK(count, 8)                                                               \
    BIT_COUNT_BLOCK(count, 16)                                                              \
    BIT_COUNT_BLOCK(count, 32)                                                              \
    BIT_COUNT_BLOCK(count, 64)                                                              \
    MAP_BLOCK(count##_wide, count##32(x))
#define BIT_COUNT_BLOCK(count, w)                                                           \
    static ALWAYS_INLINE void count##_block##w(const unsigned char *in, unsigned char *out, \
                                               const kc *c, int stream, map_fn *f)          \
    {                                                                                       \
        (void)c;                                                                            \
        (void)f;                                                                            \
        put(out, count##_vector(in, w), stream);                                            \
    }
/* A run of one family: the UINT32 output as a map, the UINT8 one as a stream. */
#define BIT_COUNT_RUN(count, w)                                                             \
    if (args->out_size == 4)                                                                \
        run_map(n, in, out, args, 4, count##_wide, setup_none);                             \
    else                                                                                    \
        run_stream(n, in, out, args, w / 8, 1, VB, count##_block##w, NULL, setup_none);
BIT_COUNT_FAMILY(bytes_count)
#if defined(HAS_LANE_POPCOUNT)
BIT_COUNT_FAMILY(popcnt)
#define BIT_COUNT_NATIVE(w)                                                                 \
    if (!args->portable && dmlp__isa_lane_popcount()) {                                     \
        BIT_COUNT_RUN(popcnt, w)                                                            \
        return;                                                                             \
    }
#else
#define BIT_COUNT_NATIVE(w)
#endif
#undef BIT_COUNT_BLOCK
#undef BIT_COUNT_FAMILY
/* A UINT32 output of the 8-, 16- and 64-bit types: each element's count by the
   bit-parallel sums of one word, in plain C loops through locals (FOR_LOCAL_RUNS). Zen 4,
   cache, one thread: 12.7 (i8), 9.1 (i16) and 22 (i64) GB/s at AVX-512 against the
   reference's 0.6-1.9; a form on the vector vocabulary (cnt8, then widened) would be
   faster. */
static ALWAYS_INLINE uint32_t bits_of64(uint64_t v)
{
    v = v - ((v >> 1) & 0x5555555555555555u);
    v = (v & 0x3333333333333333u) + ((v >> 2) & 0x3333333333333333u);
    v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0fu;
    return (uint32_t)((v * 0x0101010101010101u) >> 56);
}
static ALWAYS_INLINE uint32_t bits_of32(uint32_t v)
{
    v = v - ((v >> 1) & 0x55555555u);
    v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
    v = (v + (v >> 4)) & 0x0f0f0f0fu;
    return (v * 0x01010101u) >> 24;
}
#define BIT_COUNT_INTO32(w, T, bits)                                                        \
    static void bit_count_into32_##w(size_t n, const void *in, void *out)                   \
    {                                                                                       \
        FOR_LOCAL_RUNS(n, in, out, T, uint32_t, y[k] = bits(x[k]);)                         \
    }
BIT_COUNT_INTO32(8, uint8_t, bits_of32)
BIT_COUNT_INTO32(16, uint16_t, bits_of32)
BIT_COUNT_INTO32(64, uint64_t, bits_of64)
#undef BIT_COUNT_INTO32
static ALWAYS_INLINE void bit_count_into32(size_t n, const void *in, void *out, int w)
{
    if (w == 8)
        bit_count_into32_8(n, in, out);
    else if (w == 16)
        bit_count_into32_16(n, in, out);
    else
        bit_count_into32_64(n, in, out);
}
#define BIT_COUNT_FAST(t, TYPE, w)                                                          \
    UNARY_KERNEL(t, bit_count)                                                              \
    {                                                                                       \
        if (args->out_size == 4 && w != 32) {                                               \
            bit_count_into32(n, in, out, w);                                                \
            return;                                                                         \
        }                                                                                   \
        BIT_COUNT_NATIVE(w)                                                                 \
        BIT_COUNT_RUN(bytes_count, w)                                                       \
    }
BITWISE_TYPES(BIT_COUNT_FAST)
#undef BIT_COUNT_FAST
#undef BIT_COUNT_NATIVE
#undef BIT_COUNT_RUN
#undef bytes_count8
#endif

#undef BITWISE_OP
#undef OP
#undef OP_DESC
