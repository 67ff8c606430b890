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
   too (HAS_LANE_POPCOUNT, dmlp__isa_lane_popcount; `native`), by one instruction per
   vector. Then narrowed to one byte per element, one vector of output a block (as
   IsInfinity's blocks). A UINT32 output is the 32-bit lanes' counts as they are; of the
   other widths it goes to the reference kernel (a chunk of bytes widened drew GCC 12's
   -Wstringop-overflow on the stack buffer; not done yet). */
#if !defined(HAS_LANE_POPCOUNT)
/* Never reached (`native` is 0 where the ISA lacks them); for the compiler. */
#define popcnt8(x) cnt8(x)
#define popcnt16(x) (x)
#define popcnt32(x) (x)
#define popcnt64(x) (x)
#endif
static ALWAYS_INLINE V bit_count16(V x, int native)
{
    if (native)
        return popcnt16(x);
    V p = cnt8(x);
    return add16(vand(p, set16(0x00ff)), srli16(p, 8));
}
static ALWAYS_INLINE V bit_count32(V x, int native)
{
    if (native)
        return popcnt32(x);
    V p = bit_count16(x, 0);
    return add32(vand(p, set32(0xffff)), srli32(p, 16));
}
static ALWAYS_INLINE V bit_count64(V x, int native)
{
    return native ? popcnt64(x) : bytesum64(cnt8(x));
}
static ALWAYS_INLINE V bit_count32x2(const unsigned char *p, int native)
{
    return narrow32(bit_count32(ld(p), native), bit_count32(ld(p + VB), native));
}
static ALWAYS_INLINE V bit_count64x4(const unsigned char *p, int native)
{
    return narrow32(narrow64(bit_count64(ld(p), native), bit_count64(ld(p + VB), native)),
                    narrow64(bit_count64(ld(p + 2 * VB), native),
                             bit_count64(ld(p + 3 * VB), native)));
}
static ALWAYS_INLINE V bit_count_vector(const unsigned char *in, int w, int native)
{
    if (w == 8)
        return native ? popcnt8(ld(in)) : cnt8(ld(in));
    if (w == 16)
        return narrow16(bit_count16(ld(in), native), bit_count16(ld(in + VB), native));
    if (w == 32)
        return narrow16(bit_count32x2(in, native), bit_count32x2(in + 2 * VB, native));
    return narrow16(bit_count64x4(in, native), bit_count64x4(in + 4 * VB, native));
}
#define BIT_COUNT_BLOCK(w, native, name)                                                    \
    static ALWAYS_INLINE void name(const unsigned char *in, unsigned char *out, const kc *c, \
                                   int stream, map_fn *f)                                   \
    {                                                                                       \
        (void)c;                                                                            \
        (void)f;                                                                            \
        put(out, bit_count_vector(in, w, native), stream);                                  \
    }
BIT_COUNT_BLOCK(8, 0, bit_count_block8)
BIT_COUNT_BLOCK(16, 0, bit_count_block16)
BIT_COUNT_BLOCK(32, 0, bit_count_block32)
BIT_COUNT_BLOCK(64, 0, bit_count_block64)
#if defined(HAS_LANE_POPCOUNT)
BIT_COUNT_BLOCK(8, 1, bit_count_native8)
BIT_COUNT_BLOCK(16, 1, bit_count_native16)
BIT_COUNT_BLOCK(32, 1, bit_count_native32)
BIT_COUNT_BLOCK(64, 1, bit_count_native64)
MAP_BLOCK(bit_count_wide_native, bit_count32(x, 1))
#define BIT_COUNT_NATIVE(w)                                                                 \
    if (!args->portable && dmlp__isa_lane_popcount()) {                                     \
        if (args->out_size == 4)                                                            \
            run_map(n, in, out, args, 4, bit_count_wide_native, setup_none);                \
        else                                                                                \
            run_stream(n, in, out, args, w / 8, 1, VB, bit_count_native##w, NULL, setup_none); \
        return;                                                                             \
    }
#else
#define BIT_COUNT_NATIVE(w)
#endif
#undef BIT_COUNT_BLOCK
MAP_BLOCK(bit_count_wide, bit_count32(x, 0))
#define BIT_COUNT_FAST(t, TYPE, w)                                                          \
    REFERENCE_DECL(t, bit_count);                                                           \
    UNARY_KERNEL(t, bit_count)                                                              \
    {                                                                                       \
        if (args->out_size == 4 && w != 32) {                                               \
            REFERENCE(t, bit_count)(n, in, out, args);                                      \
            return;                                                                         \
        }                                                                                   \
        BIT_COUNT_NATIVE(w)                                                                 \
        if (args->out_size == 4)                                                            \
            run_map(n, in, out, args, 4, bit_count_wide, setup_none);                       \
        else                                                                                \
            run_stream(n, in, out, args, w / 8, 1, VB, bit_count_block##w, NULL, setup_none); \
    }
BITWISE_TYPES(BIT_COUNT_FAST)
#undef BIT_COUNT_FAST
#undef BIT_COUNT_NATIVE
#if !defined(HAS_LANE_POPCOUNT)
#undef popcnt8
#undef popcnt16
#undef popcnt32
#undef popcnt64
#endif
#endif

#undef BITWISE_OP
#undef OP
#undef OP_DESC
