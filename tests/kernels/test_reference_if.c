/* test_reference_if: ELEMENT_WISE_IF (docs/operators.md) against the test's own model:
   out = a where the UINT8 condition is nonzero, else b, the chosen element's bits copied
   whatever the type (NaN payloads, -0, subnormals and every integer kept). Every kernel
   variant of every type (the reference and each fast one this CPU runs) on random bits
   with every condition byte 0..255, each input packed or one element (scalar), in place
   on A and on B, and odd lengths around the vector widths; then through the public API
   with broadcast (strides of 0), transposed and padded inputs, numpy's where rules. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dmlp.h"
#include "kernels/kernels.h"
#include "test_util.h"

#define IF DML_OPERATOR_ELEMENT_WISE_IF

static const struct {
    DML_TENSOR_DATA_TYPE type;
    uint32_t size;
    const char *name;
} types[] = {
    {DML_TENSOR_DATA_TYPE_INT8, 1, "i8"},       {DML_TENSOR_DATA_TYPE_UINT8, 1, "u8"},
    {DML_TENSOR_DATA_TYPE_INT16, 2, "i16"},     {DML_TENSOR_DATA_TYPE_UINT16, 2, "u16"},
    {DML_TENSOR_DATA_TYPE_INT32, 4, "i32"},     {DML_TENSOR_DATA_TYPE_UINT32, 4, "u32"},
    {DML_TENSOR_DATA_TYPE_INT64, 8, "i64"},     {DML_TENSOR_DATA_TYPE_UINT64, 8, "u64"},
    {DML_TENSOR_DATA_TYPE_FLOAT16, 2, "f16"},   {DMLP_TENSOR_DATA_TYPE_BFLOAT16, 2, "bf16"},
    {DML_TENSOR_DATA_TYPE_FLOAT32, 4, "f32"},   {DML_TENSOR_DATA_TYPE_FLOAT64, 8, "f64"},
};
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static uint64_t state = 0x9e3779b97f4a7c15u;
static uint64_t next(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

static void fill(unsigned char *p, size_t bytes)
{
    for (size_t i = 0; i < bytes; i++)
        p[i] = (unsigned char)next();
}

/* The model: element i of the output, from the condition byte and the two elements. */
static void model(size_t n, const unsigned char *c, const unsigned char *a,
                  const unsigned char *b, unsigned char *out, uint32_t scalar, uint32_t size)
{
    for (size_t i = 0; i < n; i++) {
        size_t ic = (scalar & 1u) ? 0 : i, ia = (scalar & 2u) ? 0 : i, ib = (scalar & 4u) ? 0 : i;
        const unsigned char *from = c[ic] ? a + ia * size : b + ib * size;
        for (uint32_t k = 0; k < size; k++)
            out[i * size + k] = from[k];
    }
}

#define MAX_N 600

/* Every variant of one type: lengths 0 .. 70 and a long one, every scalar mask, in place. */
static void check_kernels(size_t t)
{
    dmlp__nary_kernel_choice variants[8];
    size_t count = dmlp__nary_kernel_variants(IF, types[t].type, types[t].type, variants, 8);
    CHECK(count >= 1 && variants[count - 1].isa == DMLP__ISA_SCALAR,
          "%s: a reference kernel", types[t].name);
    dmlp__isa cpu = dmlp__isa_detect();
    uint32_t size = types[t].size;
    static unsigned char c[MAX_N], a[MAX_N * 8], b[MAX_N * 8], want[MAX_N * 8 + 8],
        got[MAX_N * 8 + 8];
    dmlp__kernel_args args;
    memset(&args, 0, sizeof args);
    for (size_t v = 0; v < count; v++) {
        if (variants[v].isa > cpu)
            continue;
        static const size_t lengths[] = {0,  1,  2,  3,  7,  8,  9,  15, 16, 17, 31,
                                         32, 33, 63, 64, 65, 70, 127, 255, 256, MAX_N};
        for (size_t l = 0; l < COUNT(lengths); l++) {
            size_t n = lengths[l];
            for (uint32_t scalar = 0; scalar < 8; scalar++) {
                fill(a, sizeof a);
                fill(b, sizeof b);
                for (size_t i = 0; i < MAX_N; i++) /* every byte value, zeros often */
                    c[i] = (next() & 3) == 0 ? 0 : (unsigned char)(i + scalar);
                if (scalar & 1u)
                    c[0] = (unsigned char)(l & 1 ? 0 : 200);
                model(n, c, a, b, want, scalar, size);
                memset(got, 0xA5, sizeof got);
                const void *in[3] = {c, a, b};
                variants[v].fn(n, in, got, scalar, &args);
                CHECK(memcmp(got, want, n * size) == 0 && got[n * size] == 0xA5,
                      "%s n %zu scalar %u", variants[v].name, n, scalar);
                /* in place: the output bound exactly onto a (or b) */
                for (int on_b = 0; on_b <= 1; on_b++) {
                    if (scalar & (on_b ? 4u : 2u))
                        continue;
                    unsigned char *self = on_b ? b : a;
                    const void *inp[3] = {c, a, b};
                    variants[v].fn(n, inp, self, scalar, &args);
                    CHECK(memcmp(self, want, n * size) == 0, "%s in place on %s n %zu",
                          variants[v].name, on_b ? "b" : "a", n);
                }
            }
        }
    }
}

/* Through the public API: a [3, 5, 7] output; the condition broadcast along axis 1 (a
   stride of 0), A transposed, B one element; numpy's where by the model on indices. */
static void check_api(size_t t)
{
    uint32_t size = types[t].size;
    dmlp_device *device = NULL;
    dmlp_device_desc dd = {DML_FEATURE_LEVEL_6_4, 2, DMLP_DEVICE_FLAG_EXTENSIONS};
    CHECK(dmlp_device_create(&dd, &device) == DMLP_OK, "device");
    uint32_t sizes[3] = {3, 5, 7};
    uint32_t c_strides[3] = {7, 0, 1};  /* [3, 1, 7] broadcast along axis 1 */
    uint32_t a_strides[3] = {1, 21, 3}; /* a transposed layout */
    uint32_t b_strides[3] = {0, 0, 0};  /* one element */
    unsigned char c[24], a[105 * 8], b[8], out[105 * 8];
    fill(c, sizeof c);
    for (size_t i = 0; i < sizeof c; i++)
        c[i] = (unsigned char)(c[i] & 1 ? c[i] : 0);
    fill(a, sizeof a);
    fill(b, sizeof b);
    DML_BUFFER_TENSOR_DESC cb = {DML_TENSOR_DATA_TYPE_UINT8, 0, 3, sizes, c_strides, 24, 0};
    DML_BUFFER_TENSOR_DESC ab = {types[t].type, 0, 3, sizes, a_strides, 0, 0};
    ab.TotalTensorSizeInBytes = dmlp_calc_buffer_tensor_size(types[t].type, 3, sizes, a_strides);
    DML_BUFFER_TENSOR_DESC bb = {types[t].type, 0, 3, sizes, b_strides, 8, 0};
    DML_BUFFER_TENSOR_DESC ob = {types[t].type, 0, 3, sizes, NULL, 0, 0};
    ob.TotalTensorSizeInBytes = dmlp_calc_buffer_tensor_size(types[t].type, 3, sizes, NULL);
    DML_TENSOR_DESC ct = {DML_TENSOR_TYPE_BUFFER, &cb}, at = {DML_TENSOR_TYPE_BUFFER, &ab},
                    bt = {DML_TENSOR_TYPE_BUFFER, &bb}, ot = {DML_TENSOR_TYPE_BUFFER, &ob};
    DML_ELEMENT_WISE_IF_OPERATOR_DESC d = {&ct, &at, &bt, &ot};
    DML_OPERATOR_DESC desc = {IF, &d};
    dmlp_operator *op = NULL;
    CHECK(dmlp_operator_create(device, &desc, 0, &op) == DMLP_OK, "%s: create: %s",
          types[t].name, dmlp_last_error());
    dmlp_buffer_binding in[3] = {{c, 0, sizeof c}, {a, 0, sizeof a}, {b, 0, sizeof b}};
    dmlp_buffer_binding o = {out, 0, sizeof out};
    CHECK(op && dmlp_operator_execute(op, 3, in, 1, &o) == DMLP_OK, "%s: execute: %s",
          types[t].name, dmlp_last_error());
    int same = 1;
    for (uint32_t i = 0; i < 3; i++)
        for (uint32_t j = 0; j < 5; j++)
            for (uint32_t k = 0; k < 7; k++) {
                uint32_t e = (i * 5 + j) * 7 + k;
                const unsigned char *from =
                    c[i * 7 + k] ? a + (i + j * 21 + k * 3) * size : b;
                same = same && memcmp(out + e * size, from, size) == 0;
            }
    CHECK(same, "%s: the API's result is the model's", types[t].name);
    /* two bindings for three inputs: refused naming the three, nothing written */
    memset(out, 0x5A, sizeof out);
    CHECK(op && dmlp_operator_execute(op, 2, in, 1, &o) == DMLP_ERROR_INVALID_ARGUMENT,
          "%s: two bindings", types[t].name);
    CHECK_CONTAINS(dmlp_last_error(),
                   "input_count is 2; it must be 3 (ConditionTensor, ATensor, BTensor)");
    CHECK(out[0] == 0x5A && out[sizeof out - 1] == 0x5A, "nothing written");
    dmlp_operator_destroy(op);
    dmlp_device_destroy(device);
}

/* The output may be exactly A (in place), not the condition's bytes of another layout. */
static void check_in_place(void)
{
    dmlp_device *device = NULL;
    dmlp_device_desc dd = {DML_FEATURE_LEVEL_6_4, 1, 0};
    CHECK(dmlp_device_create(&dd, &device) == DMLP_OK, "device");
    uint32_t sizes[1] = {40};
    float a[41], b[40]; /* a's 41st element: room for a shifted binding */
    unsigned char c[40];
    for (int i = 0; i < 40; i++) {
        a[i] = (float)i;
        b[i] = (float)-i;
        c[i] = (unsigned char)(i % 3 == 0);
    }
    DML_BUFFER_TENSOR_DESC cb = {DML_TENSOR_DATA_TYPE_UINT8, 0, 1, sizes, NULL, 40, 0};
    DML_BUFFER_TENSOR_DESC fb = {DML_TENSOR_DATA_TYPE_FLOAT32, 0, 1, sizes, NULL, 160, 0};
    DML_TENSOR_DESC ct = {DML_TENSOR_TYPE_BUFFER, &cb}, ft = {DML_TENSOR_TYPE_BUFFER, &fb};
    DML_ELEMENT_WISE_IF_OPERATOR_DESC d = {&ct, &ft, &ft, &ft};
    DML_OPERATOR_DESC desc = {IF, &d};
    dmlp_operator *op = NULL;
    CHECK(dmlp_operator_create(device, &desc, 0, &op) == DMLP_OK, "create");
    dmlp_buffer_binding in[3] = {{c, 0, 40}, {a, 0, 160}, {b, 0, 160}};
    dmlp_buffer_binding o = {b, 0, 160}; /* onto B */
    CHECK(dmlp_operator_execute(op, 3, in, 1, &o) == DMLP_OK, "in place on B: %s",
          dmlp_last_error());
    int ok = 1;
    for (int i = 0; i < 40; i++)
        ok = ok && b[i] == (i % 3 == 0 ? (float)i : (float)-i);
    CHECK(ok, "in place on B gives the result");
    dmlp_buffer_binding half = {(unsigned char *)a + 4, 0, 160}; /* overlapping A, shifted */
    CHECK(dmlp_operator_execute(op, 3, in, 1, &half) == DMLP_ERROR_INVALID_ARGUMENT,
          "a partial overlap is refused");
    CHECK_CONTAINS(dmlp_last_error(), "overlaps the ATensor binding range");
    dmlp_operator_destroy(op);
    dmlp_device_destroy(device);
}

int main(void)
{
    for (size_t t = 0; t < COUNT(types); t++) {
        check_kernels(t);
        check_api(t);
    }
    check_in_place();
    return test_finish("test_reference_if");
}
