/* ELEMENT_WISE_ADD1 with a FusedActivation (public API): for every activation dmlp fuses,
   with its FLOAT members, the fused operator gives the bits of ELEMENT_WISE_ADD followed
   by the activation as an operator of its own: every float16 and bfloat16 pattern as A
   (B random patterns), sampled float32 and float64 patterns, with NaN propagation off
   and on; then the refusals of a fused descriptor (an activation DirectML does not fuse
   or dmlp does not have, tensors that are not NULL, no Desc, an integer output). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../test_util.h"
#include "dmlp.h"

static dmlp_device *device;

/* Every activation dmlp fuses has InputTensor, OutputTensor, then at most two FLOATs:
   one layout holds them all. */
typedef struct activation_desc {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    float floats[2];
} activation_desc;

static const struct {
    const char *name;
    DML_OPERATOR_TYPE type;
    float floats[2];
} activations[] = {
    {"identity", DML_OPERATOR_ACTIVATION_IDENTITY, {0, 0}},
    {"linear", DML_OPERATOR_ACTIVATION_LINEAR, {1.5f, -0.25f}},
    {"leaky_relu", DML_OPERATOR_ACTIVATION_LEAKY_RELU, {0.2f, 0}},
    {"leaky_relu (alpha -3)", DML_OPERATOR_ACTIVATION_LEAKY_RELU, {-3.0f, 0}},
    {"thresholded_relu", DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU, {0.75f, 0}},
    {"hard_sigmoid", DML_OPERATOR_ACTIVATION_HARD_SIGMOID, {0.2f, 0.5f}},
    {"shrink", DML_OPERATOR_ACTIVATION_SHRINK, {0.25f, 0.5f}},
    {"relu", DML_OPERATOR_ACTIVATION_RELU, {0, 0}},
    {"softsign", DML_OPERATOR_ACTIVATION_SOFTSIGN, {0, 0}},
    {"sigmoid", DML_OPERATOR_ACTIVATION_SIGMOID, {0, 0}},
    {"tanh", DML_OPERATOR_ACTIVATION_TANH, {0, 0}},
    {"scaled_tanh", DML_OPERATOR_ACTIVATION_SCALED_TANH, {1.7159f, 0.6667f}},
    {"scaled_tanh (-1, 1e-3)", DML_OPERATOR_ACTIVATION_SCALED_TANH, {-1.0f, 1e-3f}},
    {"softplus", DML_OPERATOR_ACTIVATION_SOFTPLUS, {1.0f, 0}},
    {"softplus (steepness 0.5)", DML_OPERATOR_ACTIVATION_SOFTPLUS, {0.5f, 0}},
    {"parametric_softplus", DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS, {-1.5f, 3.0f}},
};
#define ACTIVATION_COUNT (sizeof activations / sizeof activations[0])

typedef struct tensor {
    uint32_t size;
    DML_BUFFER_TENSOR_DESC buffer;
    DML_TENSOR_DESC desc;
} tensor;

static void tensor_init(tensor *t, DML_TENSOR_DATA_TYPE type, uint32_t count)
{
    t->size = count;
    t->buffer = (DML_BUFFER_TENSOR_DESC){type, DML_TENSOR_FLAG_NONE, 1, &t->size, NULL,
                                         dmlp_calc_buffer_tensor_size(type, 1, &t->size, NULL),
                                         0};
    t->desc = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &t->buffer};
}

static int run(const DML_OPERATOR_DESC *desc, uint32_t flags, uint32_t inputs, void *const *in,
               void *out, uint64_t bytes)
{
    dmlp_operator *op = NULL;
    dmlp_status s = dmlp_operator_create(device, desc, flags, &op);
    CHECK(s == DMLP_OK, "create: %s", dmlp_last_error());
    if (s != DMLP_OK)
        return -1;
    dmlp_buffer_binding b[2] = {{in[0], 0, bytes}, {inputs > 1 ? in[1] : NULL, 0, bytes}};
    dmlp_buffer_binding o = {out, 0, bytes};
    s = dmlp_operator_execute(op, inputs, b, 1, &o);
    CHECK(s == DMLP_OK, "execute: %s", dmlp_last_error());
    dmlp_operator_destroy(op);
    return s == DMLP_OK ? 0 : -1;
}

/* A and B (count elements of `size` bytes) through ADD1 + each activation, and through
   ADD then the activation. */
static void compare(DML_TENSOR_DATA_TYPE type, uint32_t size, uint32_t count, void *a, void *b,
                    const char *what)
{
    tensor t;
    tensor_init(&t, type, count);
    uint64_t bytes = t.buffer.TotalTensorSizeInBytes;
    unsigned char *sum = calloc(1, bytes), *want = calloc(1, bytes), *got = calloc(1, bytes);
    CHECK(sum && want && got, "memory");
    for (size_t k = 0; sum && want && got && k < ACTIVATION_COUNT; k++) {
        for (uint32_t flags = 0; flags <= DMLP_EXECUTION_FLAG_NAN_PROPAGATE;
             flags += DMLP_EXECUTION_FLAG_NAN_PROPAGATE) {
            DML_ELEMENT_WISE_ADD_OPERATOR_DESC add = {&t.desc, &t.desc, &t.desc};
            DML_OPERATOR_DESC add_op = {DML_OPERATOR_ELEMENT_WISE_ADD, &add};
            void *ab[2] = {a, b};
            if (run(&add_op, flags, 2, ab, sum, bytes) != 0)
                continue;
            activation_desc own = {&t.desc, &t.desc,
                                   {activations[k].floats[0], activations[k].floats[1]}};
            DML_OPERATOR_DESC own_op = {activations[k].type, &own};
            void *s1[1] = {sum};
            if (run(&own_op, flags, 1, s1, want, bytes) != 0)
                continue;
            activation_desc fused = {NULL, NULL,
                                     {activations[k].floats[0], activations[k].floats[1]}};
            DML_OPERATOR_DESC fused_op = {activations[k].type, &fused};
            DML_ELEMENT_WISE_ADD1_OPERATOR_DESC add1 = {&t.desc, &t.desc, &t.desc, &fused_op};
            DML_OPERATOR_DESC add1_op = {DML_OPERATOR_ELEMENT_WISE_ADD1, &add1};
            memset(got, 0xA5, bytes);
            if (run(&add1_op, flags, 2, ab, got, bytes) != 0)
                continue;
            uint32_t first = count;
            for (uint32_t i = 0; i < count && first == count; i++)
                if (memcmp(got + (size_t)i * size, want + (size_t)i * size, size) != 0)
                    first = i;
            CHECK(first == count, "%s, %s%s: element %u differs", what, activations[k].name,
                  flags ? " (NaN propagates)" : "", first);
        }
    }
    free(sum);
    free(want);
    free(got);
}

static void check_types(void)
{
    uint64_t rng = 0x0123456789abcdefu;
    /* float16 and bfloat16: every pattern as A, random patterns as B */
    uint16_t *a16 = malloc(65536 * 2), *b16 = malloc(65536 * 2);
    CHECK(a16 && b16, "memory");
    for (uint32_t i = 0; a16 && b16 && i < 65536; i++) {
        a16[i] = (uint16_t)i;
        b16[i] = (uint16_t)test_rng(&rng);
    }
    if (a16 && b16) {
        compare(DML_TENSOR_DATA_TYPE_FLOAT16, 2, 65536, a16, b16, "float16");
        compare(DMLP_TENSOR_DATA_TYPE_BFLOAT16, 2, 65536, a16, b16, "bfloat16");
    }
    free(a16);
    free(b16);
    /* float32 and float64: random patterns, and values near each other (small sums) */
    enum { N = 1 << 15 };
    uint32_t *a32 = malloc(N * 4), *b32 = malloc(N * 4);
    uint64_t *a64 = malloc(N * 8), *b64 = malloc(N * 8);
    CHECK(a32 && b32 && a64 && b64, "memory");
    for (uint32_t i = 0; a32 && b32 && a64 && b64 && i < N; i++) {
        uint64_t r = test_rng(&rng);
        a32[i] = (uint32_t)r;
        b32[i] = i % 2 ? (uint32_t)(r >> 32) : a32[i] ^ 0x80000001u;
        a64[i] = test_rng(&rng);
        b64[i] = i % 2 ? test_rng(&rng) : a64[i] ^ UINT64_C(0x8000000000000001);
    }
    if (a32 && b32 && a64 && b64) {
        compare(DML_TENSOR_DATA_TYPE_FLOAT32, 4, N, a32, b32, "float32");
        compare(DML_TENSOR_DATA_TYPE_FLOAT64, 8, N, a64, b64, "float64");
    }
    free(a32);
    free(b32);
    free(a64);
    free(b64);
}

static void refuse(const DML_OPERATOR_DESC *desc, dmlp_status status, const char *fragment)
{
    dmlp_operator *o = NULL;
    CHECK_STATUS(dmlp_operator_create(device, desc, 0, &o), status);
    CHECK(o == NULL, "no operator");
    CHECK_CONTAINS(dmlp_last_error(), fragment);
}

static void check_refusals(void)
{
    tensor t;
    tensor_init(&t, DML_TENSOR_DATA_TYPE_FLOAT32, 4);
    activation_desc fused = {NULL, NULL, {0.5f, 0.5f}};
    DML_OPERATOR_DESC fused_op = {DML_OPERATOR_ACTIVATION_HARD_SWISH, &fused};
    DML_ELEMENT_WISE_ADD1_OPERATOR_DESC add1 = {&t.desc, &t.desc, &t.desc, &fused_op};
    DML_OPERATOR_DESC op = {DML_OPERATOR_ELEMENT_WISE_ADD1, &add1};
    /* DirectML does not fuse HardSwish or PRelu */
    refuse(&op, DMLP_ERROR_UNSUPPORTED,
           "ELEMENT_WISE_ADD1: FusedActivation.Type is ACTIVATION_HARD_SWISH; dmlp fuses "
           "ACTIVATION_SOFTSIGN (50), ACTIVATION_RELU (44), ACTIVATION_LEAKY_RELU (39), "
           "ACTIVATION_ELU (35), ACTIVATION_SCALED_ELU (45), ACTIVATION_CELU (128), "
           "ACTIVATION_LINEAR (40), ACTIVATION_THRESHOLDED_RELU (52), ACTIVATION_HARD_SIGMOID "
           "(37), ACTIVATION_SHRINK (90), ACTIVATION_IDENTITY (38), ACTIVATION_SIGMOID (47), "
           "ACTIVATION_TANH (51), ACTIVATION_SCALED_TANH (46), ACTIVATION_SOFTPLUS (49), "
           "ACTIVATION_PARAMETRIC_SOFTPLUS (43)");
    fused_op.Type = DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU;
    refuse(&op, DMLP_ERROR_UNSUPPORTED, "FusedActivation.Type is ACTIVATION_PARAMETERIZED_RELU");
    fused_op.Type = DML_OPERATOR_ACTIVATION_SOFTMAX; /* along axes: not element-wise */
    refuse(&op, DMLP_ERROR_UNSUPPORTED, "FusedActivation.Type is ACTIVATION_SOFTMAX; dmlp fuses");
    /* the fused desc's tensors must be NULL: each named */
    fused_op.Type = DML_OPERATOR_ACTIVATION_LEAKY_RELU;
    fused.OutputTensor = &t.desc;
    refuse(&op, DMLP_ERROR_INVALID_ARGUMENT,
           "ELEMENT_WISE_ADD1: FusedActivation's OutputTensor is not NULL; a fused "
           "activation's tensors must be NULL");
    fused.OutputTensor = NULL;
    fused.InputTensor = &t.desc;
    refuse(&op, DMLP_ERROR_INVALID_ARGUMENT, "FusedActivation's InputTensor is not NULL");
    fused.InputTensor = NULL;
    fused_op.Desc = NULL;
    refuse(&op, DMLP_ERROR_INVALID_ARGUMENT, "FusedActivation.Desc is NULL");
    fused_op.Desc = &fused;
    /* its FLOAT members take any value, as the activation's own do */
    fused.floats[0] = __builtin_nanf("");
    dmlp_operator *o = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &op, 0, &o), DMLP_OK);
    dmlp_operator_destroy(o);
}

int main(void)
{
    dmlp_device_desc dd = {0, 0, DMLP_DEVICE_FLAG_EXTENSIONS};
    if (dmlp_device_create(&dd, &device) != DMLP_OK) {
        fprintf(stderr, "device: %s\n", dmlp_last_error());
        return 1;
    }
    check_types();
    check_refusals();
    dmlp_device_destroy(device);
    return test_finish("test_add1_fused");
}
