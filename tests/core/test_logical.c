/* test_logical: LogicalGreaterThan, LogicalAnd and LogicalOr through the public API.
   Results over layouts (packed, broadcast along any axis with stride 0, scalars,
   transposed and padded outputs, large tensors on threads, unaligned bases) against the
   reference kernel applied element by element, for a UINT8 and a UINT32 output whose
   element size differs from the inputs'; the bytes the output does not own untouched;
   And and Or exactly in place on A and on B, GreaterThan refused in place; the
   refusals of validation (output types per feature level, mixed input types, sizes, the
   extension types), each with its message. */
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
#define F64 DML_TENSOR_DATA_TYPE_FLOAT64
#define I8 DML_TENSOR_DATA_TYPE_INT8
#define I64 DML_TENSOR_DATA_TYPE_INT64
#define U8 DML_TENSOR_DATA_TYPE_UINT8
#define U16 DML_TENSOR_DATA_TYPE_UINT16
#define U32 DML_TENSOR_DATA_TYPE_UINT32
#define GT DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN
#define AND DML_OPERATOR_ELEMENT_WISE_LOGICAL_AND
#define OR DML_OPERATOR_ELEMENT_WISE_LOGICAL_OR

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static dmlp_device *device;
/* Per operator (GreaterThan, And, Or): the 0s and the 1s the layouts produced. */
static uint64_t outcomes[3][2];

static uint32_t type_size(DML_TENSOR_DATA_TYPE t)
{
    switch (t) {
    case F64: case I64: return 8;
    case F32: case U32: return 4;
    case F16: case U16: return 2;
    default: return 1;
    }
}

/* Runs op on the layout with inputs drawn from few values (so equal pairs are common)
   and compares every output element with the reference kernel on that element; `shift`
   moves every base off its alignment. */
static void check_layout(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE in, DML_TENSOR_DATA_TYPE out,
                         uint32_t dims, const uint32_t *sizes, const uint32_t *const strides[3],
                         size_t shift, const char *what)
{
    setup s;
    setup_init_types(&s, op, in, out, dims, sizes, strides);
    dmlp_operator *o = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &s.op, 0, &o), DMLP_OK);
    if (!o) {
        fprintf(stderr, "    in %s: %s\n", what, dmlp_last_error());
        return;
    }
    uint32_t size[3] = {type_size(in), type_size(in), type_size(out)};
    unsigned char *mem[3];
    dmlp_buffer_binding bindings[3];
    uint64_t state = 777;
    for (int k = 0; k < 3; k++) {
        size_t bytes = (size_t)s.buffers[k].TotalTensorSizeInBytes;
        mem[k] = malloc(bytes + 16);
        /* inputs: one element in three all zero bytes, the others bytes 0x00, 0x01,
           0x80 or 0xff (zeros, signs, NaNs, extremes); the output random */
        static const unsigned char few[4] = {0x00, 0x01, 0x80, 0xff};
        for (size_t i = 0; i < bytes + 16; i += size[k]) {
            state = state * 6364136223846793005ull + 1442695040888963407ull;
            bool zero = k < 2 && (state >> 33) % 3 == 0;
            for (size_t j = i; j < i + size[k] && j < bytes + 16; j++) {
                state = state * 6364136223846793005ull + 1442695040888963407ull;
                mem[k][j] = k == 2 ? (unsigned char)(state >> 56) : zero ? 0 : few[state >> 62];
            }
        }
        bindings[k] = (dmlp_buffer_binding){mem[k], shift, bytes};
    }
    size_t out_bytes = (size_t)s.buffers[2].TotalTensorSizeInBytes + 16;
    unsigned char *before = malloc(out_bytes);
    memcpy(before, mem[2], out_bytes);
    CHECK_STATUS(dmlp_operator_execute(o, 2, bindings, 1, &bindings[2]), DMLP_OK);
    dmlp__binary_kernel ref = dmlp__binary_reference_kernel(op, in);
    dmlp__kernel_args args;
    memset(&args, 0, sizeof args);
    args.out_size = size[2];
    uint64_t count = 1, wrong = 0, ones = 0;
    for (uint32_t d = 0; d < dims; d++)
        count *= sizes[d];
    for (uint64_t i = 0; i < count; i++) {
        unsigned char x[8], y[8], want[8], *p[3];
        for (int k = 0; k < 3; k++)
            p[k] = mem[k] + shift + offset_of(dims, sizes, strides[k], i) * size[k];
        memcpy(x, p[0], size[0]);
        memcpy(y, p[1], size[1]);
        ref(1, x, y, want, 0, &args);
        wrong += memcmp(want, p[2], size[2]) != 0;
        ones += p[2][0] == 1;
    }
    CHECK(wrong == 0, "%s: %" PRIu64 " of %" PRIu64 " elements differ", what, wrong, count);
    outcomes[op == GT ? 0 : op == AND ? 1 : 2][0] += count - ones;
    outcomes[op == GT ? 0 : op == AND ? 1 : 2][1] += ones;
    uint64_t touched = 0;
    for (size_t b = 0; b < out_bytes; b++) {
        bool owned = false;
        if (b >= shift && strides[2] == NULL)
            owned = b - shift < count * size[2];
        else
            for (uint64_t i = 0; b >= shift && i < count && !owned; i++) {
                uint64_t at = offset_of(dims, sizes, strides[2], i) * size[2];
                owned = b - shift >= at && b - shift < at + size[2];
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
    static const uint32_t row[3] = {0, 0, 1};
    static const uint32_t column[3] = {0, 1, 0};
    static const uint32_t scalar[3] = {0, 0, 0};
    static const uint32_t transposed[3] = {1, 3, 12};
    static const uint32_t matrix[3] = {4, 1, 0};
    static const uint32_t padded[3] = {48, 8, 1};
    static const struct {
        DML_OPERATOR_TYPE op;
        DML_TENSOR_DATA_TYPE in, out;
    } cases[] = {
        {GT, F32, U8}, {GT, F32, U32}, {GT, F16, U8}, {GT, F64, U8}, {GT, I8, U32},
        {GT, I64, U8}, {GT, U16, U8},  {GT, U8, U32}, {AND, U8, U8}, {AND, U32, U32},
        {OR, U8, U8},  {OR, U32, U32},
    };
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
    for (size_t l = 0; l < COUNT(layouts); l++)
        for (size_t c = 0; c < COUNT(cases); c++) {
            char what[160];
            snprintf(what, sizeof what, "%s, op %d, %d -> %d", layouts[l].name,
                     (int)cases[c].op, (int)cases[c].in, (int)cases[c].out);
            check_layout(cases[c].op, cases[c].in, cases[c].out, 3, sizes, layouts[l].strides,
                         0, what);
            if (l % 3 == 0)
                check_layout(cases[c].op, cases[c].in, cases[c].out, 3, sizes,
                             layouts[l].strides, 1, "unaligned bases");
        }
    /* large: several threads, broadcasting rows and columns */
    static const uint32_t big[2] = {300, 1000};
    static const uint32_t big_row[2] = {0, 1}, big_column[2] = {1, 0};
    const uint32_t *const b_row[3] = {NULL, big_row, NULL};
    const uint32_t *const a_column[3] = {big_column, NULL, NULL};
    check_layout(GT, F32, U8, 2, big, b_row, 0, "large gt f32, B a row");
    check_layout(GT, F64, U32, 2, big, a_column, 0, "large gt f64 -> u32, A a column");
    check_layout(AND, U8, U8, 2, big, b_row, 0, "large and, B a row");
    for (int o = 0; o < 3; o++)
        CHECK(outcomes[o][0] > 100 && outcomes[o][1] > 100,
              "operator %d: %" PRIu64 " zeros and %" PRIu64 " ones: both outcomes met", o,
              outcomes[o][0], outcomes[o][1]);
}

/* And and Or run exactly in place on A and on B; GreaterThan is refused in place. */
static void check_in_place(void)
{
    static const uint32_t sizes[1] = {12};
    const uint32_t *const none[3] = {NULL, NULL, NULL};
    static const uint32_t a[12] = {0, 1, 2, 0x100, 0, 0x80000000u, 7, 0, 0xffffffffu, 3, 0, 1};
    static const uint32_t b[12] = {0, 0, 5, 1, 9, 0x10000, 0, 0, 2, 0x1000000, 1, 1};
    for (int which = 0; which < 2; which++)
        for (int on = 0; on < 2; on++) {
            setup s;
            setup_init_types(&s, which ? OR : AND, U32, U32, 1, sizes, none);
            dmlp_operator *o = NULL;
            CHECK_STATUS(dmlp_operator_create(device, &s.op, 0, &o), DMLP_OK);
            uint32_t x[12], y[12];
            memcpy(x, a, sizeof a);
            memcpy(y, b, sizeof b);
            dmlp_buffer_binding in[2] = {{x, 0, sizeof x}, {y, 0, sizeof y}};
            CHECK_STATUS(dmlp_operator_execute(o, 2, in, 1, &in[on]), DMLP_OK);
            const uint32_t *got = on ? y : x;
            for (int i = 0; i < 12; i++) {
                uint32_t want = which ? (a[i] != 0 || b[i] != 0) : (a[i] != 0 && b[i] != 0);
                CHECK(got[i] == want, "%s in place on %c, element %d: %u, expected %u",
                      which ? "or" : "and", on ? 'B' : 'A', i, (unsigned)got[i],
                      (unsigned)want);
            }
            dmlp_operator_destroy(o);
        }
    /* GreaterThan with a UINT32 output the size of a UINT32 input: still refused */
    setup s;
    setup_init_types(&s, GT, U32, U32, 1, sizes, none);
    dmlp_operator *o = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &s.op, 0, &o), DMLP_OK);
    uint32_t x[12], y[12];
    memcpy(x, a, sizeof a);
    memcpy(y, b, sizeof b);
    dmlp_buffer_binding in[2] = {{x, 0, sizeof x}, {y, 0, sizeof y}};
    CHECK_STATUS(dmlp_operator_execute(o, 2, in, 1, &in[0]), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "LogicalGreaterThan never runs in place");
    CHECK(memcmp(x, a, sizeof a) == 0, "refused in place: A untouched");
    dmlp_operator_destroy(o);
}

/* Validation's refusals, with their messages. */
static void expect_refused(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE a, DML_TENSOR_DATA_TYPE b,
                           DML_TENSOR_DATA_TYPE out, uint32_t level, uint32_t flags,
                           const uint32_t *out_sizes, dmlp_status status, const char *fragment)
{
    static const uint32_t sizes[4] = {1, 2, 3, 4};
    const uint32_t *const none[3] = {NULL, NULL, NULL};
    setup s;
    setup_init_types(&s, op, a, out, 4, sizes, none);
    s.buffers[1].DataType = b;
    s.buffers[1].TotalTensorSizeInBytes = dmlp_calc_buffer_tensor_size(b, 4, sizes, NULL);
    if (out_sizes) {
        s.buffers[2].Sizes = out_sizes;
        s.buffers[2].TotalTensorSizeInBytes = dmlp_calc_buffer_tensor_size(out, 4, out_sizes, NULL);
    }
    dmlp_device_desc dd = {level, 1, flags};
    dmlp_device *d = NULL;
    CHECK_STATUS(dmlp_device_create(&dd, &d), DMLP_OK);
    dmlp_operator *o = NULL;
    CHECK_STATUS(dmlp_operator_create(d, &s.op, 0, &o), status);
    if (status != DMLP_OK)
        CHECK_CONTAINS(dmlp_last_error(), fragment);
    CHECK(status != DMLP_OK || o != NULL, "accepted: an operator");
    dmlp_operator_destroy(o);
    dmlp_device_destroy(d);
}

static void check_refusals(void)
{
    const dmlp_status UNSUPPORTED = DMLP_ERROR_UNSUPPORTED, INVALID = DMLP_ERROR_INVALID_ARGUMENT;
    static const uint32_t other[4] = {1, 2, 3, 5};
    /* GreaterThan's output: UINT32 or UINT8 (UINT32 only at 1_0), never the inputs' type */
    expect_refused(GT, F32, F32, F32, DML_FEATURE_LEVEL_6_4, 0, NULL, UNSUPPORTED,
                   "ELEMENT_WISE_LOGICAL_GREATER_THAN: OutputTensor.DataType is FLOAT32; at "
                   "feature level 6_4 it must be UINT32 or UINT8");
    expect_refused(GT, F32, F32, U8, DML_FEATURE_LEVEL_1_0, 0, NULL, UNSUPPORTED,
                   "OutputTensor.DataType is UINT8; at feature level 1_0 it must be UINT32");
    expect_refused(GT, F32, F32, U32, DML_FEATURE_LEVEL_1_0, 0, NULL, DMLP_OK, "");
    expect_refused(GT, F32, F32, U8, DML_FEATURE_LEVEL_2_0, 0, NULL, DMLP_OK, "");
    expect_refused(GT, I8, I8, U8, DML_FEATURE_LEVEL_2_1, 0, NULL, DMLP_OK, "");
    expect_refused(GT, U8, U8, U16, DML_FEATURE_LEVEL_6_4, 0, NULL, UNSUPPORTED,
                   "OutputTensor.DataType is UINT16; at feature level 6_4 it must be UINT32 or "
                   "UINT8");
    /* A and B: one type */
    expect_refused(GT, F32, F16, U8, DML_FEATURE_LEVEL_6_4, 0, NULL, INVALID,
                   "BTensor.DataType is FLOAT16; it must equal ATensor.DataType (FLOAT32)");
    /* the levels' input types, and the extensions' */
    expect_refused(GT, I8, I8, U8, DML_FEATURE_LEVEL_2_0, 0, NULL, UNSUPPORTED,
                   "ATensor.DataType is INT8; at feature level 2_0 it must be FLOAT32 or "
                   "FLOAT16");
    expect_refused(GT, I64, I64, U8, DML_FEATURE_LEVEL_3_0, 0, NULL, UNSUPPORTED,
                   "ATensor.DataType is INT64; at feature level 3_0");
    expect_refused(GT, F64, F64, U8, DML_FEATURE_LEVEL_6_4, 0, NULL, UNSUPPORTED,
                   "ATensor.DataType is FLOAT64; it needs a device created with "
                   "DMLP_DEVICE_FLAG_EXTENSIONS");
    expect_refused(GT, F64, F64, U8, DML_FEATURE_LEVEL_6_4, DMLP_DEVICE_FLAG_EXTENSIONS, NULL,
                   DMLP_OK, "");
    /* sizes: the output has the inputs' */
    expect_refused(GT, F32, F32, U8, DML_FEATURE_LEVEL_6_4, 0, other, INVALID,
                   "OutputTensor.Sizes[3] is 5; it must equal ATensor.Sizes[3] (4)");
    /* And and Or: UINT32, and UINT8 from 2_0; the output of the inputs' type */
    expect_refused(AND, F32, F32, F32, DML_FEATURE_LEVEL_6_4, DMLP_DEVICE_FLAG_EXTENSIONS, NULL,
                   UNSUPPORTED,
                   "ELEMENT_WISE_LOGICAL_AND: ATensor.DataType is FLOAT32; at feature level 6_4 "
                   "it must be UINT32 or UINT8");
    expect_refused(OR, U8, U8, U8, DML_FEATURE_LEVEL_1_0, 0, NULL, UNSUPPORTED,
                   "ELEMENT_WISE_LOGICAL_OR: ATensor.DataType is UINT8; at feature level 1_0 it "
                   "must be UINT32");
    expect_refused(AND, U8, U8, U32, DML_FEATURE_LEVEL_6_4, 0, NULL, INVALID,
                   "OutputTensor.DataType is UINT32; it must equal ATensor.DataType (UINT8)");
    expect_refused(OR, U32, U8, U32, DML_FEATURE_LEVEL_6_4, 0, NULL, INVALID,
                   "BTensor.DataType is UINT8; it must equal ATensor.DataType (UINT32)");
    expect_refused(AND, U32, U32, U32, DML_FEATURE_LEVEL_1_0, 0, NULL, DMLP_OK, "");
}

int main(void)
{
    dmlp_device_desc dd = {0, 0, DMLP_DEVICE_FLAG_EXTENSIONS};
    CHECK_STATUS(dmlp_device_create(&dd, &device), DMLP_OK);
    if (!device)
        return test_finish("test_logical");
    check_layouts();
    check_in_place();
    check_refusals();
    dmlp_device_destroy(device);
    return test_finish("test_logical");
}
