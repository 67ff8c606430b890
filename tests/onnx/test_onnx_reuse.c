/* test_onnx_reuse: a model compiles its graph once per set of graph input shapes. One
   model runs many times with the same shapes, other shapes, a default replaced by a fed
   tensor, empty and refused inputs; every output is checked against values worked out
   here from ONNX's definitions and, bit for bit, against a freshly loaded model's first
   run, and the model's count of compiled graphs shows when the kept graph was reused.
   Models are built with the protobuf-c structs of src/onnx/onnx.proto. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dmlp.h"
#include "dmlp_onnx.h"
#include "onnx/onnx_internal.h"
#include "test_util.h"

/* ---- building models ---- */

#define MAX_RANK 2

typedef struct value_def {
    const char *name;
    int32_t type;
    uint32_t rank;
    int64_t dims[MAX_RANK];
    const char *params[MAX_RANK]; /* dim_param, or NULL for dims[d] */
} value_def;

typedef struct value_proto {
    DmlpOnnxPb__TensorShapeProto__Dimension dims[MAX_RANK], *dimp[MAX_RANK];
    DmlpOnnxPb__TensorShapeProto shape;
    DmlpOnnxPb__TypeProto__Tensor tensor;
    DmlpOnnxPb__TypeProto type;
    DmlpOnnxPb__ValueInfoProto info;
} value_proto;

static void make_value(value_proto *p, const value_def *d)
{
    for (uint32_t i = 0; i < d->rank; i++) {
        DmlpOnnxPb__TensorShapeProto__Dimension dim =
            DMLP_ONNX_PB__TENSOR_SHAPE_PROTO__DIMENSION__INIT;
        if (d->params[i]) {
            dim.value_case = DMLP_ONNX_PB__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_PARAM;
            dim.dim_param = (char *)d->params[i];
        } else {
            dim.value_case = DMLP_ONNX_PB__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE;
            dim.dim_value = d->dims[i];
        }
        p->dims[i] = dim;
        p->dimp[i] = &p->dims[i];
    }
    DmlpOnnxPb__TensorShapeProto shape = DMLP_ONNX_PB__TENSOR_SHAPE_PROTO__INIT;
    shape.n_dim = d->rank;
    shape.dim = p->dimp;
    p->shape = shape;
    DmlpOnnxPb__TypeProto__Tensor tensor = DMLP_ONNX_PB__TYPE_PROTO__TENSOR__INIT;
    tensor.has_elem_type = 1;
    tensor.elem_type = d->type;
    tensor.shape = &p->shape;
    p->tensor = tensor;
    DmlpOnnxPb__TypeProto type = DMLP_ONNX_PB__TYPE_PROTO__INIT;
    type.value_case = DMLP_ONNX_PB__TYPE_PROTO__VALUE_TENSOR_TYPE;
    type.tensor_type = &p->tensor;
    p->type = type;
    DmlpOnnxPb__ValueInfoProto info = DMLP_ONNX_PB__VALUE_INFO_PROTO__INIT;
    info.name = (char *)d->name;
    info.type = &p->type;
    p->info = info;
}

typedef struct node_def {
    const char *op;
    const char *in[2];
    const char *out;
} node_def;

typedef struct init_def {
    const char *name;
    int32_t type;
    int64_t dim; /* a rank-1 tensor */
    const void *data;
    size_t bytes;
} init_def;

typedef struct model_def {
    const value_def *inputs, *outputs;
    size_t n_inputs, n_outputs;
    const node_def *nodes;
    size_t n_nodes;
    const init_def *inits;
    size_t n_inits;
} model_def;

#define MAX_ITEMS 4

/* Serializes a model of opset 14 (Add takes int8 from 14); returns malloc'ed bytes. */
static uint8_t *make_model(const model_def *d, size_t *size)
{
    value_proto ins[MAX_ITEMS], outs[MAX_ITEMS];
    DmlpOnnxPb__ValueInfoProto *in_infos[MAX_ITEMS], *out_infos[MAX_ITEMS];
    for (size_t i = 0; i < d->n_inputs; i++) {
        make_value(&ins[i], &d->inputs[i]);
        in_infos[i] = &ins[i].info;
    }
    for (size_t i = 0; i < d->n_outputs; i++) {
        make_value(&outs[i], &d->outputs[i]);
        out_infos[i] = &outs[i].info;
    }
    DmlpOnnxPb__NodeProto nodes[MAX_ITEMS], *nodep[MAX_ITEMS];
    char *names[MAX_ITEMS][3];
    for (size_t i = 0; i < d->n_nodes; i++) {
        DmlpOnnxPb__NodeProto n = DMLP_ONNX_PB__NODE_PROTO__INIT;
        n.op_type = (char *)d->nodes[i].op;
        names[i][0] = (char *)d->nodes[i].in[0];
        names[i][1] = (char *)d->nodes[i].in[1];
        names[i][2] = (char *)d->nodes[i].out;
        n.n_input = d->nodes[i].in[1] ? 2 : 1;
        n.input = names[i];
        n.n_output = 1;
        n.output = &names[i][2];
        nodes[i] = n;
        nodep[i] = &nodes[i];
    }
    DmlpOnnxPb__TensorProto inits[MAX_ITEMS], *initp[MAX_ITEMS];
    int64_t init_dims[MAX_ITEMS];
    for (size_t i = 0; i < d->n_inits; i++) {
        DmlpOnnxPb__TensorProto t = DMLP_ONNX_PB__TENSOR_PROTO__INIT;
        init_dims[i] = d->inits[i].dim;
        t.name = (char *)d->inits[i].name;
        t.n_dims = 1;
        t.dims = &init_dims[i];
        t.has_data_type = 1;
        t.data_type = d->inits[i].type;
        t.has_raw_data = 1;
        t.raw_data.len = d->inits[i].bytes;
        t.raw_data.data = (uint8_t *)d->inits[i].data;
        inits[i] = t;
        initp[i] = &inits[i];
    }
    DmlpOnnxPb__GraphProto graph = DMLP_ONNX_PB__GRAPH_PROTO__INIT;
    graph.name = "reuse";
    graph.n_node = d->n_nodes;
    graph.node = nodep;
    graph.n_input = d->n_inputs;
    graph.input = in_infos;
    graph.n_output = d->n_outputs;
    graph.output = out_infos;
    graph.n_initializer = d->n_inits;
    graph.initializer = initp;
    DmlpOnnxPb__OperatorSetIdProto opset = DMLP_ONNX_PB__OPERATOR_SET_ID_PROTO__INIT;
    opset.domain = "";
    opset.has_version = 1;
    opset.version = 14;
    DmlpOnnxPb__OperatorSetIdProto *opsets[] = {&opset};
    DmlpOnnxPb__ModelProto model = DMLP_ONNX_PB__MODEL_PROTO__INIT;
    model.has_ir_version = 1;
    model.ir_version = 8;
    model.graph = &graph;
    model.n_opset_import = 1;
    model.opset_import = opsets;
    *size = dmlp_onnx_pb__model_proto__get_packed_size(&model);
    uint8_t *bytes = malloc(*size);
    if (bytes)
        dmlp_onnx_pb__model_proto__pack(&model, bytes);
    return bytes;
}

static dmlp_onnx_model *load(const model_def *d)
{
    size_t size;
    uint8_t *bytes = make_model(d, &size);
    dmlp_onnx_model *model = NULL;
    dmlp_onnx_options options = {2};
    CHECK(bytes != NULL, "out of memory");
    if (bytes)
        CHECK_STATUS(dmlp_onnx_model_load_memory(bytes, size, &options, &model), DMLP_OK);
    free(bytes);
    return model;
}

/* ---- running and checking ---- */

/* Runs model, and a freshly loaded copy of its definition; both must give status and,
   on success, outputs of the same shapes and bits as expected (count outputs, each
   `bytes[k]` bytes). On a refusal both must give the same message. */
static void run_and_check(dmlp_onnx_model *model, const model_def *def, uint32_t n_in,
                          const dmlp_onnx_tensor *in, dmlp_status status,
                          const void *const *expected, const uint64_t *bytes,
                          const char *what)
{
    dmlp_onnx_model *fresh = load(def);
    if (!model || !fresh) {
        dmlp_onnx_model_free(fresh);
        return;
    }
    dmlp_onnx_result *r = NULL, *fr = NULL;
    dmlp_status got = dmlp_onnx_model_run(model, n_in, in, &r);
    char message[600];
    snprintf(message, sizeof message, "%s", dmlp_last_error());
    dmlp_status fresh_got = dmlp_onnx_model_run(fresh, n_in, in, &fr);
    CHECK(got == status && fresh_got == status, "%s: status %d, fresh model %d, expected %d (%s)",
          what, (int)got, (int)fresh_got, (int)status, message);
    if (status != DMLP_OK) {
        CHECK(strcmp(message, dmlp_last_error()) == 0, "%s: \"%s\" but a fresh model says \"%s\"",
              what, message, dmlp_last_error());
    } else if (got == DMLP_OK && fresh_got == DMLP_OK) {
        uint32_t count = dmlp_onnx_result_count(r);
        CHECK(count == dmlp_onnx_result_count(fr), "%s: output count", what);
        for (uint32_t k = 0; k < count; k++) {
            dmlp_onnx_tensor t, ft;
            dmlp_onnx_result_output(r, k, &t);
            dmlp_onnx_result_output(fr, k, &ft);
            CHECK_EQ_U64(t.size_in_bytes, bytes[k], "%s: output %u size", what, k);
            CHECK(t.rank == ft.rank && memcmp(t.dims, ft.dims, t.rank * sizeof *t.dims) == 0,
                  "%s: output %u shape differs from a fresh model's", what, k);
            if (t.size_in_bytes != bytes[k] || ft.size_in_bytes != bytes[k])
                continue;
            CHECK(memcmp(t.data, expected[k], bytes[k]) == 0, "%s: output %u values", what, k);
            CHECK(memcmp(t.data, ft.data, bytes[k]) == 0,
                  "%s: output %u differs from a fresh model's", what, k);
        }
    }
    dmlp_onnx_result_free(r);
    dmlp_onnx_result_free(fr);
    dmlp_onnx_model_free(fresh);
}

/* ---- float: y = Add(Softsign(x), b), z = Sign(x); x [N, 2], b [2] with a default ---- */

static const float b_default[2] = {0.5f, -2.0f};

static const value_def f_inputs[] = {
    {"x", DMLP_ONNX_TYPE_FLOAT, 2, {-1, 2}, {"N", NULL}},
    {"b", DMLP_ONNX_TYPE_FLOAT, 1, {2}, {NULL}},
};
static const value_def f_outputs[] = {
    {"y", DMLP_ONNX_TYPE_FLOAT, 2, {-1, 2}, {"N", NULL}},
    {"z", DMLP_ONNX_TYPE_FLOAT, 2, {-1, 2}, {"N", NULL}},
};
static const node_def f_nodes[] = {
    {"Softsign", {"x", NULL}, "s"},
    {"Add", {"s", "b"}, "y"},
    {"Sign", {"x", NULL}, "z"},
};
static const init_def f_inits[] = {
    {"b", DMLP_ONNX_TYPE_FLOAT, 2, b_default, sizeof b_default},
};
static const model_def f_model = {f_inputs, f_outputs, 2, 2, f_nodes, 3, f_inits, 1};

/* Inputs whose Softsign and sums are exact in float, and NaN. */
static float input_value(uint32_t i, uint32_t seed)
{
    static const float v[] = {0.0f, 1.0f, -1.0f, 3.0f, -3.0f, 7.0f, -7.0f, 15.0f, -0.0f, 0.25f};
    uint32_t k = (i + seed) % 11;
    return k == 10 ? NAN : v[k];
}

static float sign_of(float x)
{
    return isnan(x) ? x : x > 0 ? 1.0f : x < 0 ? -1.0f : 0.0f;
}

/* Runs the float model on x of n rows (values from seed), b fed when b_fed is not NULL. */
static void run_float(dmlp_onnx_model *model, uint32_t n, uint32_t seed, const float *b_fed,
                      const char *what)
{
    float x[32], y[32], z[32];
    const float *b = b_fed ? b_fed : b_default;
    for (uint32_t i = 0; i < 2 * n; i++) {
        x[i] = input_value(i, seed);
        volatile float s = x[i] / (1.0f + fabsf(x[i])); /* two roundings, as ONNX's */
        y[i] = s + b[i % 2];
        z[i] = sign_of(x[i]);
    }
    int64_t x_dims[2] = {n, 2}, b_dims[1] = {2};
    dmlp_onnx_tensor in[2] = {{"x", DMLP_ONNX_TYPE_FLOAT, 2, x_dims, x, 2 * n * sizeof(float)},
                              {"b", DMLP_ONNX_TYPE_FLOAT, 1, b_dims, b_fed, 2 * sizeof(float)}};
    const void *expected[2] = {y, z};
    uint64_t bytes[2] = {2 * n * sizeof(float), 2 * n * sizeof(float)};
    run_and_check(model, &f_model, b_fed ? 2 : 1, in, DMLP_OK, expected, bytes, what);
}

static void expect_compiles(dmlp_onnx_model *model, uint64_t count, const char *what)
{
    CHECK_EQ_U64(dmlp__onnx_model_compile_count(model), count, "graphs compiled after %s", what);
}

static void test_float(void)
{
    dmlp_onnx_model *model = load(&f_model);
    if (!model)
        return;
    expect_compiles(model, 0, "loading");
    for (uint32_t seed = 0; seed < 4; seed++) { /* new data each time, one shape */
        run_float(model, 3, seed, NULL, "N = 3");
        expect_compiles(model, 1, "runs with N = 3");
    }
    run_float(model, 5, 7, NULL, "N = 5");
    expect_compiles(model, 2, "a run with N = 5");
    run_float(model, 5, 8, NULL, "N = 5 again");
    expect_compiles(model, 2, "a second run with N = 5");
    run_float(model, 3, 9, NULL, "N = 3 after N = 5"); /* one graph is kept, the last */
    expect_compiles(model, 3, "N = 3 after N = 5");

    /* feeding b instead of its default: b becomes a graph input, another graph */
    const float b1[2] = {-1.0f, 4.0f}, b2[2] = {0.125f, 32.0f};
    run_float(model, 3, 1, b1, "b fed");
    expect_compiles(model, 4, "b fed");
    run_float(model, 3, 2, b2, "b fed other values");
    expect_compiles(model, 4, "b fed again (its new values are read)");
    run_float(model, 3, 3, NULL, "b back to its default");
    expect_compiles(model, 5, "b back to its default");

    /* empty: nothing runs, the kept graph stays */
    run_float(model, 0, 0, NULL, "N = 0");
    run_float(model, 3, 4, NULL, "N = 3 after N = 0");
    expect_compiles(model, 5, "N = 0 and N = 3");

    /* refusals are the same as a fresh model's, and leave the kept graph */
    float x[6] = {0};
    int64_t bad_rank[3] = {3, 2, 1}, bad_b[1] = {3}, x_dims[2] = {3, 2};
    float b3[3] = {0};
    dmlp_onnx_tensor wrong_rank = {"x", DMLP_ONNX_TYPE_FLOAT, 3, bad_rank, x, sizeof x};
    run_and_check(model, &f_model, 1, &wrong_rank, DMLP_ERROR_INVALID_ARGUMENT, NULL, NULL,
                  "x of rank 3");
    dmlp_onnx_tensor wrong_b[2] = {{"x", DMLP_ONNX_TYPE_FLOAT, 2, x_dims, x, sizeof x},
                                   {"b", DMLP_ONNX_TYPE_FLOAT, 1, bad_b, b3, sizeof b3}};
    run_and_check(model, &f_model, 2, wrong_b, DMLP_ERROR_INVALID_ARGUMENT, NULL, NULL,
                  "b of 3 elements");
    run_float(model, 3, 5, NULL, "N = 3 after refusals");
    expect_compiles(model, 5, "refused runs and N = 3");
    dmlp_onnx_model_free(model);
}

/* ---- int8, padded: y8 = Add(x8, c), z8 = Sign(x8); c a one-byte initializer ---- */

static const int8_t c_value[1] = {5};
static const value_def i_inputs[] = {{"x8", DMLP_ONNX_TYPE_INT8, 1, {-1}, {"N"}}};
static const value_def i_outputs[] = {
    {"y8", DMLP_ONNX_TYPE_INT8, 1, {-1}, {"N"}},
    {"z8", DMLP_ONNX_TYPE_INT8, 1, {-1}, {"N"}},
};
static const node_def i_nodes[] = {
    {"Add", {"x8", "c"}, "y8"},
    {"Sign", {"x8", NULL}, "z8"},
};
static const init_def i_inits[] = {{"c", DMLP_ONNX_TYPE_INT8, 1, c_value, 1}};
static const model_def i_model = {i_inputs, i_outputs, 1, 2, i_nodes, 2, i_inits, 1};

static void run_int8(dmlp_onnx_model *model, uint32_t n, int8_t first, const char *what)
{
    int8_t x[16], y[16], z[16];
    for (uint32_t i = 0; i < n; i++) {
        x[i] = (int8_t)(first + (int)i * 3 - 9);
        y[i] = (int8_t)(x[i] + c_value[0]); /* within int8 for the values used */
        z[i] = (int8_t)((x[i] > 0) - (x[i] < 0));
    }
    int64_t dims[1] = {n};
    dmlp_onnx_tensor in = {"x8", DMLP_ONNX_TYPE_INT8, 1, dims, x, n};
    const void *expected[2] = {y, z};
    uint64_t bytes[2] = {n, n};
    run_and_check(model, &i_model, 1, &in, DMLP_OK, expected, bytes, what);
}

static void test_int8_padded(void)
{
    dmlp_onnx_model *model = load(&i_model);
    if (!model)
        return;
    run_int8(model, 3, 0, "int8 N = 3");
    run_int8(model, 3, 100, "int8 N = 3, other values");
    run_int8(model, 3, -110, "int8 N = 3, negative values");
    expect_compiles(model, 1, "three int8 runs of 3 elements");
    run_int8(model, 7, 1, "int8 N = 7");
    run_int8(model, 7, 2, "int8 N = 7 again");
    expect_compiles(model, 2, "int8 runs of 7 elements");
    dmlp_onnx_model_free(model);
}

int main(void)
{
    test_float();
    test_int8_padded();
    return test_finish("test_onnx_reuse");
}
