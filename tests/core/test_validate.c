/* test_validate: the descriptor rules of docs/validation.md (pairing, tensors,
   extensions, execution flags), through dmlp__validate_operator. Each rule has accepted
   and refused cases; refusals check the status and a fragment of the one-line message. */
#include <stdbool.h>

#include "core/validate.h"
#include "test_util.h"

#define F32 DML_TENSOR_DATA_TYPE_FLOAT32
#define F16 DML_TENSOR_DATA_TYPE_FLOAT16
#define U8 DML_TENSOR_DATA_TYPE_UINT8
#define BF16 DMLP_TENSOR_DATA_TYPE_BFLOAT16
#define SIGN DML_OPERATOR_ELEMENT_WISE_SIGN
#define SOFTSIGN DML_OPERATOR_ACTIVATION_SOFTSIGN
#define ISINF DML_OPERATOR_ELEMENT_WISE_IS_INFINITY
#define INVALID DMLP_ERROR_INVALID_ARGUMENT
#define UNSUPPORTED DMLP_ERROR_UNSUPPORTED
#define EXT DMLP_DEVICE_FLAG_EXTENSIONS
#define TOP DML_FEATURE_LEVEL_6_4

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

#define CHECK_U64(actual, expected, ctx)                                                    \
    do {                                                                                    \
        uint64_t a2_ = (uint64_t)(actual), e2_ = (uint64_t)(expected);                      \
        CHECK(a2_ == e2_, "%s: %s is %" PRIu64 ", expected %" PRIu64, (ctx), #actual, a2_,  \
              e2_);                                                                         \
    } while (0)

/* One operator descriptor with its own tensors; tests edit fields, then validate. */
typedef struct fixture {
    uint32_t in_sizes[9], out_sizes[9];
    uint32_t in_strides[9], out_strides[9];
    DML_BUFFER_TENSOR_DESC in, out;
    DML_TENSOR_DESC in_tensor, out_tensor;
    DML_ELEMENT_WISE_SIGN_OPERATOR_DESC sign;
    DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC softsign;
    DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC isinf;
    DML_OPERATOR_DESC desc;
    dmlp__op_info info;
} fixture;

/* A valid packed descriptor: op over type with the given 4-D sizes. */
static void setup(fixture *f, DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type, uint32_t s0,
                  uint32_t s1, uint32_t s2, uint32_t s3)
{
    memset(f, 0, sizeof *f);
    uint32_t sizes[4] = {s0, s1, s2, s3};
    for (int i = 0; i < 4; i++)
        f->in_sizes[i] = f->out_sizes[i] = sizes[i];
    uint64_t count = (uint64_t)s0 * s1 * s2 * s3;
    uint32_t in_size = type == F32 ? 4 : type == U8 ? 1 : 2;
    DML_TENSOR_DATA_TYPE out_type = op == ISINF ? U8 : type;
    uint32_t out_size = out_type == F32 ? 4 : out_type == U8 ? 1 : 2;
    f->in = (DML_BUFFER_TENSOR_DESC){type, DML_TENSOR_FLAG_NONE, 4, f->in_sizes, NULL,
                                     (count * in_size + 3) / 4 * 4, 0};
    f->out = (DML_BUFFER_TENSOR_DESC){out_type, DML_TENSOR_FLAG_NONE, 4, f->out_sizes, NULL,
                                      (count * out_size + 3) / 4 * 4, 0};
    f->in_tensor = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &f->in};
    f->out_tensor = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &f->out};
    f->sign = (DML_ELEMENT_WISE_SIGN_OPERATOR_DESC){&f->in_tensor, &f->out_tensor};
    f->softsign = (DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC){&f->in_tensor, &f->out_tensor};
    f->isinf = (DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC){&f->in_tensor, &f->out_tensor,
                                                            DML_IS_INFINITY_MODE_EITHER};
    f->desc.Type = op;
    f->desc.Desc = op == SIGN ? (const void *)&f->sign
                   : op == SOFTSIGN ? (const void *)&f->softsign
                                    : (const void *)&f->isinf;
}

static dmlp_status run(fixture *f, uint32_t level, uint32_t device_flags, uint32_t exec_flags)
{
    return dmlp__validate_operator(level, device_flags, &f->desc, exec_flags, &f->info);
}

/* The message is one line and starts with the operator's name. */
static void check_message(const char *op_name, const char *fragment)
{
    const char *m = dmlp_last_error();
    CHECK_CONTAINS(m, fragment);
    CHECK(strchr(m, '\n') == NULL, "one line: %s", m);
    if (op_name)
        CHECK(strncmp(m, op_name, strlen(op_name)) == 0, "\"%s\" starts with %s", m, op_name);
}

#define REFUSED(f, level, dev, exec, status, op_name, fragment)                             \
    do {                                                                                    \
        CHECK_STATUS(run((f), (level), (dev), (exec)), (status));                           \
        check_message((op_name), (fragment));                                               \
    } while (0)

#define ACCEPTED(f, level, dev, exec) CHECK_STATUS(run((f), (level), (dev), (exec)), DMLP_OK)

static void test_nulls(void)
{
    fixture f;
    dmlp__op_info info;
    CHECK_STATUS(dmlp__validate_operator(TOP, 0, NULL, 0, &info), INVALID);
    CHECK_CONTAINS(dmlp_last_error(), "NULL");

    setup(&f, SIGN, F32, 1, 1, 2, 3);
    ACCEPTED(&f, TOP, 0, 0);
    CHECK_STATUS(dmlp__validate_operator(TOP, 0, &f.desc, 0, NULL), INVALID);

    f.desc.Desc = NULL;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_SIGN", "Desc is NULL");

    setup(&f, SIGN, F32, 1, 1, 2, 3);
    f.sign.InputTensor = NULL;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_SIGN", "InputTensor is NULL");

    setup(&f, SOFTSIGN, F32, 1, 1, 2, 3);
    f.softsign.OutputTensor = NULL;
    REFUSED(&f, TOP, 0, 0, INVALID, "ACTIVATION_SOFTSIGN", "OutputTensor is NULL");

    setup(&f, ISINF, F32, 1, 1, 2, 3);
    f.isinf.InputTensor = NULL;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_IS_INFINITY", "InputTensor is NULL");
    setup(&f, ISINF, F32, 1, 1, 2, 3);
    f.isinf.OutputTensor = NULL;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_IS_INFINITY", "OutputTensor is NULL");

    setup(&f, SIGN, F32, 1, 1, 2, 3);
    f.in_tensor.Desc = NULL;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_SIGN", "InputTensor.Desc is NULL");
    setup(&f, SIGN, F32, 1, 1, 2, 3);
    f.out_tensor.Desc = NULL;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_SIGN", "OutputTensor.Desc is NULL");

    setup(&f, SIGN, F32, 1, 1, 2, 3);
    f.in.Sizes = NULL;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_SIGN", "InputTensor.Sizes is NULL");
    setup(&f, SIGN, F32, 1, 1, 2, 3);
    f.out.Sizes = NULL;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_SIGN", "OutputTensor.Sizes is NULL");
}

static void test_operator_and_tensor_type(void)
{
    fixture f;
    setup(&f, SIGN, F32, 1, 1, 2, 3);
    f.desc.Type = DML_OPERATOR_INVALID;
    CHECK_STATUS(run(&f, TOP, 0, 0), INVALID);
    CHECK_CONTAINS(dmlp_last_error(), "DML_OPERATOR_DESC.Type is");
    f.desc.Type = (DML_OPERATOR_TYPE)53; /* a DirectML operator dmlp does not implement */
    CHECK_STATUS(run(&f, TOP, 0, 0), UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "DML_OPERATOR_DESC.Type is 53");

    setup(&f, SIGN, F32, 1, 1, 2, 3);
    f.in_tensor.Type = DML_TENSOR_TYPE_INVALID;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_SIGN", "InputTensor.Type is 0");
    setup(&f, SIGN, F32, 1, 1, 2, 3);
    f.out_tensor.Type = (DML_TENSOR_TYPE)2;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_SIGN", "OutputTensor.Type is 2");

    setup(&f, SIGN, F32, 1, 1, 2, 3);
    f.in.DataType = DML_TENSOR_DATA_TYPE_UNKNOWN;
    REFUSED(&f, TOP, EXT, 0, INVALID, "ELEMENT_WISE_SIGN", "InputTensor.DataType is 0");
    setup(&f, SIGN, F32, 1, 1, 2, 3);
    f.in.DataType = (DML_TENSOR_DATA_TYPE)12;
    REFUSED(&f, TOP, EXT, 0, INVALID, "ELEMENT_WISE_SIGN", "InputTensor.DataType is 12");
    setup(&f, SIGN, F32, 1, 1, 2, 3);
    f.out.DataType = (DML_TENSOR_DATA_TYPE)0x105;
    REFUSED(&f, TOP, EXT, 0, INVALID, "ELEMENT_WISE_SIGN", "OutputTensor.DataType is 261");
}

static void test_dimensions_and_sizes(void)
{
    fixture f;
    setup(&f, SIGN, F32, 1, 1, 2, 3);
    f.in.DimensionCount = f.out.DimensionCount = 0;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_SIGN", "InputTensor.DimensionCount is 0");
    f.in.DimensionCount = f.out.DimensionCount = 9;
    for (int i = 0; i < 9; i++)
        f.in_sizes[i] = f.out_sizes[i] = 1;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_SIGN", "InputTensor.DimensionCount is 9");
    f.in.DimensionCount = 8;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_SIGN", "OutputTensor.DimensionCount is 9");
    f.out.DimensionCount = 8;
    ACCEPTED(&f, TOP, 0, 0);
    f.in.DimensionCount = f.out.DimensionCount = 1;
    ACCEPTED(&f, TOP, 0, 0);

    setup(&f, SIGN, F32, 1, 1, 2, 3);
    f.in_sizes[2] = 0;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_SIGN",
            "InputTensor.Sizes[2] is 0; every size must be >= 1");
    setup(&f, SOFTSIGN, F32, 1, 1, 2, 3);
    f.out_sizes[0] = 0;
    REFUSED(&f, TOP, 0, 0, INVALID, "ACTIVATION_SOFTSIGN", "OutputTensor.Sizes[0] is 0");

    /* 65535 * 65537 = 2^32 - 1 elements: allowed; 65536 * 65536 = 2^32: refused */
    setup(&f, SIGN, U8, 1, 1, 65535, 65537);
    CHECK_U64(f.in.TotalTensorSizeInBytes, 4294967296ull, "UINT8 2^32-1 elements round to 2^32");
    ACCEPTED(&f, TOP, 0, 0);
    CHECK_U64(f.info.input.element_count, 4294967295ull, "element_count");
    setup(&f, SIGN, U8, 1, 1, 65536, 65536);
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_SIGN",
            "the product of InputTensor.Sizes is 4294967296; a tensor holds at most 4294967295");
    setup(&f, SIGN, U8, 1, 1, 65535, 65537);
    f.out_sizes[3] = 65538; /* output alone too large */
    f.out.TotalTensorSizeInBytes = 65535ull * 65538;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_SIGN", "the product of OutputTensor.Sizes is");
    /* product past 2^64 */
    setup(&f, SIGN, U8, 1, 1, 1, 1);
    f.in.DimensionCount = f.out.DimensionCount = 8;
    for (int i = 0; i < 8; i++)
        f.in_sizes[i] = f.out_sizes[i] = 0xFFFFFFFFu;
    f.in.TotalTensorSizeInBytes = f.out.TotalTensorSizeInBytes = UINT64_MAX;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_SIGN", "the product of InputTensor.Sizes is more than 2^64");
}

static void test_total_size(void)
{
    fixture f;
    /* packed FLOAT16 1x1x1x3: 6 bytes, rounded up to 8 */
    setup(&f, SIGN, F16, 1, 1, 1, 3);
    f.in.TotalTensorSizeInBytes = 8;
    ACCEPTED(&f, TOP, 0, 0);
    CHECK_U64(f.info.input.total_bytes, 8, "total_bytes");
    f.in.TotalTensorSizeInBytes = 7;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_SIGN",
            "InputTensor.TotalTensorSizeInBytes is 7; it must be at least 8");
    f.in.TotalTensorSizeInBytes = 1000; /* more than needed is fine */
    ACCEPTED(&f, TOP, 0, 0);

    /* FLOAT32 1x1x2x3 with strides {0,0,8,1}: last element 1*8 + 2*1 = 10, (10+1)*4 = 44 */
    setup(&f, SOFTSIGN, F32, 1, 1, 2, 3);
    uint32_t strides[4] = {0, 0, 8, 1};
    memcpy(f.out_strides, strides, sizeof strides);
    f.out.Strides = f.out_strides;
    f.out.TotalTensorSizeInBytes = 44;
    ACCEPTED(&f, TOP, 0, 0);
    f.out.TotalTensorSizeInBytes = 43;
    REFUSED(&f, TOP, 0, 0, INVALID, "ACTIVATION_SOFTSIGN",
            "OutputTensor.TotalTensorSizeInBytes is 43; it must be at least 44");
    f.out.TotalTensorSizeInBytes = 0;
    REFUSED(&f, TOP, 0, 0, INVALID, "ACTIVATION_SOFTSIGN", "TotalTensorSizeInBytes is 0");

    /* IsInfinity UINT8 output 1x1x1x5: 5 bytes -> 8 */
    setup(&f, ISINF, F32, 1, 1, 1, 5);
    CHECK_U64(f.out.TotalTensorSizeInBytes, 8, "setup");
    f.out.TotalTensorSizeInBytes = 5;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_IS_INFINITY",
            "OutputTensor.TotalTensorSizeInBytes is 5; it must be at least 8");

    /* strides whose span in bytes does not fit in 64 bits: (2^32 - 2) * (2^32 - 1) * 4 */
    setup(&f, SIGN, F32, 1, 1, 1, 0xFFFFFFFFu);
    uint32_t huge[4] = {0, 0, 0, 0xFFFFFFFFu};
    memcpy(f.in_strides, huge, sizeof huge);
    f.in.Strides = f.in_strides;
    f.in.TotalTensorSizeInBytes = UINT64_MAX;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_SIGN", "InputTensor.Strides");
}

static void test_alignment(void)
{
    static const struct {
        DML_TENSOR_DATA_TYPE type;
        uint32_t alignment;
        bool ok;
    } cases[] = {
        {F32, 0, true},  {F32, 4, true},   {F32, 8, true},  {F32, 16, true},
        {F32, 0x80000000u, true},          {F32, 1, false}, {F32, 2, false},
        {F32, 12, false}, {F32, 3, false}, {F32, 0xFFFFFFFFu, false},
        {F16, 2, true},  {F16, 1, false},  {F16, 6, false}, {U8, 1, true},
        {U8, 2, true},   {U8, 3, false},
    };
    for (size_t i = 0; i < COUNT(cases); i++) {
        for (int which = 0; which < 2; which++) {
            fixture f;
            /* IsInfinity's output is UINT8, so test outputs on Sign */
            setup(&f, SIGN, cases[i].type, 1, 1, 2, 3);
            if (which == 0)
                f.in.GuaranteedBaseOffsetAlignment = cases[i].alignment;
            else
                f.out.GuaranteedBaseOffsetAlignment = cases[i].alignment;
            dmlp_status s = run(&f, TOP, 0, 0);
            CHECK(s == (cases[i].ok ? DMLP_OK : INVALID), "case %zu %s: %s", i,
                  which ? "output" : "input", dmlp_last_error());
            if (!cases[i].ok) {
                char want[96];
                snprintf(want, sizeof want, "%s.GuaranteedBaseOffsetAlignment is %u",
                         which ? "OutputTensor" : "InputTensor", (unsigned)cases[i].alignment);
                check_message("ELEMENT_WISE_SIGN", want);
            } else {
                CHECK_U64(which ? f.info.output.alignment : f.info.input.alignment,
                          cases[i].alignment, "alignment kept");
            }
        }
    }
}

static void test_flags(void)
{
    fixture f;
    setup(&f, SIGN, F32, 1, 1, 2, 3);
    f.in.Flags = DML_TENSOR_FLAG_OWNED_BY_DML;
    ACCEPTED(&f, TOP, 0, 0);
    CHECK_U64(f.info.input.flags, DML_TENSOR_FLAG_OWNED_BY_DML, "flags kept");
    f.in.Flags = DML_TENSOR_FLAG_NONE;
    f.out.Flags = DML_TENSOR_FLAG_OWNED_BY_DML;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_SIGN",
            "OutputTensor.Flags is DML_TENSOR_FLAG_OWNED_BY_DML; only inputs");
    f.out.Flags = DML_TENSOR_FLAG_NONE;
    f.in.Flags = (DML_TENSOR_FLAGS)2;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_SIGN", "InputTensor.Flags is 0x2");
    f.in.Flags = (DML_TENSOR_FLAGS)3;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_SIGN", "InputTensor.Flags is 0x3");
    f.in.Flags = DML_TENSOR_FLAG_NONE;
    f.out.Flags = (DML_TENSOR_FLAGS)0x80;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_SIGN", "OutputTensor.Flags is 0x80");
}

/* Sets sizes (4-D) and output strides, sizes the output buffer generously. */
static void output_layout(fixture *f, const uint32_t sizes[4], const uint32_t strides[4])
{
    setup(f, SIGN, F32, sizes[0], sizes[1], sizes[2], sizes[3]);
    memcpy(f->out_strides, strides, 4 * sizeof strides[0]);
    f->out.Strides = f->out_strides;
    f->out.TotalTensorSizeInBytes = UINT64_C(1) << 40;
}

static void test_output_strides(void)
{
    static const struct {
        uint32_t sizes[4];
        uint32_t strides[4];
        bool ok;
        const char *fragment;
    } cases[] = {
        /* packed, padded, permuted (transposed, channels-last) layouts */
        {{1, 2, 3, 4}, {24, 12, 4, 1}, true, NULL},
        {{1, 2, 3, 4}, {100, 50, 10, 1}, true, NULL},
        {{1, 2, 3, 4}, {24, 1, 2, 6}, true, NULL},
        {{1, 2, 3, 4}, {0, 1, 8, 2}, true, NULL},
        {{2, 3, 4, 5}, {1, 2, 6, 24}, true, NULL},
        {{2, 3, 4, 5}, {60, 1, 15, 3}, true, NULL},
        /* size-1 axes: any stride, 0 included */
        {{1, 1, 2, 3}, {0, 0, 3, 1}, true, NULL},
        {{1, 1, 2, 3}, {0xFFFFFFFFu, 7, 3, 1}, true, NULL},
        {{1, 1, 1, 1}, {0, 0, 0, 0}, true, NULL},
        /* exactly touching: stride equals the span of the smaller axes plus one */
        {{1, 1, 3, 4}, {0, 0, 4, 1}, true, NULL},
        {{1, 1, 3, 4}, {0, 0, 3, 1}, false,
         "OutputTensor.Strides is {0, 0, 3, 1}; two elements get the same address"},
        /* interleaved but one-to-one: 2i + 3j for i < 3, j < 2 */
        {{1, 1, 3, 2}, {0, 0, 2, 3}, true, NULL},
        /* interleaved with a collision: 2*3 + 3*0 == 2*0 + 3*2 */
        {{1, 1, 4, 3}, {0, 0, 2, 3}, false, "same address"},
        /* broadcast on an output */
        {{1, 1, 2, 3}, {0, 0, 0, 1}, false, "OutputTensor.Strides[2] is 0"},
        {{2, 1, 1, 1}, {0, 1, 1, 1}, false, "OutputTensor.Strides[0] is 0"},
        /* equal strides on two real axes */
        {{1, 1, 2, 3}, {0, 0, 1, 1}, false, "same address"},
        {{1, 2, 2, 1}, {0, 5, 5, 1}, false, "same address"},
    };
    for (size_t i = 0; i < COUNT(cases); i++) {
        fixture f;
        output_layout(&f, cases[i].sizes, cases[i].strides);
        dmlp_status s = run(&f, TOP, 0, 0);
        CHECK(s == (cases[i].ok ? DMLP_OK : INVALID), "layout case %zu: %s", i,
              dmlp_last_error());
        if (!cases[i].ok)
            check_message("ELEMENT_WISE_SIGN", cases[i].fragment);
        else {
            CHECK(f.info.output.strides_given, "case %zu strides_given", i);
            CHECK(memcmp(f.info.output.strides, cases[i].strides, 4 * sizeof(uint32_t)) == 0,
                  "case %zu strides copied", i);
        }
    }

    /* two interleaved axes are decided exactly at any size: 3i + 2j, i < 2, is one-to-one */
    fixture f;
    uint32_t two_sizes[4] = {1, 1, 2, 1u << 24}, two_strides[4] = {0, 0, 3, 2};
    output_layout(&f, two_sizes, two_strides);
    f.in.TotalTensorSizeInBytes = UINT64_C(1) << 40;
    ACCEPTED(&f, TOP, 0, 0);
    /* ... and 3i + 2j with i < 3 is not (3*2 == 2*3) */
    uint32_t two_bad_sizes[4] = {1, 1, 3, 1u << 24};
    output_layout(&f, two_bad_sizes, two_strides);
    f.in.TotalTensorSizeInBytes = UINT64_C(1) << 40;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_SIGN", "same address");
    /* a colliding pair inside a large shape is found without visiting every element */
    uint32_t pair_sizes[4] = {4, 3, 1u << 22, 1}, pair_strides[4] = {2, 3, 1024, 0};
    output_layout(&f, pair_sizes, pair_strides);
    f.in.TotalTensorSizeInBytes = UINT64_C(1) << 40;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_SIGN", "same address");
    /* three interleaved axes, small: one-to-one (6a + 4b + 3c, a < 2, b < 2, c < 2) and
       colliding (6a + 4b + 2c: 6 == 4 + 2) */
    uint32_t three_sizes[4] = {2, 2, 2, 1}, three_ok[4] = {6, 4, 3, 1}, three_bad[4] = {6, 4, 2, 1};
    output_layout(&f, three_sizes, three_ok);
    ACCEPTED(&f, TOP, 0, 0);
    output_layout(&f, three_sizes, three_bad);
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_SIGN", "same address");
    /* a common factor does not matter: strides {12, 8, 6} behave as {6, 4, 3} */
    uint32_t three_scaled[4] = {12, 8, 6, 1};
    output_layout(&f, three_sizes, three_scaled);
    ACCEPTED(&f, TOP, 0, 0);
    /* three interleaved axes, one of them long: 2^25 a + 3 b + 2 c never cancels for
       a, b < 2 and c < 2^23 (odd against even, or 2^25 beyond 2 * (2^23 - 1) + 3) */
    uint32_t long_sizes[4] = {2, 2, 1u << 23, 1}, long_ok[4] = {1u << 25, 3, 2, 1};
    output_layout(&f, long_sizes, long_ok);
    f.in.TotalTensorSizeInBytes = UINT64_C(1) << 40;
    ACCEPTED(&f, TOP, 0, 0);
    /* ... while 5a + 3b + 2c cancels at (1, -1, -1), though no two of the axes do */
    uint32_t long_bad[4] = {5, 3, 2, 1};
    output_layout(&f, long_sizes, long_bad);
    f.in.TotalTensorSizeInBytes = UINT64_C(1) << 40;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_SIGN", "same address");
    /* too many elements besides the longest axis to list: refused as a limit of dmlp */
    uint32_t wide_sizes[4] = {1024, 1024, 1024, 2},
             wide_strides[4] = {1, 1024, (1u << 20) - 1, 1u << 31};
    output_layout(&f, wide_sizes, wide_strides);
    f.in.TotalTensorSizeInBytes = UINT64_C(1) << 40;
    REFUSED(&f, TOP, 0, 0, UNSUPPORTED, "ELEMENT_WISE_SIGN", "cannot prove");

    /* broadcast (0 stride) is fine on inputs */
    setup(&f, SOFTSIGN, F32, 1, 1, 2, 3);
    uint32_t broadcast[4] = {0, 0, 0, 1};
    memcpy(f.in_strides, broadcast, sizeof broadcast);
    f.in.Strides = f.in_strides;
    f.in.TotalTensorSizeInBytes = 12;
    ACCEPTED(&f, TOP, 0, 0);
    uint32_t scalar[4] = {0, 0, 0, 0};
    memcpy(f.in_strides, scalar, sizeof scalar);
    f.in.TotalTensorSizeInBytes = 4;
    ACCEPTED(&f, TOP, 0, 0);
    /* the same input strides used on the output are refused */
    f.out.Strides = f.in_strides;
    REFUSED(&f, TOP, 0, 0, INVALID, "ACTIVATION_SOFTSIGN", "OutputTensor.Strides[2] is 0");
}

/* Small random output layouts against a brute-force count of distinct offsets made here. */
static void test_output_strides_random(void)
{
    uint32_t state = 12345;
    int accepted = 0, refused = 0;
    for (int n = 0; n < 8000; n++) {
        /* half the cases small and dense, half with longer axes and wider strides */
        uint32_t max_size = n % 2 ? 4 : 6, max_stride = n % 2 ? 12 : 24;
        uint32_t sizes[4], strides[4];
        for (int i = 0; i < 4; i++) {
            state = state * 1103515245u + 12345u;
            sizes[i] = 1 + (state >> 16) % max_size;
            state = state * 1103515245u + 12345u;
            strides[i] = (state >> 16) % (max_stride + 1);
        }
        /* offsets are at most 4 * 5 * 24 = 480 */
        unsigned char seen[481] = {0};
        bool distinct = true;
        for (uint32_t a = 0; a < sizes[0]; a++)
            for (uint32_t b = 0; b < sizes[1]; b++)
                for (uint32_t c = 0; c < sizes[2]; c++)
                    for (uint32_t d = 0; d < sizes[3]; d++) {
                        uint32_t off = a * strides[0] + b * strides[1] + c * strides[2] +
                                       d * strides[3];
                        if (seen[off])
                            distinct = false;
                        seen[off] = 1;
                    }
        fixture f;
        output_layout(&f, sizes, strides);
        dmlp_status s = run(&f, TOP, 0, 0);
        CHECK(s == (distinct ? DMLP_OK : INVALID),
              "sizes %u %u %u %u strides %u %u %u %u: expected %s, got %s (%s)",
              (unsigned)sizes[0], (unsigned)sizes[1], (unsigned)sizes[2], (unsigned)sizes[3],
              (unsigned)strides[0], (unsigned)strides[1], (unsigned)strides[2],
              (unsigned)strides[3], distinct ? "accept" : "refuse", dmlp_status_string(s),
              dmlp_last_error());
        accepted += distinct;
        refused += !distinct;
    }
    CHECK(accepted > 200 && refused > 200, "both outcomes drawn: %d %d", accepted, refused);
}

static void test_pairing(void)
{
    fixture f;
    setup(&f, SIGN, F32, 1, 1, 2, 3);
    f.out.DataType = F16;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_SIGN",
            "OutputTensor.DataType is FLOAT16; it must equal InputTensor.DataType (FLOAT32)");

    setup(&f, SOFTSIGN, F32, 1, 1, 4, 4);
    f.out_sizes[2] = 5;
    f.out.TotalTensorSizeInBytes = 80;
    REFUSED(&f, TOP, 0, 0, INVALID, "ACTIVATION_SOFTSIGN",
            "ACTIVATION_SOFTSIGN: OutputTensor.Sizes[2] is 5; it must equal InputTensor.Sizes[2] "
            "(4)");

    setup(&f, SIGN, F32, 1, 1, 2, 3);
    f.out.DimensionCount = 3;
    f.out_sizes[0] = 1, f.out_sizes[1] = 2, f.out_sizes[2] = 3;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_SIGN",
            "OutputTensor.DimensionCount is 3; it must equal InputTensor.DimensionCount (4)");

    /* IsInfinity: output UINT8 whatever the input type */
    setup(&f, ISINF, F16, 1, 1, 2, 3);
    ACCEPTED(&f, TOP, 0, 0);
    CHECK_U64(f.info.output.type, U8, "isinf output");
    f.out.DataType = F16;
    f.out.TotalTensorSizeInBytes = 12;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_IS_INFINITY",
            "OutputTensor.DataType is FLOAT16; it must be UINT8");
    f.out.DataType = DML_TENSOR_DATA_TYPE_INT8;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_IS_INFINITY", "OutputTensor.DataType is INT8");
    setup(&f, ISINF, F32, 1, 1, 2, 3);
    f.out_sizes[3] = 2;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_IS_INFINITY",
            "OutputTensor.Sizes[3] is 2; it must equal InputTensor.Sizes[3] (3)");
    /* UINT8 input to IsInfinity is not in its table */
    setup(&f, ISINF, U8, 1, 1, 2, 3);
    REFUSED(&f, TOP, EXT, 0, UNSUPPORTED, "ELEMENT_WISE_IS_INFINITY",
            "InputTensor.DataType is UINT8");
    /* extension type with and without the device flag */
    setup(&f, SOFTSIGN, BF16, 1, 1, 2, 3);
    REFUSED(&f, TOP, 0, 0, UNSUPPORTED, "ACTIVATION_SOFTSIGN", "DMLP_DEVICE_FLAG_EXTENSIONS");
    ACCEPTED(&f, TOP, EXT, 0);
}

/* dmlp's own operators (numbered from 0x1000): refused without the extensions flag,
   naming it; with it, at ACTIVATION_GELU's levels and types. Their descriptors have
   Softsign's layout (InputTensor, OutputTensor). */
static void test_extension_operators(void)
{
    fixture f;
    static const struct {
        DML_OPERATOR_TYPE op;
        const char *name;
    } ops[] = {{DMLP_OPERATOR_ACTIVATION_MISH, "ACTIVATION_MISH"},
               {DMLP_OPERATOR_ACTIVATION_GELU_TANH, "ACTIVATION_GELU_TANH"}};
    for (size_t i = 0; i < COUNT(ops); i++) {
        setup(&f, SOFTSIGN, F32, 1, 1, 2, 3);
        f.desc.Type = ops[i].op;
        REFUSED(&f, TOP, 0, 0, UNSUPPORTED, ops[i].name, "DMLP_DEVICE_FLAG_EXTENSIONS");
        check_message(ops[i].name, "an extension operator");
        ACCEPTED(&f, TOP, EXT, 0);
        ACCEPTED(&f, DML_FEATURE_LEVEL_5_1, EXT, 0);
        REFUSED(&f, DML_FEATURE_LEVEL_5_0, EXT, 0, UNSUPPORTED, ops[i].name,
                "needs feature level 5_1");
        setup(&f, SOFTSIGN, BF16, 1, 1, 2, 3);
        f.desc.Type = ops[i].op;
        ACCEPTED(&f, TOP, EXT, 0);
        setup(&f, SOFTSIGN, F16, 1, 1, 2, 3);
        f.desc.Type = ops[i].op;
        REFUSED(&f, TOP, 0, 0, UNSUPPORTED, ops[i].name, "DMLP_DEVICE_FLAG_EXTENSIONS");
        ACCEPTED(&f, TOP, EXT, 0);
    }
}

static void test_infinity_mode(void)
{
    fixture f;
    for (int mode = 0; mode <= 2; mode++) {
        setup(&f, ISINF, F32, 1, 1, 2, 3);
        f.isinf.InfinityMode = (DML_IS_INFINITY_MODE)mode;
        ACCEPTED(&f, TOP, 0, 0);
        CHECK_U64(f.info.mode, mode, "mode kept");
    }
    setup(&f, ISINF, F32, 1, 1, 2, 3);
    f.isinf.InfinityMode = (DML_IS_INFINITY_MODE)3;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_IS_INFINITY", "InfinityMode is 3");
    f.isinf.InfinityMode = (DML_IS_INFINITY_MODE)-1;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_IS_INFINITY", "InfinityMode is -1");
}

/* Round's RoundingMode: the three values run and are kept, any other is refused naming
   the member and the values there are; below 2_1 the operator is refused. */
static void test_rounding_mode(void)
{
    fixture f;
    DML_ELEMENT_WISE_ROUND_OPERATOR_DESC round_desc;
    for (int mode = 0; mode <= 2; mode++) {
        setup(&f, DML_OPERATOR_ELEMENT_WISE_ROUND, F32, 1, 1, 2, 3);
        round_desc = (DML_ELEMENT_WISE_ROUND_OPERATOR_DESC){&f.in_tensor, &f.out_tensor,
                                                            (DML_ROUNDING_MODE)mode};
        f.desc.Desc = &round_desc;
        ACCEPTED(&f, TOP, 0, 0);
        CHECK_U64(f.info.rounding, mode, "rounding mode kept");
    }
    round_desc.RoundingMode = (DML_ROUNDING_MODE)3;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_ROUND", "RoundingMode is 3");
    check_message("ELEMENT_WISE_ROUND", "HALVES_TO_NEAREST_EVEN (0), TOWARD_ZERO (1) or "
                                        "TOWARD_INFINITY (2)");
    round_desc.RoundingMode = (DML_ROUNDING_MODE)-1;
    REFUSED(&f, TOP, 0, 0, INVALID, "ELEMENT_WISE_ROUND", "RoundingMode is -1");
    round_desc.RoundingMode = DML_ROUNDING_MODE_TOWARD_ZERO;
    REFUSED(&f, 0x2000, 0, 0, UNSUPPORTED, "ELEMENT_WISE_ROUND", "2_1");
}

static void test_execution_flags(void)
{
    static const DML_OPERATOR_TYPE ops[] = {SIGN, SOFTSIGN, ISINF};
    static const char *const names[] = {"ELEMENT_WISE_SIGN", "ACTIVATION_SOFTSIGN",
                                        "ELEMENT_WISE_IS_INFINITY"};
    static const uint32_t dml_flags[] = {0, 1, 2, 4, 1 | 2, 1 | 4, 2 | 4, 1 | 2 | 4};
    for (size_t o = 0; o < COUNT(ops); o++) {
        fixture f;
        setup(&f, ops[o], F32, 1, 1, 2, 3);
        for (size_t i = 0; i < COUNT(dml_flags); i++) {
            ACCEPTED(&f, DML_FEATURE_LEVEL_3_0, 0, dml_flags[i]);
            CHECK_U64(f.info.execution_flags, dml_flags[i], names[o]);
            ACCEPTED(&f, TOP, EXT, dml_flags[i] | DMLP_EXECUTION_FLAG_NAN_PROPAGATE);
            CHECK_U64(f.info.execution_flags, dml_flags[i] | DMLP_EXECUTION_FLAG_NAN_PROPAGATE,
                      names[o]);
            REFUSED(&f, TOP, 0, dml_flags[i] | DMLP_EXECUTION_FLAG_NAN_PROPAGATE, UNSUPPORTED,
                    names[o], "DMLP_EXECUTION_FLAG_NAN_PROPAGATE needs a device created with");
        }
        static const uint32_t unknown[] = {0x8, 0x10, 0x80, 0x1000, 0x80000000u, 0xFFFFFFFFu};
        for (size_t i = 0; i < COUNT(unknown); i++) {
            REFUSED(&f, TOP, 0, unknown[i], INVALID, names[o], "execution_flags is 0x");
            REFUSED(&f, TOP, EXT, unknown[i], INVALID, names[o], "execution_flags is 0x");
        }
        REFUSED(&f, TOP, EXT, 0x108, INVALID, names[o], "execution_flags is 0x108; bits 0x8");
    }
}

/* What the executor relies on: every field of dmlp__op_info. */
static void test_info(void)
{
    fixture f;
    setup(&f, ISINF, F32, 2, 3, 4, 5);
    uint32_t in_strides[4] = {0, 20, 5, 1};
    memcpy(f.in_strides, in_strides, sizeof in_strides);
    f.in.Strides = f.in_strides;
    f.in.TotalTensorSizeInBytes = 1024;
    f.in.GuaranteedBaseOffsetAlignment = 16;
    f.in.Flags = DML_TENSOR_FLAG_OWNED_BY_DML;
    f.isinf.InfinityMode = DML_IS_INFINITY_MODE_NEGATIVE;
    memset(&f.info, 0xCD, sizeof f.info);
    ACCEPTED(&f, DML_FEATURE_LEVEL_3_0, 0, 1);
    const dmlp__op_info *in = &f.info;
    CHECK_U64(in->type, ISINF, "type");
    CHECK_U64(in->mode, DML_IS_INFINITY_MODE_NEGATIVE, "mode");
    CHECK_U64(in->execution_flags, 1, "flags");
    CHECK_U64(in->input.type, F32, "input type");
    CHECK_U64(in->input.flags, DML_TENSOR_FLAG_OWNED_BY_DML, "input flags");
    CHECK_U64(in->input.dim_count, 4, "input dims");
    CHECK_U64(in->input.element_count, 120, "input count");
    CHECK_U64(in->input.total_bytes, 1024, "input total");
    CHECK_U64(in->input.alignment, 16, "input alignment");
    CHECK(in->input.strides_given, "input strides given");
    for (int i = 0; i < 4; i++) {
        CHECK_U64(in->input.sizes[i], f.in_sizes[i], "input sizes");
        CHECK_U64(in->input.strides[i], in_strides[i], "input strides");
    }
    /* packed strides filled in for the NULL output strides: 60, 20, 5, 1 */
    static const uint32_t packed[4] = {60, 20, 5, 1};
    CHECK(!in->output.strides_given, "output strides not given");
    for (int i = 0; i < 4; i++)
        CHECK_U64(in->output.strides[i], packed[i], "packed output strides");
    CHECK_U64(in->output.type, U8, "output type");
    CHECK_U64(in->output.element_count, 120, "output count");
    CHECK_U64(in->output.total_bytes, 120, "output total");

    /* a refusal leaves *out untouched */
    memset(&f.info, 0x5A, sizeof f.info);
    f.isinf.InfinityMode = (DML_IS_INFINITY_MODE)7;
    CHECK_STATUS(run(&f, TOP, 0, 0), INVALID);
    unsigned char expect[sizeof f.info];
    memset(expect, 0x5A, sizeof expect);
    CHECK(memcmp(&f.info, expect, sizeof expect) == 0, "output left alone on refusal");

    /* the caller's descriptor is not kept: editing it after validation changes nothing */
    setup(&f, SIGN, F32, 1, 1, 2, 3);
    ACCEPTED(&f, TOP, 0, 0);
    f.in_sizes[3] = 99;
    CHECK_U64(f.info.input.sizes[3], 3, "copied sizes");
}

int main(void)
{
    test_nulls();
    test_operator_and_tensor_type();
    test_dimensions_and_sizes();
    test_total_size();
    test_alignment();
    test_flags();
    test_output_strides();
    test_output_strides_random();
    test_pairing();
    test_infinity_mode();
    test_extension_operators();
    test_rounding_mode();
    test_execution_flags();
    test_info();
    return test_finish("test_validate");
}
