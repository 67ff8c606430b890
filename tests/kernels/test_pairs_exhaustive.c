/* test_pairs_exhaustive: the two-input reference kernels on every pair of inputs against
   a model written here from docs/operators.md, bit for bit (NaNs included: their bits are
   the documented rule, not "any NaN").

     test_pairs_exhaustive [8bit]        every (A, B) of every INT8 and UINT8 row
     test_pairs_exhaustive 16bit STRIDE  every FLOAT16 and BFLOAT16 row: every A that is a
                                         multiple of STRIDE against all 65,536 B (STRIDE 1:
                                         all 2^32 pairs; `make test-pairs`)
     test_pairs_exhaustive 16bit STRIDE ROW...   only those rows (f16_add ...), in order

   The rows come from binary_kernel_list.inc, so an operator added there without a model
   here is a failure, not a gap. A fixed A meets every B in one 65,536-element call (A a
   broadcast scalar for even rows, a filled vector for odd ones); the A values are shared
   out among one thread per online CPU. Each row prints its pairs, mismatches and time.

   The model: the inputs decoded to binary64 (exact), the operation there, then one
   rounding to the 16-bit format by integer arithmetic on the binary64 bits. + - * of
   two float16 values, and * of two bfloat16 values, are exact in binary64; a bfloat16 sum
   and every quotient are rounded to 53 bits first, which is innocuous because 53 >= 2p + 2
   (p = 11, 8) and no such result is subnormal in binary64. Where the documentation names
   a binary32 step (Mean's sum, DifferenceSquare's difference and square) the model rounds
   to binary32 there, by the same integer rounding. ADD1 with Softsign is the model's sum
   through Softsign's reference kernel, which test_reference_half proves on every input.
   Integer rows: the C operation on the values, wrapped to 8 bits; a zero divisor, which
   the core refuses, is left out of Divide and the moduli. */
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kernels/kernels.h"
#include "test_reference_oracle.h"

#define EW(x) DML_OPERATOR_ELEMENT_WISE_##x

typedef struct row {
    DML_OPERATOR_TYPE op;
    DML_TENSOR_DATA_TYPE type;
    const char *name;
    size_t size;
} row;

static const row rows[] = {
#define DMLP__BINARY_KERNEL_ROW(op, type, name, bytes, x86, arm) {op, type, #name, bytes},
#include "kernels/binary_kernel_list.inc"
#undef DMLP__BINARY_KERNEL_ROW
};

/* The models, one per operator and rule. */
typedef enum model {
    M_NONE,
    M_ADD, M_SUB, M_MUL, M_DIV, M_ADD1_SOFTSIGN,
    M_MAX, M_MAX_PROPAGATE, M_MIN, M_MIN_PROPAGATE,
    M_MEAN, M_DIFFSQ, M_PRELU, M_FMOD, M_MOD,
    M_GT, M_EQ, M_LT, M_GE, M_LE,
    M_BIT_AND, M_BIT_OR, M_BIT_XOR,
    M_AND, M_OR, M_XOR, M_SHL, M_SHR, M_SHL_ZERO, M_SHR_ZERO,
    M_RELU_GRAD, M_CLIP_GRAD, M_CLIP_GRAD1
} model;

/* The bounds the gradient rows run under: ClipGrad's FLOAT Min and Max; ClipGrad1's in
   the tensor's type (-1.5 and 2 for the 16-bit floats, whose encodings follow; [-3, 5]
   for INT8, [3, 200] for UINT8). */
#define GRAD_MIN -1.5
#define GRAD_MAX 2.0

/* A row and the rule it runs under (its kernel arguments). */
typedef struct job {
    const row *r;
    model m;
    const char *rule; /* "" or what the arguments add */
    dmlp__kernel_args args;
} job;

static int is_comparison(DML_OPERATOR_TYPE op)
{
    return op == EW(LOGICAL_GREATER_THAN) || op == EW(LOGICAL_EQUALS) ||
           op == EW(LOGICAL_LESS_THAN) || op == EW(LOGICAL_GREATER_THAN_OR_EQUAL) ||
           op == EW(LOGICAL_LESS_THAN_OR_EQUAL);
}

/* The jobs of a row: one per rule (Max and Min: both NaN rules; ADD1: without and with
   Softsign; the shifts: both rules past the width; the comparisons: both output widths
   for 8-bit rows, UINT8 for 16-bit ones). Returns the count, 0 for a row with no model. */
static size_t jobs_of(const row *r, job *out)
{
    size_t n = 0;
    job j;
    memset(&j, 0, sizeof j);
    j.r = r;
    j.rule = "";
    j.args.out_size = 1;
#define PUSH(M, RULE, FIELD, VALUE)                                                         \
    do {                                                                                    \
        out[n] = j;                                                                         \
        out[n].m = (M);                                                                     \
        out[n].rule = (RULE);                                                               \
        out[n].args.FIELD = (VALUE);                                                        \
        n++;                                                                                \
    } while (0)
    switch ((int)r->op) {
    case EW(ADD): PUSH(M_ADD, "", out_size, 1); break;
    case EW(ADD1):
        PUSH(M_ADD, "", fused, NULL);
        PUSH(M_ADD1_SOFTSIGN, " + softsign", fused,
             dmlp__reference_kernel(DML_OPERATOR_ACTIVATION_SOFTSIGN, r->type));
        break;
    case EW(SUBTRACT): PUSH(M_SUB, "", out_size, 1); break;
    case EW(MULTIPLY): PUSH(M_MUL, "", out_size, 1); break;
    case EW(DIVIDE): PUSH(M_DIV, "", out_size, 1); break;
    case EW(MAX):
        PUSH(M_MAX, "", nan_propagate, 0);
        PUSH(M_MAX_PROPAGATE, " nan_propagate", nan_propagate, 1);
        break;
    case EW(MIN):
        PUSH(M_MIN, "", nan_propagate, 0);
        PUSH(M_MIN_PROPAGATE, " nan_propagate", nan_propagate, 1);
        break;
    case EW(MEAN): PUSH(M_MEAN, "", out_size, 1); break;
    case EW(DIFFERENCE_SQUARE): PUSH(M_DIFFSQ, "", out_size, 1); break;
    case DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU: PUSH(M_PRELU, "", out_size, 1); break;
    case EW(MODULUS_TRUNCATE): PUSH(M_FMOD, "", out_size, 1); break;
    case EW(MODULUS_FLOOR): PUSH(M_MOD, "", out_size, 1); break;
    case EW(LOGICAL_GREATER_THAN): PUSH(M_GT, " -> u8", out_size, 1); break;
    case EW(LOGICAL_EQUALS): PUSH(M_EQ, " -> u8", out_size, 1); break;
    case EW(LOGICAL_LESS_THAN): PUSH(M_LT, " -> u8", out_size, 1); break;
    case EW(LOGICAL_GREATER_THAN_OR_EQUAL): PUSH(M_GE, " -> u8", out_size, 1); break;
    case EW(LOGICAL_LESS_THAN_OR_EQUAL): PUSH(M_LE, " -> u8", out_size, 1); break;
    case EW(BIT_AND): PUSH(M_BIT_AND, "", out_size, 1); break;
    case EW(BIT_OR): PUSH(M_BIT_OR, "", out_size, 1); break;
    case EW(BIT_XOR): PUSH(M_BIT_XOR, "", out_size, 1); break;
    case EW(LOGICAL_AND): PUSH(M_AND, "", out_size, 1); break;
    case EW(LOGICAL_OR): PUSH(M_OR, "", out_size, 1); break;
    case EW(LOGICAL_XOR): PUSH(M_XOR, "", out_size, 1); break;
    case EW(BIT_SHIFT_LEFT):
        PUSH(M_SHL, "", shift_zero, 0);
        PUSH(M_SHL_ZERO, " shift_zero", shift_zero, 1);
        break;
    case EW(BIT_SHIFT_RIGHT):
        PUSH(M_SHR, "", shift_zero, 0);
        PUSH(M_SHR_ZERO, " shift_zero", shift_zero, 1);
        break;
    case DML_OPERATOR_ACTIVATION_RELU_GRAD: PUSH(M_RELU_GRAD, "", out_size, 1); break;
    case EW(CLIP_GRAD):
        PUSH(M_CLIP_GRAD, " [-1.5, 2]", out_size, 1);
        out[n - 1].args.param[0] = (float)GRAD_MIN;
        out[n - 1].args.param[1] = (float)GRAD_MAX;
        break;
    case EW(CLIP_GRAD1): {
        int i8 = r->type == DML_TENSOR_DATA_TYPE_INT8, u8 = r->type == DML_TENSOR_DATA_TYPE_UINT8;
        int bf = r->type == DMLP_TENSOR_DATA_TYPE_BFLOAT16;
        PUSH(M_CLIP_GRAD1, i8 ? " [-3, 5]" : u8 ? " [3, 200]" : " [-1.5, 2]", out_size, 1);
        out[n - 1].args.scalar[0] = i8 ? 0xfdu : u8 ? 3u : bf ? 0xbfc0u : 0xbe00u;
        out[n - 1].args.scalar[1] = i8 ? 5u : u8 ? 200u : 0x4000u;
        break;
    }
    default: break;
    }
#undef PUSH
    if (is_comparison(r->op) && r->size == 1) { /* and into UINT32 */
        out[n] = out[n - 1];
        out[n].rule = " -> u32";
        out[n].args.out_size = 4;
        n++;
    }
    return n;
}

/* ---- The 16-bit formats ---- */

typedef struct format {
    int mbits, ebits, bias;
    uint32_t sign, inf, quiet, default_nan;
    double value[65536]; /* every encoding decoded (±inf; NaN for NaNs) */
    unsigned char nan[65536];
    uint16_t m[65536]; /* a finite encoding's magnitude is m * 2^e, m an integer */
    int16_t e[65536];
} format;

static double pow2[512]; /* pow2[k] = 2^(k - 256) */

static format f16, bf16;

static void format_init(format *F, oracle_format f)
{
    F->mbits = f.mbits;
    F->ebits = f.ebits;
    F->bias = oracle_bias(f);
    F->sign = 0x8000u;
    F->inf = ((1u << f.ebits) - 1u) << f.mbits;
    F->quiet = 1u << (f.mbits - 1);
    F->default_nan = F->inf | F->quiet;
    for (uint32_t i = 0; i < 65536; i++) {
        F->nan[i] = (unsigned char)oracle_is_nan(i, f);
        if (F->nan[i])
            F->value[i] = NAN;
        else if (oracle_is_inf(i, f))
            F->value[i] = oracle_negative(i, f) ? -INFINITY : INFINITY;
        else
            F->value[i] = oracle_decode(i, f);
        int field = (int)oracle_field_exponent(i, f);
        F->m[i] = (uint16_t)(oracle_field_mantissa(i, f) | (field ? 1u << f.mbits : 0u));
        F->e[i] = (int16_t)((field ? field : 1) - F->bias - f.mbits);
    }
    for (int k = 0; k < 512; k++)
        pow2[k] = ldexp(1.0, k - 256);
}

/* 2^d mod n, by squaring (n < 2^12). */
static inline uint64_t pow2_mod(int d, uint64_t n)
{
    uint64_t result = 1 % n, base = 2 % n;
    while (d) {
        if (d & 1)
            result = result * base % n;
        base = base * base % n;
        d >>= 1;
    }
    return result;
}

/* C's fmod(x, y) of the finite encodings a and b (y nonzero), exactly, on the integers
   x = mx * 2^ex and y = my * 2^ey (the library's kernels call libm's fmod; this does not). */
static inline double remainder_of(const format *F, uint32_t a, uint32_t b)
{
    uint64_t mx = F->m[a], my = F->m[b], r;
    int ex = F->e[a], ey = F->e[b], scale;
    if (mx == 0)
        return F->value[a];
    if (ex >= ey) { /* mx * 2^(ex - ey) mod my, on the grid of 2^ey */
        r = (mx % my) * pow2_mod(ex - ey, my) % my;
        scale = ey;
    } else if (ey - ex < 24) { /* mx mod (my * 2^(ey - ex)), on the grid of 2^ex */
        r = mx % (my << (ey - ex));
        scale = ex;
    } else { /* |x| < 2^12 * 2^ex <= |y| */
        r = mx;
        scale = ex;
    }
    double v = (double)r * pow2[scale + 256];
    return F->value[a] < 0 ? -v : v;
}

/* v (not NaN) rounded to nearest even into a format of mbits stored bits, exponent bias
   and infinity encoding inf, by integer arithmetic on v's binary64 fields: the encoding,
   ±inf past the largest finite value. v is zero, infinite or a normal binary64. */
static inline uint32_t round_to(double v, int mbits, int bias, uint32_t inf, uint32_t sign_bit)
{
    uint64_t u;
    memcpy(&u, &v, sizeof u);
    uint32_t sign = (u >> 63) ? sign_bit : 0;
    u &= ~(UINT64_C(1) << 63);
    if (u == 0)
        return sign;
    if (u >= UINT64_C(0x7ff0000000000000))
        return sign | inf;
    int e = (int)(u >> 52) - 1023; /* v = m * 2^(e - 52), m of 53 bits */
    uint64_t m = (u & ((UINT64_C(1) << 52) - 1)) | (UINT64_C(1) << 52);
    int emin = 1 - bias, E = e < emin ? emin : e;
    int shift = (E - mbits) - (e - 52); /* bits of m below the target's quantum */
    if (shift >= 54)                     /* below half the smallest subnormal */
        return sign;
    uint64_t r = m >> shift, rest = m & ((UINT64_C(1) << shift) - 1);
    uint64_t half = UINT64_C(1) << (shift - 1);
    if (rest > half || (rest == half && (r & 1)))
        r++;
    /* r * 2^(E - mbits); a carry into the next binade carries into the exponent field */
    uint64_t bits = ((uint64_t)(E + bias - 1) << mbits) + r;
    if (bits >= inf)
        return sign | inf;
    return sign | (uint32_t)bits;
}

static inline uint32_t round16(double v, const format *F)
{
    return round_to(v, F->mbits, F->bias, F->inf, F->sign);
}

/* v rounded to binary32, as a binary64. */
static inline double round32(double v)
{
    uint32_t bits = round_to(v, 23, 127, 0x7f800000u, 0x80000000u);
    float f;
    memcpy(&f, &bits, sizeof f);
    return (double)f;
}

static uint16_t softsign_table[2][65536]; /* [0] f16, [1] bf16 */

/* The expected bits of A op B for a 16-bit float row (comparisons: 0 or 1). */
static inline __attribute__((always_inline)) uint32_t model16(model m, const format *F,
                                                               uint32_t a, uint32_t b)
{
    double x = F->value[a], y = F->value[b];
    int an = F->nan[a], bn = F->nan[b];
    switch (m) {
    case M_GT: return x > y;
    case M_EQ: return x == y;
    case M_LT: return x < y;
    case M_GE: return x >= y;
    case M_LE: return x <= y;
    case M_BIT_AND: return a & b;
    case M_BIT_OR: return a | b;
    case M_BIT_XOR: return a ^ b;
    /* the gradient's bits where the input passes (a NaN compares false), else +0 */
    case M_RELU_GRAD: return x > 0 ? b : 0;
    case M_CLIP_GRAD:
    case M_CLIP_GRAD1: return x <= GRAD_MIN || x >= GRAD_MAX ? 0 : b;
    case M_MAX:
    case M_MIN:
    case M_MAX_PROPAGATE:
    case M_MIN_PROPAGATE: {
        int propagate = m == M_MAX_PROPAGATE || m == M_MIN_PROPAGATE;
        int want_max = m == M_MAX || m == M_MAX_PROPAGATE;
        if (an && (bn || propagate))
            return a | F->quiet;
        if (bn)
            return propagate ? (b | F->quiet) : a;
        if (an)
            return b;
        if (x == 0 && y == 0) { /* -0 below +0 */
            int a_below = signbit(x) != 0 && signbit(y) == 0;
            int b_below = signbit(y) != 0 && signbit(x) == 0;
            if (want_max)
                return b_below ? a : a_below ? b : a;
            return a_below ? a : b_below ? b : a;
        }
        if (want_max)
            return x >= y ? a : b;
        return x <= y ? a : b;
    }
    case M_PRELU:
        if (an)
            return bn ? (b | F->quiet) : (a | F->quiet);
        if (x >= 0)
            return a;
        if (bn)
            return b | F->quiet;
        {
            double p = x * y;
            return isnan(p) ? F->default_nan : round16(p, F);
        }
    default: break;
    }
    /* The arithmetic: a NaN input comes back quiet, A's first. */
    if (an)
        return a | F->quiet;
    if (bn)
        return b | F->quiet;
    double v;
    switch (m) {
    case M_ADD: v = x + y; break;
    case M_ADD1_SOFTSIGN: {
        double s = x + y;
        uint32_t sum = isnan(s) ? F->default_nan : round16(s, F);
        return softsign_table[F == &bf16][sum];
    }
    case M_SUB: v = x - y; break;
    case M_MUL: v = x * y; break;
    case M_DIV: v = x / y; break;
    case M_MEAN: /* the sum rounded to binary32, then its half (exact) */
        v = x + y;
        if (!isnan(v))
            v = round32(v) * 0.5;
        break;
    case M_DIFFSQ: /* the difference and its square each rounded to binary32 */
        v = x - y;
        if (!isnan(v)) {
            v = round32(v);
            v = round32(v * v);
        }
        break;
    case M_FMOD:
    case M_MOD:
        if (isinf(x) || y == 0)
            return F->default_nan;
        v = remainder_of(F, a, b);
        if (m == M_MOD) {
            if (v == 0)
                v = copysign(0.0, y);
            else if ((signbit(v) != 0) != (signbit(y) != 0))
                v = v + y;
        }
        break;
    default: v = NAN; break;
    }
    if (isnan(v))
        return F->default_nan;
    return round16(v, F);
}

/* The model's row for A: want[b] for every B, the switch outside the loop. */
static void model16_row(model m, const format *F, uint32_t a, uint32_t *want)
{
    switch (m) {
#define ROW16(M)                                                                            \
    case M:                                                                                 \
        for (uint32_t b = 0; b < 65536; b++)                                                \
            want[b] = model16(M, F, a, b);                                                  \
        break;
        ROW16(M_ADD) ROW16(M_SUB) ROW16(M_MUL) ROW16(M_DIV) ROW16(M_ADD1_SOFTSIGN)
        ROW16(M_MAX) ROW16(M_MAX_PROPAGATE) ROW16(M_MIN) ROW16(M_MIN_PROPAGATE)
        ROW16(M_MEAN) ROW16(M_DIFFSQ) ROW16(M_PRELU) ROW16(M_FMOD) ROW16(M_MOD)
        ROW16(M_GT) ROW16(M_EQ) ROW16(M_LT) ROW16(M_GE) ROW16(M_LE)
        ROW16(M_BIT_AND) ROW16(M_BIT_OR) ROW16(M_BIT_XOR)
        ROW16(M_RELU_GRAD) ROW16(M_CLIP_GRAD) ROW16(M_CLIP_GRAD1)
#undef ROW16
    default:
        for (uint32_t b = 0; b < 65536; b++)
            want[b] = UINT32_MAX - 1; /* no 16-bit model: every pair a mismatch */
        break;
    }
}

/* ---- The 8-bit integers ---- */

static inline uint32_t model8(model m, int is_signed, uint32_t a, uint32_t b, int *skip)
{
    int x = is_signed ? (int)(int8_t)a : (int)a, y = is_signed ? (int)(int8_t)b : (int)b;
    *skip = 0;
    switch (m) {
    case M_ADD: return (uint32_t)(x + y) & 0xffu;
    case M_SUB: return (uint32_t)(x - y) & 0xffu;
    case M_MUL: return (uint32_t)(x * y) & 0xffu;
    case M_DIV:
    case M_FMOD:
    case M_MOD:
        if (y == 0) {
            *skip = 1;
            return 0;
        }
        if (m == M_DIV)
            return (uint32_t)(x / y) & 0xffu; /* -128 / -1 = 128 wraps to -128 */
        {
            int r = x % y;
            if (m == M_MOD && r != 0 && ((r < 0) != (y < 0)))
                r += y;
            return (uint32_t)r & 0xffu;
        }
    case M_MAX:
    case M_MAX_PROPAGATE: return (uint32_t)(x >= y ? x : y) & 0xffu;
    case M_MIN:
    case M_MIN_PROPAGATE: return (uint32_t)(x <= y ? x : y) & 0xffu;
    case M_PRELU: return (uint32_t)(x >= 0 ? x : x * y) & 0xffu;
    case M_GT: return x > y;
    case M_EQ: return x == y;
    case M_LT: return x < y;
    case M_GE: return x >= y;
    case M_LE: return x <= y;
    case M_BIT_AND: return a & b;
    case M_BIT_OR: return a | b;
    case M_BIT_XOR: return a ^ b;
    case M_AND: return a != 0 && b != 0;
    case M_OR: return a != 0 || b != 0;
    case M_XOR: return (a != 0) != (b != 0);
    case M_SHL: return (a << (b % 8)) & 0xffu;
    case M_SHR: return a >> (b % 8);
    case M_SHL_ZERO: return b >= 8 ? 0 : (a << b) & 0xffu;
    case M_SHR_ZERO: return b >= 8 ? 0 : a >> b;
    case M_CLIP_GRAD: return x <= GRAD_MIN || x >= GRAD_MAX ? 0 : b;
    case M_CLIP_GRAD1:
        if (is_signed)
            return x <= -3 || x >= 5 ? 0 : b;
        return x <= 3 || x >= 200 ? 0 : b;
    default: *skip = 1; return 0;
    }
}

static int type_signed8(DML_TENSOR_DATA_TYPE t)
{
    return t == DML_TENSOR_DATA_TYPE_INT8;
}

/* ---- The sweep ---- */

typedef struct sweep {
    const job *j;
    dmlp__binary_kernel fn;
    const format *F; /* NULL: an 8-bit row */
    uint32_t stride, count, b_count; /* A = index * stride, index < count */
    pthread_mutex_t lock;
    uint32_t next;
    uint64_t pairs, mismatches;
} sweep;

static const char *type_name(DML_TENSOR_DATA_TYPE t)
{
    switch ((int)t) {
    case DML_TENSOR_DATA_TYPE_FLOAT16: return "f16";
    case DMLP_TENSOR_DATA_TYPE_BFLOAT16: return "bf16";
    case DML_TENSOR_DATA_TYPE_INT8: return "i8";
    case DML_TENSOR_DATA_TYPE_UINT8: return "u8";
    default: return "?";
    }
}

static void *sweep_thread(void *arg)
{
    sweep *s = arg;
    const job *j = s->j;
    size_t size = j->r->size, out_size = j->args.out_size ? j->args.out_size : 1;
    int own = is_comparison(j->r->op);
    size_t osize = own ? out_size : size;
    uint32_t nb = s->b_count;
    unsigned char *va = malloc(nb * size), *vb = malloc(nb * size), *out = malloc(nb * 4);
    uint32_t *want = malloc(nb * sizeof *want);
    int sgn = type_signed8(j->r->type);
    uint64_t pairs = 0, bad = 0;
    for (uint32_t i = 0; i < nb; i++)
        memcpy(vb + (size_t)i * size, &i, size); /* little-endian */
    for (;;) {
        pthread_mutex_lock(&s->lock);
        uint32_t index = s->next++;
        pthread_mutex_unlock(&s->lock);
        if (index >= s->count)
            break;
        uint32_t a = index * s->stride;
        uint32_t scalar = (index & 1) ? 0 : DMLP__SCALAR_A;
        if (!scalar && size == 2)
            for (uint32_t i = 0; i < nb; i++)
                ((uint16_t *)(void *)va)[i] = (uint16_t)a;
        else if (!scalar)
            memset(va, (int)a, nb);
        memset(out, 0xa5, nb * osize);
        s->fn(nb, scalar ? (const void *)&a : va, vb, out, scalar, &j->args);
        if (s->F) {
            model16_row(j->m, s->F, a, want);
        } else {
            for (uint32_t b = 0; b < nb; b++) {
                int skip;
                want[b] = model8(j->m, sgn, a, b, &skip);
                if (skip)
                    want[b] = UINT32_MAX;
            }
        }
        for (uint32_t b = 0; b < nb; b++) {
            if (want[b] == UINT32_MAX)
                continue;
            uint32_t got;
            if (osize == 1) {
                got = out[b];
            } else if (osize == 2) {
                uint16_t h;
                memcpy(&h, out + (size_t)b * 2, 2);
                got = h;
            } else {
                memcpy(&got, out + (size_t)b * 4, 4);
            }
            pairs++;
            if (got == want[b])
                continue;
            bad++;
            pthread_mutex_lock(&s->lock);
            if (s->mismatches + bad <= 20)
                fprintf(stderr, "MISMATCH %s %s%s: A 0x%0*x B 0x%0*x: reference 0x%0*x, "
                        "model 0x%0*x\n", type_name(j->r->type), j->r->name, j->rule,
                        (int)size * 2, (unsigned)a, (int)size * 2, (unsigned)b,
                        (int)osize * 2, (unsigned)got, (int)osize * 2, (unsigned)want[b]);
            pthread_mutex_unlock(&s->lock);
        }
    }
    pthread_mutex_lock(&s->lock);
    s->pairs += pairs;
    s->mismatches += bad;
    pthread_mutex_unlock(&s->lock);
    free(va);
    free(vb);
    free(out);
    free(want);
    return NULL;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static unsigned thread_count(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1u : n > 64 ? 64u : (unsigned)n;
}

/* Runs one job over its pairs; returns its mismatches (and counts the pairs). */
static uint64_t run_job(const job *j, const format *F, uint32_t stride, uint64_t *pairs)
{
    sweep s;
    memset(&s, 0, sizeof s);
    s.j = j;
    s.F = F;
    s.fn = dmlp__binary_reference_kernel(j->r->op, j->r->type);
    s.stride = stride;
    s.b_count = F ? 65536u : 256u;
    s.count = (s.b_count + stride - 1) / stride;
    if (!s.fn) {
        fprintf(stderr, "%s %s: no reference kernel\n", type_name(j->r->type), j->r->name);
        return 1;
    }
    pthread_mutex_init(&s.lock, NULL);
    unsigned nt = F ? thread_count() : 1u;
    pthread_t th[64];
    double t0 = now();
    for (unsigned t = 0; t < nt; t++)
        if (pthread_create(&th[t], NULL, sweep_thread, &s) != 0) {
            fprintf(stderr, "pthread_create failed\n");
            exit(1);
        }
    for (unsigned t = 0; t < nt; t++)
        pthread_join(th[t], NULL);
    double t1 = now();
    pthread_mutex_destroy(&s.lock);
    printf("%-5s %-14s %-15s %12" PRIu64 " pairs %6" PRIu64 " mismatches %8.2f s\n",
           type_name(j->r->type), j->r->name, j->rule, s.pairs, s.mismatches, t1 - t0);
    fflush(stdout);
    *pairs += s.pairs;
    return s.mismatches;
}

static int wanted(const row *r, int sixteen)
{
    /* Pow and AtanYX are transcendental, not a model's IEEE arithmetic: their pairs are
       checked against MPFR by tests/crmath/test_cr_pow.c and test_cr_atrig.c. */
    if ((int)r->op == EW(POW) || (int)r->op == EW(ATAN_YX))
        return 0;
    if (sixteen)
        return r->type == DML_TENSOR_DATA_TYPE_FLOAT16 || r->type == DMLP_TENSOR_DATA_TYPE_BFLOAT16;
    return r->type == DML_TENSOR_DATA_TYPE_INT8 || r->type == DML_TENSOR_DATA_TYPE_UINT8;
}

int main(int argc, char **argv)
{
    int sixteen = argc > 1 && strcmp(argv[1], "16bit") == 0;
    if (argc > 1 && !sixteen && strcmp(argv[1], "8bit") != 0) {
        fprintf(stderr, "usage: test_pairs_exhaustive [8bit | 16bit [STRIDE [ROW...]]]\n");
        return 2;
    }
    uint32_t stride = sixteen && argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 10) : 1u;
    if (stride < 1 || stride > 65536u)
        stride = 1;
    if (sixteen) {
        format_init(&f16, ORACLE_F16);
        format_init(&bf16, ORACLE_BF16);
        static uint16_t every[65536];
        for (uint32_t i = 0; i < 65536; i++)
            every[i] = (uint16_t)i;
        dmlp__kernel_args args;
        memset(&args, 0, sizeof args);
        dmlp__unary_kernel ss;
        ss = dmlp__reference_kernel(DML_OPERATOR_ACTIVATION_SOFTSIGN, DML_TENSOR_DATA_TYPE_FLOAT16);
        CHECK(ss != NULL, "f16 softsign");
        if (ss)
            ss(65536, every, softsign_table[0], &args);
        ss = dmlp__reference_kernel(DML_OPERATOR_ACTIVATION_SOFTSIGN, DMLP_TENSOR_DATA_TYPE_BFLOAT16);
        CHECK(ss != NULL, "bf16 softsign");
        if (ss)
            ss(65536, every, softsign_table[1], &args);
        printf("every A that is a multiple of %u against every B, %u threads\n", (unsigned)stride,
               thread_count());
    }
    uint64_t pairs = 0, mismatches = 0;
    size_t jobs_run = 0;
    double t0 = now();
    /* Every row in table order, or only the rows named, in the order named. */
    size_t nrows = sizeof rows / sizeof rows[0];
    int named = sixteen && argc > 3;
    for (size_t i = 0; i < (named ? (size_t)(argc - 3) * nrows : nrows); i++) {
        const row *r = &rows[i % nrows];
        if (!wanted(r, sixteen) || (named && strcmp(argv[3 + i / nrows], r->name) != 0))
            continue;
        job js[4];
        size_t n = jobs_of(r, js);
        CHECK(n > 0, "%s (%s): a two-input row with no model in this test", r->name,
              type_name(r->type));
        const format *F = !sixteen ? NULL : r->type == DML_TENSOR_DATA_TYPE_FLOAT16 ? &f16 : &bf16;
        for (size_t k = 0; k < n; k++) {
            uint64_t bad = run_job(&js[k], F, stride, &pairs);
            CHECK(bad == 0, "%s %s%s: %" PRIu64 " mismatches", type_name(r->type), r->name,
                  js[k].rule, bad);
            mismatches += bad;
            jobs_run++;
        }
    }
    printf("%zu rows and rules, %" PRIu64 " pairs, %" PRIu64 " mismatches, %.1f s\n", jobs_run,
           pairs, mismatches, now() - t0);
    CHECK(jobs_run > 0, "no rows");
    return test_finish("test_pairs_exhaustive");
}
