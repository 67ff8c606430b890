/* test_binary: the two-input operators through the public API. Results over layouts
   (packed, broadcast along any axis with stride 0, scalars, transposed inputs and
   outputs, large tensors on threads, unaligned bases) against the reference kernel
   applied element by element; exact in-place execution on A, on B and on both; the
   refusals of validation (types, sizes, FusedActivation) and of execute (counts,
   overlap, integer division by zero), each with its message and the output untouched. */
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dmlp.h"
#include "kernels/kernels.h"
#include "test_util.h"
#include "two_input_setup.h"

#define F32 DML_TENSOR_DATA_TYPE_FLOAT32
#define F16 DML_TENSOR_DATA_TYPE_FLOAT16
#define I32 DML_TENSOR_DATA_TYPE_INT32
#define U8 DML_TENSOR_DATA_TYPE_UINT8
#define ADD DML_OPERATOR_ELEMENT_WISE_ADD
#define ADD1 DML_OPERATOR_ELEMENT_WISE_ADD1
#define SUB DML_OPERATOR_ELEMENT_WISE_SUBTRACT
#define MUL DML_OPERATOR_ELEMENT_WISE_MULTIPLY
#define DIV DML_OPERATOR_ELEMENT_WISE_DIVIDE

static dmlp_device *device;

static uint32_t type_size(DML_TENSOR_DATA_TYPE t)
{
    return t == U8 ? 1 : t == F16 ? 2 : 4;
}

/* Every tensor of one type. */
static void setup_init(setup *s, DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type, uint32_t dims,
                       const uint32_t *sizes, const uint32_t *const strides[3])
{
    setup_init_types(s, op, type, type, dims, sizes, strides);
}

/* Runs op on the layout with random inputs and compares every output element with the
   reference kernel on that element; `shift` moves every base off its alignment. */
static void check_layout(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type, uint32_t dims,
                         const uint32_t *sizes, const uint32_t *const strides[3], size_t shift,
                         const char *what)
{
    setup s;
    setup_init(&s, op, type, dims, sizes, strides);
    dmlp_operator *o = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &s.op, 0, &o), DMLP_OK);
    if (!o) {
        fprintf(stderr, "    in %s: %s\n", what, dmlp_last_error());
        return;
    }
    uint32_t size = type_size(type);
    unsigned char *mem[3];
    dmlp_buffer_binding bindings[3];
    uint64_t state = 12345;
    for (int k = 0; k < 3; k++) {
        size_t bytes = (size_t)s.buffers[k].TotalTensorSizeInBytes;
        mem[k] = malloc(bytes + 16);
        for (size_t i = 0; i < bytes + 16; i++) {
            state = state * 6364136223846793005ull + 1442695040888963407ull;
            mem[k][i] = (unsigned char)(state >> 56);
        }
        if (k == 1 && type != F32 && type != F16) /* integer divisors: never 0 */
            for (size_t i = shift; i + size <= bytes + shift; i += size)
                mem[k][i] |= 1;
        bindings[k] = (dmlp_buffer_binding){mem[k], shift, bytes};
    }
    unsigned char *before = malloc((size_t)s.buffers[2].TotalTensorSizeInBytes + 16);
    memcpy(before, mem[2], (size_t)s.buffers[2].TotalTensorSizeInBytes + 16);
    CHECK_STATUS(dmlp_operator_execute(o, 2, bindings, 1, &bindings[2]), DMLP_OK);
    dmlp__binary_kernel ref = dmlp__binary_reference_kernel(op, type);
    dmlp__kernel_args args;
    memset(&args, 0, sizeof args);
    uint64_t count = 1, wrong = 0;
    for (uint32_t d = 0; d < dims; d++)
        count *= sizes[d];
    for (uint64_t i = 0; i < count; i++) {
        unsigned char want[8], *p[3];
        for (int k = 0; k < 3; k++)
            p[k] = mem[k] + shift + offset_of(dims, sizes, strides[k], i) * size;
        unsigned char x[8], y[8];
        memcpy(x, p[0], size);
        memcpy(y, p[1], size);
        ref(1, x, y, want, 0, &args);
        wrong += memcmp(want, p[2], size) != 0;
    }
    CHECK(wrong == 0, "%s: %" PRIu64 " of %" PRIu64 " elements differ", what, wrong, count);
    /* bytes the output does not own are untouched (gaps of strided outputs, the tail) */
    uint64_t touched = 0;
    for (size_t b = 0; b < (size_t)s.buffers[2].TotalTensorSizeInBytes + 16; b++) {
        bool owned = false;
        if (b >= shift && strides[2] == NULL)
            owned = b - shift < count * size;
        else if (b >= shift)
            for (uint64_t i = 0; i < count && !owned; i++) {
                uint64_t at = offset_of(dims, sizes, strides[2], i) * size;
                owned = b - shift >= at && b - shift < at + size;
            }
        touched += !owned && mem[2][b] != before[b];
    }
    CHECK(touched == 0, "%s: %" PRIu64 " bytes outside the output written", what, touched);
    free(before);
    for (int k = 0; k < 3; k++)
        free(mem[k]);
    dmlp_operator_destroy(o);
}

static void check_layouts(void)
{
    static const uint32_t sizes[3] = {3, 4, 5};
    static const uint32_t row[3] = {0, 0, 1};        /* B: one vector of 5 */
    static const uint32_t column[3] = {0, 1, 0};     /* one value per middle index */
    static const uint32_t scalar[3] = {0, 0, 0};
    static const uint32_t transposed[3] = {1, 3, 12}; /* a packed [5][4][3] read across */
    static const uint32_t matrix[3] = {4, 1, 0};     /* [3][4] repeated along the inner axis */
    static const uint32_t padded[3] = {48, 8, 1};
    static const DML_OPERATOR_TYPE ops[] = {ADD, SUB, MUL, DIV, ADD1};
    static const DML_TENSOR_DATA_TYPE types[] = {F32, F16, I32, U8};
    struct {
        const uint32_t *strides[3];
        const char *name;
    } layouts[] = {
        {{NULL, NULL, NULL}, "packed"},
        {{NULL, row, NULL}, "B a row"},
        {{row, NULL, NULL}, "A a row"},
        {{NULL, column, NULL}, "B a column (scalar runs)"},
        {{scalar, transposed, NULL}, "A a scalar, B transposed"},
        {{matrix, scalar, padded}, "both broadcast along the inner axis, padded output"},
        {{NULL, column, transposed}, "transposed output"},
        {{padded, row, padded}, "padded"},
    };
    for (size_t l = 0; l < sizeof layouts / sizeof layouts[0]; l++)
        for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++)
            for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
                if (ops[o] == ADD1 && (types[t] == I32 || types[t] == U8))
                    continue; /* ADD1 takes float types only */
                char what[160];
                snprintf(what, sizeof what, "%s, op %d, type %d", layouts[l].name, (int)ops[o],
                         (int)types[t]);
                check_layout(ops[o], types[t], 3, sizes, layouts[l].strides, 0, what);
                if (l % 3 == 0)
                    check_layout(ops[o], types[t], 3, sizes, layouts[l].strides, 1,
                                 "unaligned bases");
            }
    /* large: several threads, broadcasting rows and columns */
    static const uint32_t big[2] = {600, 1000};
    static const uint32_t big_row[2] = {0, 1}, big_column[2] = {1, 0};
    const uint32_t *const a_row[3] = {NULL, big_row, NULL};
    const uint32_t *const a_column[3] = {big_column, NULL, NULL};
    check_layout(ADD, F32, 2, big, a_row, 0, "large, B a row");
    check_layout(DIV, F32, 2, big, a_column, 0, "large, A a column");
    check_layout(MUL, I32, 2, big, a_row, 0, "large int32, B a row");
}

/* In place: the output bound exactly onto A, onto B, onto both. */
static void check_in_place(void)
{
    static const uint32_t sizes[2] = {7, 9};
    const uint32_t *const none[3] = {NULL, NULL, NULL};
    setup s;
    setup_init(&s, SUB, F32, 2, sizes, none);
    dmlp_operator *o = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &s.op, 0, &o), DMLP_OK);
    float a[63], b[63], x[63], y[63];
    for (int i = 0; i < 63; i++) {
        a[i] = (float)i * 0.75f - 20.0f;
        b[i] = (float)(i % 5) - 2.5f;
    }
    for (int which = 0; which < 3; which++) {
        memcpy(x, a, sizeof a);
        memcpy(y, b, sizeof b);
        dmlp_buffer_binding in[2] = {{x, 0, sizeof x}, {which == 2 ? x : y, 0, sizeof y}};
        dmlp_buffer_binding out = {which == 1 ? y : x, 0, sizeof x};
        CHECK_STATUS(dmlp_operator_execute(o, 2, in, 1, &out), DMLP_OK);
        const float *got = which == 1 ? y : x;
        int wrong = 0;
        for (int i = 0; i < 63; i++)
            wrong += got[i] != (which == 2 ? 0.0f : a[i] - b[i]);
        CHECK(wrong == 0, "in place on %s: %d wrong", which == 0 ? "A" : which == 1 ? "B" : "both",
              wrong);
    }
    dmlp_operator_destroy(o);
}

/* A refusal at execute: status, message fragment, nothing written. */
static void refuse_execute(dmlp_operator *o, uint32_t count, const dmlp_buffer_binding *in,
                           const dmlp_buffer_binding *out, const char *fragment)
{
    unsigned char *target = (unsigned char *)out->buffer + out->offset;
    unsigned char *copy = malloc((size_t)out->size_in_bytes);
    memcpy(copy, target, (size_t)out->size_in_bytes);
    CHECK_STATUS(dmlp_operator_execute(o, count, in, 1, out), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), fragment);
    CHECK(strchr(dmlp_last_error(), '\n') == NULL, "one line");
    CHECK(memcmp(copy, target, (size_t)out->size_in_bytes) == 0, "nothing written: %s",
          fragment);
    free(copy);
}

static void check_binding_refusals(void)
{
    static const uint32_t sizes[2] = {4, 8};
    static const uint32_t bcast[2] = {0, 1};
    const uint32_t *const none[3] = {NULL, NULL, NULL};
    const uint32_t *const b_row[3] = {NULL, bcast, NULL};
    _Alignas(16) float mem[200];
    memset(mem, 0, sizeof mem);
    setup s;
    setup_init(&s, ADD, F32, 2, sizes, none);
    dmlp_operator *o = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &s.op, 0, &o), DMLP_OK);
    dmlp_buffer_binding in[2] = {{mem, 0, 128}, {mem, 128, 128}};
    dmlp_buffer_binding out = {mem, 256, 128};
    refuse_execute(o, 1, in, &out, "ELEMENT_WISE_ADD: input_count is 1; it must be 2 (ATensor, BTensor)");
    dmlp_buffer_binding shifted = {mem, 64, 128}; /* half over A, half over B */
    refuse_execute(o, 2, in, &shifted, "overlaps the ATensor binding range");
    dmlp_buffer_binding over_b = {mem, 132, 128};
    refuse_execute(o, 2, in, &over_b, "overlaps the BTensor binding range");
    dmlp_buffer_binding small = {mem, 128, 64};
    dmlp_buffer_binding with_small[2] = {{mem, 0, 128}, small};
    refuse_execute(o, 2, with_small, &out, "BTensor binding size_in_bytes is 64");
    dmlp_buffer_binding null_b[2] = {{mem, 0, 128}, {NULL, 0, 128}};
    refuse_execute(o, 2, null_b, &out, "BTensor binding buffer is NULL");
    CHECK_STATUS(dmlp_operator_execute(o, 2, NULL, 1, &out), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "inputs is NULL; it must point to 2 bindings (ATensor, BTensor)");
    dmlp_operator_destroy(o);

    /* The output on a broadcast B's bytes is not in place (other layouts): refused. */
    setup_init(&s, ADD, F32, 2, sizes, b_row);
    CHECK_STATUS(dmlp_operator_create(device, &s.op, 0, &o), DMLP_OK);
    dmlp_buffer_binding bin[2] = {{mem, 0, 128}, {mem, 128, 32}};
    dmlp_buffer_binding onto_b = {mem, 128, 128};
    refuse_execute(o, 2, bin, &onto_b, "only exact in-place execution");
    dmlp_operator_destroy(o);
}

/* A refusal at create: status and message. */
static void refuse_create(const DML_OPERATOR_DESC *desc, uint32_t flags, dmlp_status status,
                          const char *fragment)
{
    dmlp_operator *o = NULL;
    CHECK_STATUS(dmlp_operator_create(device, desc, flags, &o), status);
    CHECK(o == NULL, "no operator");
    CHECK_CONTAINS(dmlp_last_error(), fragment);
}

static void check_validation(void)
{
    static const uint32_t sizes[2] = {4, 8}, other[2] = {4, 1};
    const uint32_t *const none[3] = {NULL, NULL, NULL};
    setup s;
    setup_init(&s, MUL, F32, 2, sizes, none);
    s.buffers[1].DataType = F16;
    s.buffers[1].TotalTensorSizeInBytes = 64;
    refuse_create(&s.op, 0, DMLP_ERROR_INVALID_ARGUMENT,
                  "ELEMENT_WISE_MULTIPLY: BTensor.DataType is FLOAT16; it must equal "
                  "ATensor.DataType (FLOAT32)");
    setup_init(&s, MUL, F32, 2, sizes, none);
    s.buffers[1].Sizes = other;
    refuse_create(&s.op, 0, DMLP_ERROR_INVALID_ARGUMENT,
                  "BTensor.Sizes[1] is 1; it must equal ATensor.Sizes[1] (8) (an input "
                  "broadcasts with a stride of 0");
    setup_init(&s, MUL, F32, 2, sizes, none);
    s.buffers[2].DataType = I32;
    refuse_create(&s.op, 0, DMLP_ERROR_INVALID_ARGUMENT,
                  "OutputTensor.DataType is INT32; it must equal ATensor.DataType (FLOAT32)");
    setup_init(&s, MUL, F32, 2, sizes, none);
    s.buffers[2].DimensionCount = 1;
    refuse_create(&s.op, 0, DMLP_ERROR_INVALID_ARGUMENT,
                  "OutputTensor.DimensionCount is 1; it must equal ATensor.DimensionCount (2)");
    setup_init(&s, MUL, F32, 2, sizes, none);
    s.desc.BTensor = NULL;
    refuse_create(&s.op, 0, DMLP_ERROR_INVALID_ARGUMENT, "ELEMENT_WISE_MULTIPLY: BTensor is NULL");
    setup_init(&s, DIV, F32, 2, sizes, none);
    s.buffers[0].DataType = DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN;
    s.buffers[1].DataType = DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN;
    s.buffers[2].DataType = DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN;
    refuse_create(&s.op, 0, DMLP_ERROR_UNSUPPORTED, "ELEMENT_WISE_DIVIDE: ATensor.DataType is");

    /* FusedActivation */
    DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC softsign = {NULL, NULL};
    DML_OPERATOR_DESC fused = {DML_OPERATOR_ACTIVATION_SOFTSIGN, &softsign};
    setup_init(&s, ADD1, F32, 2, sizes, none);
    s.desc.FusedActivation = &fused;
    dmlp_operator *o = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &s.op, 0, &o), DMLP_OK);
    dmlp_operator_destroy(o);
    DML_OPERATOR_DESC softmax = {DML_OPERATOR_ACTIVATION_SOFTMAX, &softsign};
    s.desc.FusedActivation = &softmax;
    refuse_create(&s.op, 0, DMLP_ERROR_UNSUPPORTED,
                  "ELEMENT_WISE_ADD1: FusedActivation.Type is ACTIVATION_SOFTMAX; dmlp fuses "
                  "ACTIVATION_SOFTSIGN (50), ACTIVATION_RELU (44), ");
    DML_OPERATOR_DESC sign = {DML_OPERATOR_ELEMENT_WISE_SIGN, &softsign};
    s.desc.FusedActivation = &sign;
    refuse_create(&s.op, 0, DMLP_ERROR_UNSUPPORTED, "FusedActivation.Type is ELEMENT_WISE_SIGN");
    softsign.InputTensor = &s.tensors[0];
    s.desc.FusedActivation = &fused;
    refuse_create(&s.op, 0, DMLP_ERROR_INVALID_ARGUMENT,
                  "FusedActivation's InputTensor is not NULL; a fused activation's tensors "
                  "must be NULL");
    softsign.InputTensor = NULL;
    DML_OPERATOR_DESC no_desc = {DML_OPERATOR_ACTIVATION_SOFTSIGN, NULL};
    s.desc.FusedActivation = &no_desc;
    refuse_create(&s.op, 0, DMLP_ERROR_INVALID_ARGUMENT, "FusedActivation.Desc is NULL");
}

/* A divisor's zero found wherever it lies in a packed row longer than the check's
   blocks (before, at and past a block's edge, in the last element), for every integer
   width, and the first of two named. */
static void check_divisor_scan(void)
{
    static const DML_TENSOR_DATA_TYPE types[4] = {
        DML_TENSOR_DATA_TYPE_INT8, DML_TENSOR_DATA_TYPE_INT16, DML_TENSOR_DATA_TYPE_UINT32,
        DML_TENSOR_DATA_TYPE_INT64};
    static const uint32_t type_sizes[4] = {1, 2, 4, 8};
    static const uint32_t sizes[2] = {2, 700};
    static const uint32_t zeros[][2] = {{255, 1400}, {256, 1400}, {511, 1400}, {699, 1400},
                                        {700, 1400}, {956, 1400}, {1399, 1400}, {900, 1300}};
    const uint32_t *const none[3] = {NULL, NULL, NULL};
    for (size_t t = 0; t < 4; t++) {
        uint32_t size = type_sizes[t];
        setup s;
        setup_init(&s, DIV, types[t], 2, sizes, none);
        dmlp_operator *o = NULL;
        CHECK_STATUS(dmlp_operator_create(device, &s.op, 0, &o), DMLP_OK);
        if (!o)
            continue;
        unsigned char *a = calloc(1400, size), *b = calloc(1400, size), *out = calloc(1400, size);
        for (uint32_t i = 0; i < 1400; i++)
            b[(size_t)i * size] = 1; /* little-endian: the value 1 */
        dmlp_buffer_binding in[2] = {{a, 0, 1400u * size}, {b, 0, 1400u * size}};
        dmlp_buffer_binding o_binding = {out, 0, 1400u * size};
        CHECK_STATUS(dmlp_operator_execute(o, 2, in, 1, &o_binding), DMLP_OK);
        for (size_t z = 0; z < sizeof zeros / sizeof zeros[0]; z++) {
            for (size_t k = 0; k < 2; k++)
                if (zeros[z][k] < 1400)
                    b[(size_t)zeros[z][k] * size] = 0;
            char want[96];
            snprintf(want, sizeof want, "BTensor element [%u, %u] is 0",
                     (unsigned)(zeros[z][0] / 700), (unsigned)(zeros[z][0] % 700));
            refuse_execute(o, 2, in, &o_binding, want);
            for (size_t k = 0; k < 2; k++)
                if (zeros[z][k] < 1400)
                    b[(size_t)zeros[z][k] * size] = 1;
        }
        free(a);
        free(b);
        free(out);
        dmlp_operator_destroy(o);
    }
}

/* Integer division by zero: refused by execute before anything is written, naming the
   element; INT_MIN / -1 wraps. */
static void check_division_by_zero(void)
{
    static const uint32_t sizes[2] = {3, 4};
    static const uint32_t bcast[2] = {0, 1};
    const uint32_t *const none[3] = {NULL, NULL, NULL};
    const uint32_t *const b_row[3] = {NULL, bcast, NULL};
    setup s;
    setup_init(&s, DIV, I32, 2, sizes, none);
    dmlp_operator *o = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &s.op, 0, &o), DMLP_OK);
    int32_t a[12], b[12], out[12];
    for (int i = 0; i < 12; i++) {
        a[i] = i * 10 - 50;
        b[i] = i % 2 ? 3 : -4;
        out[i] = 0x5a5a5a5a;
    }
    b[6] = 0;
    dmlp_buffer_binding in[2] = {{a, 0, sizeof a}, {b, 0, sizeof b}};
    dmlp_buffer_binding o_binding = {out, 0, sizeof out};
    refuse_execute(o, 2, in, &o_binding,
                   "ELEMENT_WISE_DIVIDE: BTensor element [1, 2] is 0; an integer division by "
                   "zero is refused, and nothing was written");
    b[6] = -1;
    a[6] = INT32_MIN;
    CHECK_STATUS(dmlp_operator_execute(o, 2, in, 1, &o_binding), DMLP_OK);
    CHECK(out[6] == INT32_MIN, "INT_MIN / -1 wraps to INT_MIN");
    CHECK(out[0] == 12 && out[1] == -13, "truncation toward zero: %d %d", out[0], out[1]);
    dmlp_operator_destroy(o);

    /* a broadcast B: its 4 values, the zero last */
    setup_init(&s, DIV, U8, 2, sizes, b_row);
    CHECK_STATUS(dmlp_operator_create(device, &s.op, 0, &o), DMLP_OK);
    uint8_t ua[12] = {0}, ub[4] = {1, 2, 3, 0}, uout[12];
    memset(uout, 0xa5, sizeof uout);
    dmlp_buffer_binding uin[2] = {{ua, 0, sizeof ua}, {ub, 0, sizeof ub}};
    dmlp_buffer_binding uo = {uout, 0, sizeof uout};
    refuse_execute(o, 2, uin, &uo, "BTensor element [0, 3] is 0");
    dmlp_operator_destroy(o);

    /* floats divide by zero as IEEE says */
    setup_init(&s, DIV, F32, 2, sizes, none);
    CHECK_STATUS(dmlp_operator_create(device, &s.op, 0, &o), DMLP_OK);
    float fa[12], fb[12], fo[12];
    for (int i = 0; i < 12; i++) {
        fa[i] = (float)(i - 6);
        fb[i] = 0.0f;
    }
    dmlp_buffer_binding fin[2] = {{fa, 0, sizeof fa}, {fb, 0, sizeof fb}};
    dmlp_buffer_binding fout = {fo, 0, sizeof fo};
    CHECK_STATUS(dmlp_operator_execute(o, 2, fin, 1, &fout), DMLP_OK);
    uint32_t bits;
    memcpy(&bits, &fo[6], 4);
    CHECK(fo[0] < 0 && fo[0] * 0 != 0 && bits == 0x7fc00000u, "-6/0 = -inf, 0/0 = default NaN");
    dmlp_operator_destroy(o);
}

int main(void)
{
    dmlp_device_desc dd = {0, 0, DMLP_DEVICE_FLAG_EXTENSIONS};
    CHECK_STATUS(dmlp_device_create(&dd, &device), DMLP_OK);
    if (!device)
        return test_finish("test_binary");
    check_layouts();
    check_in_place();
    check_binding_refusals();
    check_validation();
    check_division_by_zero();
    check_divisor_scan();
    dmlp_device_destroy(device);
    return test_finish("test_binary");
}
