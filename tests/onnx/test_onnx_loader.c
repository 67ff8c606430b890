/* test_onnx_loader: the ONNX loader and runner through dmlp_onnx.h. Models are built here
   with the protobuf-c structs of src/onnx/onnx.proto; expected values are written out by
   hand from ONNX's definitions. Covers: describing inputs and outputs (symbolic dims),
   runs of each operator (NaN, ±0, ±inf, scalars, empty tensors), wrong inputs, TensorProto
   reading and writing, and malformed bytes: every truncation and every one-byte corruption
   of a valid model, and hand-made broken protobuf. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dmlp.h"
#include "dmlp_onnx.h"
#include "onnx.pb-c.h"
#include "test_util.h"

typedef struct spec {
    const char *op;
    int64_t opset;
    int32_t in_type, out_type;
    uint32_t rank;
    int64_t dims[4];
    const char *param0; /* symbolic name of dim 0, or NULL */
    int attrs;          /* IsInf: write detect_negative / detect_positive */
    int64_t neg, pos;
    int no_shape;       /* declare x without a shape */
} spec;

/* A one-node model: graph input x -> op -> graph output y. Returns malloc'ed bytes. */
static uint8_t *make_model(const spec *s, size_t *size)
{
    DmlpOnnxPb__OperatorSetIdProto opset = DMLP_ONNX_PB__OPERATOR_SET_ID_PROTO__INIT;
    opset.domain = "";
    opset.has_version = 1;
    opset.version = s->opset;
    DmlpOnnxPb__OperatorSetIdProto *opsets[] = {&opset};

    DmlpOnnxPb__TensorShapeProto__Dimension dims[4], *dimp[4];
    for (uint32_t i = 0; i < s->rank; i++) {
        DmlpOnnxPb__TensorShapeProto__Dimension d =
            DMLP_ONNX_PB__TENSOR_SHAPE_PROTO__DIMENSION__INIT;
        dims[i] = d;
        if (i == 0 && s->param0) {
            dims[i].value_case = DMLP_ONNX_PB__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_PARAM;
            dims[i].dim_param = (char *)s->param0;
        } else {
            dims[i].value_case = DMLP_ONNX_PB__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE;
            dims[i].dim_value = s->dims[i];
        }
        dimp[i] = &dims[i];
    }
    DmlpOnnxPb__TensorShapeProto shape = DMLP_ONNX_PB__TENSOR_SHAPE_PROTO__INIT;
    shape.n_dim = s->rank;
    shape.dim = dimp;
    DmlpOnnxPb__TypeProto__Tensor xt = DMLP_ONNX_PB__TYPE_PROTO__TENSOR__INIT, yt = xt;
    xt.has_elem_type = yt.has_elem_type = 1;
    xt.elem_type = s->in_type;
    yt.elem_type = s->out_type;
    xt.shape = s->no_shape ? NULL : &shape;
    DmlpOnnxPb__TypeProto xtp = DMLP_ONNX_PB__TYPE_PROTO__INIT, ytp = xtp;
    xtp.value_case = ytp.value_case = DMLP_ONNX_PB__TYPE_PROTO__VALUE_TENSOR_TYPE;
    xtp.tensor_type = &xt;
    ytp.tensor_type = &yt;
    DmlpOnnxPb__ValueInfoProto x = DMLP_ONNX_PB__VALUE_INFO_PROTO__INIT, y = x;
    x.name = "x";
    x.type = &xtp;
    y.name = "y";
    y.type = &ytp;
    DmlpOnnxPb__ValueInfoProto *inputs[] = {&x}, *outputs[] = {&y};

    DmlpOnnxPb__AttributeProto neg = DMLP_ONNX_PB__ATTRIBUTE_PROTO__INIT, pos = neg;
    neg.name = "detect_negative";
    pos.name = "detect_positive";
    neg.has_type = pos.has_type = neg.has_i = pos.has_i = 1;
    neg.type = pos.type = 2; /* INT */
    neg.i = s->neg;
    pos.i = s->pos;
    DmlpOnnxPb__AttributeProto *attrs[] = {&neg, &pos};
    char *in_names[] = {"x"}, *out_names[] = {"y"};
    DmlpOnnxPb__NodeProto node = DMLP_ONNX_PB__NODE_PROTO__INIT;
    node.op_type = (char *)s->op;
    node.name = "only";
    node.n_input = node.n_output = 1;
    node.input = in_names;
    node.output = out_names;
    node.n_attribute = s->attrs ? 2 : 0;
    node.attribute = attrs;
    DmlpOnnxPb__NodeProto *nodes[] = {&node};

    DmlpOnnxPb__GraphProto graph = DMLP_ONNX_PB__GRAPH_PROTO__INIT;
    graph.n_node = 1;
    graph.node = nodes;
    graph.n_input = graph.n_output = 1;
    graph.input = inputs;
    graph.output = outputs;
    DmlpOnnxPb__ModelProto model = DMLP_ONNX_PB__MODEL_PROTO__INIT;
    model.has_ir_version = 1;
    model.ir_version = 8;
    model.graph = &graph;
    model.n_opset_import = 1;
    model.opset_import = opsets;
    *size = dmlp_onnx_pb__model_proto__get_packed_size(&model);
    uint8_t *bytes = malloc(*size + 16);
    dmlp_onnx_pb__model_proto__pack(&model, bytes);
    return bytes;
}

static dmlp_onnx_model *load_spec(const spec *s)
{
    size_t size;
    uint8_t *bytes = make_model(s, &size);
    dmlp_onnx_model *model = NULL;
    dmlp_onnx_options options = {2};
    CHECK_STATUS(dmlp_onnx_model_load_memory(bytes, size, &options, &model), DMLP_OK);
    free(bytes);
    return model;
}

static uint32_t f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* Runs a one-input model; returns the result (NULL on failure, with the status checked). */
static dmlp_onnx_result *run1(dmlp_onnx_model *model, int32_t type, uint32_t rank,
                              const int64_t *dims, const void *data, uint64_t bytes,
                              dmlp_status expected)
{
    dmlp_onnx_tensor in = {"x", type, rank, dims, data, bytes};
    dmlp_onnx_result *result = NULL;
    CHECK_STATUS(dmlp_onnx_model_run(model, 1, &in, &result), expected);
    return result;
}

static void test_describe(void)
{
    spec s = {"Softsign", 13, DMLP_ONNX_TYPE_FLOAT, DMLP_ONNX_TYPE_FLOAT, 2, {0, 3}, "N",
              0, 1, 1, 0};
    dmlp_onnx_model *model = load_spec(&s);
    if (!model)
        return;
    CHECK_EQ_U64(dmlp_onnx_model_opset(model), 13, "dmlp_onnx_model_opset(model)");
    CHECK_EQ_U64(dmlp_onnx_model_input_count(model), 1, "dmlp_onnx_model_input_count(model)");
    CHECK_EQ_U64(dmlp_onnx_model_output_count(model), 1, "dmlp_onnx_model_output_count(model)");
    dmlp_onnx_value_info info;
    CHECK_STATUS(dmlp_onnx_model_input(model, 0, &info), DMLP_OK);
    CHECK(strcmp(info.name, "x") == 0, "input name %s", info.name);
    CHECK_EQ_U64(info.type, DMLP_ONNX_TYPE_FLOAT, "info.type");
    CHECK(info.has_shape && info.rank == 2, "input shape");
    CHECK(info.dims[0] == -1 && info.dims[1] == 3, "dims %lld %lld", (long long)info.dims[0],
          (long long)info.dims[1]);
    CHECK(info.dim_params[0] && strcmp(info.dim_params[0], "N") == 0 && !info.dim_params[1],
          "dim_params");
    CHECK(!info.has_default, "no default");
    CHECK_STATUS(dmlp_onnx_model_output(model, 0, &info), DMLP_OK);
    CHECK(strcmp(info.name, "y") == 0 && info.type == DMLP_ONNX_TYPE_FLOAT, "output");
    CHECK(info.has_shape && info.rank == 2 && info.dims[1] == 3, "output shape inferred");
    CHECK_STATUS(dmlp_onnx_model_input(model, 1, &info), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(dmlp_onnx_model_output(model, 7, &info), DMLP_ERROR_INVALID_ARGUMENT);

    /* N = 2: softsign of 3, -1, 0, -0, inf, 1 is 0.75, -0.5, 0, -0, NaN, 0.5. */
    float x[6] = {3.0f, -1.0f, 0.0f, -0.0f, INFINITY, 1.0f};
    int64_t dims[2] = {2, 3};
    dmlp_onnx_result *r = run1(model, DMLP_ONNX_TYPE_FLOAT, 2, dims, x, sizeof x, DMLP_OK);
    if (r) {
        dmlp_onnx_tensor y;
        CHECK_EQ_U64(dmlp_onnx_result_count(r), 1, "dmlp_onnx_result_count(r)");
        CHECK_STATUS(dmlp_onnx_result_output(r, 0, &y), DMLP_OK);
        CHECK(y.rank == 2 && y.dims[0] == 2 && y.dims[1] == 3 && y.size_in_bytes == 24,
              "output shape");
        const float *v = y.data;
        CHECK(v[0] == 0.75f && v[1] == -0.5f && v[5] == 0.5f, "values %g %g %g", v[0], v[1],
              v[5]);
        CHECK_EQ_U64(f32_bits(v[2]), 0x00000000u, "f32_bits(v[2])");
        CHECK_EQ_U64(f32_bits(v[3]), 0x80000000u, "f32_bits(v[3])");
        CHECK(isnan(v[4]), "softsign(inf) is %g", v[4]);
        CHECK_STATUS(dmlp_onnx_result_output(r, 1, &y), DMLP_ERROR_INVALID_ARGUMENT);
        dmlp_onnx_result_free(r);
    }
    /* Wrong inputs. */
    int64_t bad_dims[2] = {2, 4};
    r = run1(model, DMLP_ONNX_TYPE_FLOAT, 2, bad_dims, x, 32, DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "the graph declares");
    r = run1(model, DMLP_ONNX_TYPE_DOUBLE, 2, dims, x, 48, DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "has type double");
    r = run1(model, DMLP_ONNX_TYPE_FLOAT, 2, dims, x, 20, DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "size_in_bytes is 20");
    r = run1(model, DMLP_ONNX_TYPE_FLOAT, 1, dims, x, 8, DMLP_ERROR_INVALID_ARGUMENT);
    dmlp_onnx_result *none = NULL;
    CHECK_STATUS(dmlp_onnx_model_run(model, 0, NULL, &none), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "\"x\" is not given");
    dmlp_onnx_tensor twice[2] = {{"x", DMLP_ONNX_TYPE_FLOAT, 2, dims, x, 24},
                                 {"x", DMLP_ONNX_TYPE_FLOAT, 2, dims, x, 24}};
    CHECK_STATUS(dmlp_onnx_model_run(model, 2, twice, &none), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "given twice");
    twice[0].name = "z";
    CHECK_STATUS(dmlp_onnx_model_run(model, 1, twice, &none), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "no input of that name");
    CHECK(none == NULL, "no result after a failed run");
    /* Empty: N = 0 gives an empty output of shape [0, 3]. */
    int64_t empty_dims[2] = {0, 3};
    r = run1(model, DMLP_ONNX_TYPE_FLOAT, 2, empty_dims, NULL, 0, DMLP_OK);
    if (r) {
        dmlp_onnx_tensor y;
        dmlp_onnx_result_output(r, 0, &y);
        CHECK(y.size_in_bytes == 0 && y.rank == 2 && y.dims[0] == 0 && y.dims[1] == 3,
              "empty output");
        dmlp_onnx_result_free(r);
    }
    dmlp_onnx_model_free(model);
}

static void test_sign_and_isinf(void)
{
    /* Sign-13 float scalar model without a declared shape: any rank runs. */
    spec s = {"Sign", 13, DMLP_ONNX_TYPE_FLOAT, DMLP_ONNX_TYPE_FLOAT, 0, {0}, NULL, 0, 1, 1, 1};
    dmlp_onnx_model *model = load_spec(&s);
    if (model) {
        float x[7] = {-2.0f, -0.0f, 0.0f, NAN, INFINITY, 1e-45f, -INFINITY};
        int64_t dims[1] = {7};
        dmlp_onnx_result *r = run1(model, DMLP_ONNX_TYPE_FLOAT, 1, dims, x, sizeof x, DMLP_OK);
        if (r) {
            dmlp_onnx_tensor y;
            dmlp_onnx_result_output(r, 0, &y);
            const float *v = y.data;
            CHECK(v[0] == -1.0f && v[4] == 1.0f && v[5] == 1.0f && v[6] == -1.0f, "signs");
            CHECK_EQ_U64(f32_bits(v[1]), 0, "f32_bits(v[1])"); /* -0 gives +0 */
            CHECK_EQ_U64(f32_bits(v[2]), 0, "f32_bits(v[2])");
            CHECK(isnan(v[3]), "ONNX's sign(NaN) is NaN, got %g", v[3]);
            dmlp_onnx_result_free(r);
        }
        float scalar = -5.0f;
        r = run1(model, DMLP_ONNX_TYPE_FLOAT, 0, NULL, &scalar, 4, DMLP_OK);
        if (r) {
            dmlp_onnx_tensor y;
            dmlp_onnx_result_output(r, 0, &y);
            CHECK(y.rank == 0 && y.size_in_bytes == 4 && *(const float *)y.data == -1.0f,
                  "scalar sign");
            dmlp_onnx_result_free(r);
        }
        int64_t rank9[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
        r = run1(model, DMLP_ONNX_TYPE_FLOAT, 9, rank9, &scalar, 4, DMLP_ERROR_INVALID_ARGUMENT);
        CHECK_CONTAINS(dmlp_last_error(), "rank 9");
        dmlp_onnx_model_free(model);
    }
    /* Sign-9 on int8 (opset 12): INT8_MIN gives -1. */
    spec si = {"Sign", 12, DMLP_ONNX_TYPE_INT8, DMLP_ONNX_TYPE_INT8, 1, {4}, NULL, 0, 1, 1, 0};
    model = load_spec(&si);
    if (model) {
        int8_t x[4] = {-128, 0, 127, -1};
        int64_t dims[1] = {4};
        dmlp_onnx_result *r = run1(model, DMLP_ONNX_TYPE_INT8, 1, dims, x, 4, DMLP_OK);
        if (r) {
            dmlp_onnx_tensor y;
            dmlp_onnx_result_output(r, 0, &y);
            const int8_t *v = y.data;
            CHECK(v[0] == -1 && v[1] == 0 && v[2] == 1 && v[3] == -1, "int8 signs");
            dmlp_onnx_result_free(r);
        }
        dmlp_onnx_model_free(model);
    }
    /* IsInf with each attribute pair; (0, 0) is all false. */
    const int64_t pairs[4][2] = {{1, 1}, {0, 1}, {1, 0}, {0, 0}};
    const uint8_t want[4][4] = {{1, 1, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 0, 0}};
    for (int k = 0; k < 4; k++) {
        spec sf = {"IsInf", 10, DMLP_ONNX_TYPE_DOUBLE, DMLP_ONNX_TYPE_BOOL, 1, {4}, NULL, 1,
                   pairs[k][0], pairs[k][1], 0};
        model = load_spec(&sf);
        if (!model)
            continue;
        double x[4] = {INFINITY, -INFINITY, NAN, 1e308};
        int64_t dims[1] = {4};
        dmlp_onnx_result *r = run1(model, DMLP_ONNX_TYPE_DOUBLE, 1, dims, x, sizeof x, DMLP_OK);
        if (r) {
            dmlp_onnx_tensor y;
            dmlp_onnx_result_output(r, 0, &y);
            CHECK(y.type == DMLP_ONNX_TYPE_BOOL && y.size_in_bytes == 4, "bool output");
            CHECK(memcmp(y.data, want[k], 4) == 0, "isinf neg=%d pos=%d", (int)pairs[k][0],
                  (int)pairs[k][1]);
            dmlp_onnx_result_free(r);
        }
        dmlp_onnx_model_free(model);
    }
}

static void test_refusals(void)
{
    const struct {
        spec s;
        dmlp_status status;
        const char *fragment;
    } cases[] = {
        {{"Sign", 12, DMLP_ONNX_TYPE_BFLOAT16, 0, 1, {2}, NULL, 0, 1, 1, 0},
         DMLP_ERROR_UNSUPPORTED, "Sign-9 allows"},
        {{"Softsign", 21, DMLP_ONNX_TYPE_BFLOAT16, 0, 1, {2}, NULL, 0, 1, 1, 0},
         DMLP_ERROR_UNSUPPORTED, "node 0 \"only\" (Softsign at opset 21, input type bfloat16)"},
        {{"IsInf", 9, DMLP_ONNX_TYPE_FLOAT, 0, 1, {2}, NULL, 0, 1, 1, 0},
         DMLP_ERROR_UNSUPPORTED, "first appears in opset 10"},
        {{"MatMul", 13, DMLP_ONNX_TYPE_FLOAT, 0, 1, {2}, NULL, 0, 1, 1, 0},
         DMLP_ERROR_UNSUPPORTED, "MatMul at opset 13"},
        {{"Sign", 99, DMLP_ONNX_TYPE_FLOAT, 0, 1, {2}, NULL, 0, 1, 1, 0},
         DMLP_ERROR_UNSUPPORTED, "opset is 99"},
        {{"Sign", 13, DMLP_ONNX_TYPE_FLOAT, 0, 1, {-3}, NULL, 0, 1, 1, 0},
         DMLP_ERROR_FORMAT, "cannot be negative"},
        {{"Sign", 13, DMLP_ONNX_TYPE_FLOAT, 0, 3, {1 << 20, 1 << 20, 1 << 20}, NULL, 0, 1, 1, 0},
         DMLP_ERROR_UNSUPPORTED, "more than 4294967295"},
        {{"Sign", 13, DMLP_ONNX_TYPE_COMPLEX64, 0, 1, {2}, NULL, 0, 1, 1, 0},
         DMLP_ERROR_UNSUPPORTED, "complex64"},
        {{"IsInf", 13, DMLP_ONNX_TYPE_FLOAT, DMLP_ONNX_TYPE_FLOAT, 1, {2}, NULL, 0, 1, 1, 0},
         DMLP_ERROR_FORMAT, "declared float but is bool"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t size;
        uint8_t *bytes = make_model(&cases[i].s, &size);
        dmlp_onnx_model *model = NULL;
        CHECK_STATUS(dmlp_onnx_model_load_memory(bytes, size, NULL, &model), cases[i].status);
        CHECK_CONTAINS(dmlp_last_error(), cases[i].fragment);
        CHECK(model == NULL, "case %zu: no model on failure", i);
        dmlp_onnx_model_free(model);
        free(bytes);
    }
    dmlp_onnx_model *model = NULL;
    CHECK_STATUS(dmlp_onnx_model_load_file("/nonexistent/model.onnx", NULL, &model),
                 DMLP_ERROR_IO);
    CHECK_CONTAINS(dmlp_last_error(), "/nonexistent/model.onnx");
    CHECK_STATUS(dmlp_onnx_model_load_memory(NULL, 4, NULL, &model),
                 DMLP_ERROR_INVALID_ARGUMENT);
}

/* Every prefix and every one-byte corruption of a valid model: never a crash (the
   sanitizer build checks memory), a message on every failure, and every prefix that
   drops the graph or opset refused. */
static void test_malformed(void)
{
    spec s = {"IsInf", 20, DMLP_ONNX_TYPE_FLOAT8E5M2, DMLP_ONNX_TYPE_BOOL, 2, {2, 2}, "B",
              1, 1, 0, 0};
    size_t size;
    uint8_t *bytes = make_model(&s, &size);
    unsigned refused = 0, loaded = 0;
    for (size_t n = 0; n < size; n++) {
        dmlp_onnx_model *model = NULL;
        dmlp_status st = dmlp_onnx_model_load_memory(bytes, n, NULL, &model);
        if (st == DMLP_OK) {
            loaded++;
            dmlp_onnx_model_free(model);
        } else {
            refused++;
            CHECK(dmlp_last_error()[0] != '\0', "prefix %zu: empty message", n);
        }
    }
    CHECK(refused >= size * 9 / 10, "%u of %zu prefixes refused", refused, size);
    dmlp_onnx_model *whole = NULL;
    CHECK_STATUS(dmlp_onnx_model_load_memory(bytes, size, NULL, &whole), DMLP_OK);
    dmlp_onnx_model_free(whole);
    unsigned corrupted_refused = 0;
    for (size_t i = 0; i < size; i++) {
        for (int v = 0; v < 3; v++) {
            uint8_t saved = bytes[i];
            bytes[i] = v == 0 ? 0xff : v == 1 ? (uint8_t)(saved ^ 0x01) : 0x80;
            dmlp_onnx_model *model = NULL;
            dmlp_status st = dmlp_onnx_model_load_memory(bytes, size, NULL, &model);
            if (st != DMLP_OK) {
                corrupted_refused++;
                CHECK(dmlp_last_error()[0] != '\0', "corruption at %zu: empty message", i);
            } else {
                /* A corruption that still loads must still run safely. */
                uint8_t x[4] = {0x7c, 0xfc, 0x00, 0x7f};
                dmlp_onnx_result *r = NULL;
                dmlp_onnx_value_info info;
                if (dmlp_onnx_model_input_count(model) == 1 &&
                    dmlp_onnx_model_input(model, 0, &info) == DMLP_OK) {
                    int64_t dims[2] = {2, 2};
                    dmlp_onnx_tensor in = {info.name, info.type, 2, dims, x, 4};
                    if (dmlp_onnx_type_size(info.type) == 1 &&
                        dmlp_onnx_model_run(model, 1, &in, &r) == DMLP_OK)
                        dmlp_onnx_result_free(r);
                }
                dmlp_onnx_model_free(model);
            }
            bytes[i] = saved;
        }
    }
    CHECK(corrupted_refused > 0, "no corruption refused");
    printf("malformed: %zu-byte model, %u/%zu prefixes refused, %u/%zu corruptions refused\n",
           size, refused, size, corrupted_refused, size * 3);
    free(bytes);

    /* Hand-made broken protobuf. */
    static const uint8_t length_overflow[] = {0x3a, 0xff, 0xff, 0xff, 0xff, 0x0f};
    static const uint8_t long_varint[] = {0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                          0xff, 0xff, 0xff, 0xff, 0x01};
    static const uint8_t bad_wire_type[] = {0x0f, 0x00};
    static const uint8_t graph_cut[] = {0x3a, 0x10, 0x0a, 0x02};
    static const uint8_t field_zero[] = {0x00, 0x01};
    const struct {
        const uint8_t *b;
        size_t n;
    } broken[] = {{length_overflow, sizeof length_overflow},
                  {long_varint, sizeof long_varint},
                  {bad_wire_type, sizeof bad_wire_type},
                  {graph_cut, sizeof graph_cut},
                  {field_zero, sizeof field_zero}};
    for (size_t i = 0; i < sizeof broken / sizeof broken[0]; i++) {
        dmlp_onnx_model *model = NULL;
        CHECK_STATUS(dmlp_onnx_model_load_memory(broken[i].b, broken[i].n, NULL, &model),
                     DMLP_ERROR_FORMAT);
        CHECK_CONTAINS(dmlp_last_error(), "malformed or truncated");
        dmlp_onnx_tensor t;
        CHECK(dmlp_onnx_tensor_load_memory(broken[i].b, broken[i].n, &t) != DMLP_OK,
              "broken %zu read as a TensorProto", i);
    }
}

static void test_unknown_fields(void)
{
    spec s = {"Sign", 13, DMLP_ONNX_TYPE_FLOAT, DMLP_ONNX_TYPE_FLOAT, 1, {2}, NULL, 0, 1, 1, 0};
    size_t size;
    uint8_t *bytes = make_model(&s, &size);
    /* Field 99 (varint) and field 100 (length-delimited): ONNX fields dmlp does not read. */
    static const uint8_t extra[] = {0x98, 0x06, 0x2a, 0xa2, 0x06, 0x03, 'a', 'b', 'c'};
    memcpy(bytes + size, extra, sizeof extra);
    dmlp_onnx_model *model = NULL;
    CHECK_STATUS(dmlp_onnx_model_load_memory(bytes, size + sizeof extra, NULL, &model), DMLP_OK);
    dmlp_onnx_model_free(model);
    free(bytes);
}

static void test_tensor_files(void)
{
    /* Typed fields, including an unpacked float_data (field 4, wire type 5, twice). */
    static const uint8_t unpacked[] = {0x08, 0x02, 0x10, 0x01, 0x25, 0x00, 0x00, 0x80, 0x3f,
                                       0x25, 0x00, 0x00, 0x00, 0xc0, 0x42, 0x01, 'v'};
    dmlp_onnx_tensor t;
    CHECK_STATUS(dmlp_onnx_tensor_load_memory(unpacked, sizeof unpacked, &t), DMLP_OK);
    if (t.data) {
        const float *v = t.data;
        CHECK(t.type == DMLP_ONNX_TYPE_FLOAT && t.rank == 1 && t.dims[0] == 2 &&
                  v[0] == 1.0f && v[1] == -2.0f && t.name && strcmp(t.name, "v") == 0,
              "unpacked float_data");
    }
    dmlp_onnx_tensor_clear(&t);

    /* int32_data for float16 bit patterns (packed), and a value out of range. */
    DmlpOnnxPb__TensorProto p = DMLP_ONNX_PB__TENSOR_PROTO__INIT;
    int64_t dims[1] = {3};
    int32_t halves[3] = {0x3c00, 0xfc00, 0x7e00};
    p.n_dims = 1;
    p.dims = dims;
    p.has_data_type = 1;
    p.data_type = DMLP_ONNX_TYPE_FLOAT16;
    p.n_int32_data = 3;
    p.int32_data = halves;
    uint8_t buf[256];
    size_t n = dmlp_onnx_pb__tensor_proto__pack(&p, buf);
    CHECK_STATUS(dmlp_onnx_tensor_load_memory(buf, n, &t), DMLP_OK);
    if (t.data) {
        const uint16_t *h = t.data;
        CHECK(t.size_in_bytes == 6 && h[0] == 0x3c00 && h[1] == 0xfc00 && h[2] == 0x7e00,
              "float16 from int32_data");
    }
    /* Written back (raw_data) and read again: the same tensor. */
    void *saved = NULL;
    size_t saved_size = 0;
    CHECK_STATUS(dmlp_onnx_tensor_save_memory(&t, &saved, &saved_size), DMLP_OK);
    dmlp_onnx_tensor back;
    CHECK_STATUS(dmlp_onnx_tensor_load_memory(saved, saved_size, &back), DMLP_OK);
    CHECK(back.type == t.type && back.rank == 1 && back.dims[0] == 3 &&
              back.size_in_bytes == 6 && memcmp(back.data, t.data, 6) == 0,
          "round trip");
    dmlp_onnx_tensor_clear(&back);
    free(saved);
    dmlp_onnx_tensor_clear(&t);
    halves[1] = 70000;
    n = dmlp_onnx_pb__tensor_proto__pack(&p, buf);
    CHECK_STATUS(dmlp_onnx_tensor_load_memory(buf, n, &t), DMLP_ERROR_FORMAT);
    CHECK_CONTAINS(dmlp_last_error(), "int32_data[1] is 70000");

    /* Sizes against the shape; external data; strings. */
    p.n_int32_data = 2;
    n = dmlp_onnx_pb__tensor_proto__pack(&p, buf);
    CHECK_STATUS(dmlp_onnx_tensor_load_memory(buf, n, &t), DMLP_ERROR_FORMAT);
    CHECK_CONTAINS(dmlp_last_error(), "holds 2 values");
    p.n_int32_data = 0;
    p.has_raw_data = 1;
    p.raw_data.len = 5;
    p.raw_data.data = (uint8_t *)"abcde";
    n = dmlp_onnx_pb__tensor_proto__pack(&p, buf);
    CHECK_STATUS(dmlp_onnx_tensor_load_memory(buf, n, &t), DMLP_ERROR_FORMAT);
    CHECK_CONTAINS(dmlp_last_error(), "raw_data holds 5 bytes");
    p.has_raw_data = 0;
    p.has_data_location = 1;
    p.data_location = 1;
    n = dmlp_onnx_pb__tensor_proto__pack(&p, buf);
    CHECK_STATUS(dmlp_onnx_tensor_load_memory(buf, n, &t), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "EXTERNAL");
    p.has_data_location = 0;
    p.data_type = DMLP_ONNX_TYPE_STRING;
    n = dmlp_onnx_pb__tensor_proto__pack(&p, buf);
    CHECK_STATUS(dmlp_onnx_tensor_load_memory(buf, n, &t), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "string");
    /* A 0-d tensor holds one element; an empty one none. */
    float one = 2.5f;
    dmlp_onnx_tensor scalar = {"s", DMLP_ONNX_TYPE_FLOAT, 0, NULL, &one, 4};
    CHECK_STATUS(dmlp_onnx_tensor_save_memory(&scalar, &saved, &saved_size), DMLP_OK);
    CHECK_STATUS(dmlp_onnx_tensor_load_memory(saved, saved_size, &back), DMLP_OK);
    CHECK(back.rank == 0 && back.size_in_bytes == 4 && *(const float *)back.data == 2.5f,
          "scalar round trip");
    dmlp_onnx_tensor_clear(&back);
    free(saved);
    scalar.size_in_bytes = 8;
    CHECK_STATUS(dmlp_onnx_tensor_save_memory(&scalar, &saved, &saved_size),
                 DMLP_ERROR_INVALID_ARGUMENT);
}

int main(void)
{
    test_describe();
    test_sign_and_isinf();
    test_refusals();
    test_malformed();
    test_unknown_fields();
    test_tensor_files();
    return test_finish("test_onnx_loader");
}
