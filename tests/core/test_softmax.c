/* The operators along axes (Softmax, LogSoftmax, Hardmax and their 5_1 forms) through the
   C API: their refusals, and their results over layouts, axes, types and thread counts
   against a model that gathers each row by index arithmetic and runs the row evaluation
   (numeric/softmax_row.h, which tests/crmath/test_cr_softmax checks against MPFR), plus an
   independent long double model within 1 ulp for binary32. Nothing may be written
   outside the output's elements. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "dmlp.h"
#include "numeric/cr_round.h"
#include "numeric/fp_convert.h"
#include "numeric/softmax_row.h"
#include "test_util.h"

#define GUARD 0xA7

static dmlp_device *devices[3]; /* 1, 2 and 4 threads, extensions on */

static uint32_t type_bytes(DML_TENSOR_DATA_TYPE t)
{
    return t == DML_TENSOR_DATA_TYPE_FLOAT64 ? 8 : t == DML_TENSOR_DATA_TYPE_FLOAT32 ? 4 : 2;
}

static double widen(DML_TENSOR_DATA_TYPE t, const unsigned char *at)
{
    if (t == DML_TENSOR_DATA_TYPE_FLOAT64) {
        double d;
        memcpy(&d, at, 8);
        return d;
    }
    if (t == DML_TENSOR_DATA_TYPE_FLOAT32) {
        float f;
        memcpy(&f, at, 4);
        return f;
    }
    uint16_t h;
    memcpy(&h, at, 2);
    return t == DML_TENSOR_DATA_TYPE_FLOAT16 ? dmlp__f16_to_f32(h) : dmlp__bf16_to_f32(h);
}

/* A tensor: sizes, strides in elements (NULL-equivalent when packed). */
typedef struct layout {
    uint32_t dims;
    uint32_t sizes[8];
    uint32_t strides[8];
} layout;

static void packed(layout *l)
{
    uint32_t s = 1;
    for (uint32_t d = l->dims; d-- > 0;) {
        l->strides[d] = s;
        s *= l->sizes[d];
    }
}

static uint64_t span_bytes(const layout *l, uint32_t bytes)
{
    uint64_t last = 0;
    for (uint32_t d = 0; d < l->dims; d++) {
        if (l->sizes[d] == 0)
            return 0;
        last += (uint64_t)(l->sizes[d] - 1) * l->strides[d];
    }
    return (last + 1) * bytes;
}

static uint64_t element_count(const layout *l)
{
    uint64_t n = 1;
    for (uint32_t d = 0; d < l->dims; d++)
        n *= l->sizes[d];
    return n;
}

static uint64_t offset_of(const layout *l, const uint32_t *index)
{
    uint64_t o = 0;
    for (uint32_t d = 0; d < l->dims; d++)
        o += (uint64_t)index[d] * l->strides[d];
    return o;
}

/* Creates and runs one operator; returns its status (the last error says why). */
static dmlp_status run_op(dmlp_device *device, DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type,
                          const layout *in, const layout *out, uint32_t axis_count,
                          const uint32_t *axes, void *in_buffer, uint64_t in_bytes,
                          void *out_buffer, uint64_t out_bytes)
{
    DML_BUFFER_TENSOR_DESC ib = {type, DML_TENSOR_FLAG_NONE, in->dims, in->sizes, in->strides,
                                 (in_bytes + 3) & ~3ull, 0};
    DML_BUFFER_TENSOR_DESC ob = {type, DML_TENSOR_FLAG_NONE, out->dims, out->sizes,
                                 out->strides, (out_bytes + 3) & ~3ull, 0};
    DML_TENSOR_DESC it = {DML_TENSOR_TYPE_BUFFER, &ib}, ot = {DML_TENSOR_TYPE_BUFFER, &ob};
    DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC d1 = {&it, &ot, axis_count, axes};
    DML_ACTIVATION_SOFTMAX_OPERATOR_DESC d0 = {&it, &ot};
    bool has_axes = op == DML_OPERATOR_ACTIVATION_SOFTMAX1 ||
                    op == DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1 ||
                    op == DML_OPERATOR_ACTIVATION_HARDMAX1;
    DML_OPERATOR_DESC desc = {op, has_axes ? (const void *)&d1 : (const void *)&d0};
    dmlp_operator *o = NULL;
    dmlp_status s = dmlp_operator_create(device, &desc, 0, &o);
    if (s != DMLP_OK)
        return s;
    dmlp_buffer_binding bi = {in_buffer, 0, (in_bytes + 3) & ~3ull};
    dmlp_buffer_binding bo = {out_buffer, 0, (out_bytes + 3) & ~3ull};
    s = dmlp_operator_execute(o, 1, &bi, 1, &bo);
    dmlp_operator_destroy(o);
    return s;
}

static dmlp__softmax_kind kind_of(DML_OPERATOR_TYPE op)
{
    switch (op) {
    case DML_OPERATOR_ACTIVATION_SOFTMAX:
    case DML_OPERATOR_ACTIVATION_SOFTMAX1:
        return DMLP__SOFTMAX;
    case DML_OPERATOR_ACTIVATION_LOG_SOFTMAX:
    case DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1:
        return DMLP__LOG_SOFTMAX;
    default:
        return DMLP__HARDMAX;
    }
}

static void begin_row(dmlp__softmax_row *r, dmlp__softmax_kind kind, DML_TENSOR_DATA_TYPE t)
{
    if (t == DML_TENSOR_DATA_TYPE_FLOAT64)
        dmlp__softmax_row_begin(r, kind, DMLP__F64_FORMAT);
    else if (t == DML_TENSOR_DATA_TYPE_FLOAT32)
        dmlp__softmax_row_begin(r, kind, DMLP__F32_FORMAT);
    else if (t == DML_TENSOR_DATA_TYPE_FLOAT16)
        dmlp__softmax_row_begin(r, kind, DMLP__F16_FORMAT);
    else
        dmlp__softmax_row_begin(r, kind, DMLP__BF16_FORMAT);
}

/* The model of one row: its values in row order through the passes in one chunk. */
static void model_row(dmlp__softmax_kind kind, DML_TENSOR_DATA_TYPE t, const double *x,
                      size_t n, uint64_t *y)
{
    dmlp__softmax_row r;
    begin_row(&r, kind, t);
    dmlp__softmax_row_scan(&r, x, n);
    if (kind != DMLP__HARDMAX) {
        dmlp__softmax_row_pass(&r);
        dmlp__softmax_row_sum(&r, x, n);
    }
    dmlp__softmax_row_pass(&r);
    if (dmlp__softmax_row_results(&r, x, n, y) != 0) {
        dmlp__softmax_row_pass(&r);
        dmlp__softmax_row_sum_exact(&r, x, n);
        dmlp__softmax_row_pass(&r);
        dmlp__softmax_row_results(&r, x, n, y);
    }
}

/* An independent binary32 model: long double arithmetic, for rows of finite values. */
static void check_f32_close(dmlp__softmax_kind kind, const double *x, size_t n,
                            const uint64_t *y, const char *what)
{
    long double m = x[0], sum = 0;
    for (size_t i = 1; i < n; i++)
        m = x[i] > m ? x[i] : m;
    for (size_t i = 0; i < n; i++)
        sum += expl((long double)x[i] - m);
    for (size_t i = 0; i < n; i++) {
        long double want = kind == DMLP__SOFTMAX ? expl((long double)x[i] - m) / sum
                                                 : ((long double)x[i] - m) - logl(sum);
        float got = dmlp__f32_from_bits((uint32_t)y[i]);
        float below = nextafterf((float)want, -INFINITY), above = nextafterf((float)want, INFINITY);
        if (!(got >= below && got <= above)) {
            CHECK(false, "%s: element %zu is %a, the long double model %La", what, i,
                  (double)got, want);
            return;
        }
    }
    CHECK(true, "%s", what);
}

/* The next index of a row in row order: its axes only, the last fastest. */
static void next_in_row(const layout *l, uint32_t row_mask, uint32_t *index)
{
    for (uint32_t d = l->dims; d-- > 0;) {
        if (!(row_mask >> d & 1u))
            continue;
        if (++index[d] < l->sizes[d])
            return;
        index[d] = 0;
    }
}

/* Runs op over in_l (values from a seed) into out_l along `axes` on every device, and
   checks each result against the row model, the bytes outside the output untouched and
   the same bytes from every thread count. */
static void check_case(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE t, const layout *in_l,
                       const layout *out_l, uint32_t axis_count, const uint32_t *axes,
                       uint64_t seed, double scale, const char *what)
{
    uint32_t eb = type_bytes(t);
    uint64_t in_bytes = span_bytes(in_l, eb), out_bytes = span_bytes(out_l, eb);
    unsigned char *in = malloc(in_bytes + 8), *outs[3];
    for (uint64_t i = 0; i < in_bytes; i += eb) {
        double v = ((double)(test_rng(&seed) % 2001) - 1000.0) / 1000.0 * scale;
        if (t == DML_TENSOR_DATA_TYPE_FLOAT64) {
            memcpy(in + i, &v, 8);
        } else if (t == DML_TENSOR_DATA_TYPE_FLOAT32) {
            float f = (float)v;
            memcpy(in + i, &f, 4);
        } else {
            uint16_t h = t == DML_TENSOR_DATA_TYPE_FLOAT16 ? dmlp__f32_to_f16((float)v)
                                                          : dmlp__f32_to_bf16((float)v);
            memcpy(in + i, &h, 2);
        }
    }
    for (int d = 0; d < 3; d++) {
        outs[d] = malloc(out_bytes + 64);
        memset(outs[d], GUARD, out_bytes + 64);
        dmlp_status s = run_op(devices[d], op, t, in_l, out_l, axis_count, axes, in, in_bytes,
                               outs[d], out_bytes);
        CHECK(s == DMLP_OK, "%s: runs (%s)", what, dmlp_last_error());
    }
    CHECK(memcmp(outs[0], outs[1], out_bytes + 64) == 0 &&
              memcmp(outs[0], outs[2], out_bytes + 64) == 0,
          "%s: the same bytes on 1, 2 and 4 threads", what);

    /* the model: every row by index arithmetic */
    uint32_t row_mask = 0;
    for (uint32_t k = 0; k < axis_count; k++)
        row_mask |= 1u << axes[k];
    uint64_t n_all = element_count(in_l), row_len = 1;
    for (uint32_t d = 0; d < in_l->dims; d++)
        if (row_mask >> d & 1u)
            row_len *= in_l->sizes[d];
    double *x = malloc(sizeof *x * (row_len ? row_len : 1));
    uint64_t *y = malloc(sizeof *y * (row_len ? row_len : 1));
    unsigned char *owned = calloc(1, out_bytes + 64);
    uint32_t index[8] = {0};
    bool all_good = true, close_checked = false;
    for (uint64_t e = 0; e < n_all && row_len; e++) {
        /* e walks the outer dims with the row dims at 0: visit only row starts */
        uint64_t rest = e;
        bool start = true;
        for (uint32_t d = in_l->dims; d-- > 0;) {
            index[d] = (uint32_t)(rest % in_l->sizes[d]);
            rest /= in_l->sizes[d];
            if ((row_mask >> d & 1u) && index[d] != 0)
                start = false;
        }
        if (!start)
            continue;
        uint32_t ri[8];
        memcpy(ri, index, sizeof ri);
        for (uint64_t k = 0; k < row_len; k++) {
            x[k] = widen(t, in + offset_of(in_l, ri) * eb);
            next_in_row(in_l, row_mask, ri);
        }
        model_row(kind_of(op), t, x, row_len, y);
        if (t == DML_TENSOR_DATA_TYPE_FLOAT32 && kind_of(op) != DMLP__HARDMAX && !close_checked) {
            check_f32_close(kind_of(op), x, row_len, y, what);
            close_checked = true;
        }
        memcpy(ri, index, sizeof ri);
        for (uint64_t k = 0; k < row_len && all_good; k++) {
            uint64_t at = offset_of(out_l, ri) * eb, got = 0;
            memcpy(&got, outs[0] + at, eb);
            memset(owned + at, 1, eb);
            if (got != y[k]) {
                CHECK(false, "%s: element %" PRIu64 " of a row is 0x%" PRIx64 ", the model 0x%" PRIx64,
                      what, k, got, y[k]);
                all_good = false;
            }
            next_in_row(in_l, row_mask, ri);
        }
    }
    CHECK(all_good, "%s: every element the row model's", what);
    bool untouched = true;
    for (uint64_t i = 0; i < out_bytes + 64; i++)
        if (!owned[i] && outs[0][i] != GUARD)
            untouched = false;
    CHECK(untouched, "%s: nothing written outside the output's elements", what);
    free(owned);
    free(x);
    free(y);
    free(in);
    for (int d = 0; d < 3; d++)
        free(outs[d]);
}

static void check_results(void)
{
    static const DML_TENSOR_DATA_TYPE types[] = {
        DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT16,
        DML_TENSOR_DATA_TYPE_FLOAT64, DMLP_TENSOR_DATA_TYPE_BFLOAT16};
    static const DML_OPERATOR_TYPE ops[] = {DML_OPERATOR_ACTIVATION_SOFTMAX1,
                                            DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1,
                                            DML_OPERATOR_ACTIVATION_HARDMAX1};
    static const struct {
        uint32_t count;
        uint32_t axes[3];
    } axis_sets[] = {{1, {2}}, {1, {1}}, {1, {0}}, {2, {0, 2}}, {2, {2, 1}}, {3, {0, 1, 2}}};
    char what[160];
    uint64_t seed = 0x5eed;
    for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++)
        for (size_t t = 0; t < sizeof types / sizeof types[0]; t++)
            for (size_t a = 0; a < sizeof axis_sets / sizeof axis_sets[0]; a++) {
                /* packed [3, 4, 5] */
                layout in = {3, {3, 4, 5}, {0}}, out = in;
                packed(&in);
                packed(&out);
                snprintf(what, sizeof what, "op %d type %d axes set %zu packed", (int)ops[o],
                         (int)types[t], a);
                check_case(ops[o], types[t], &in, &out, axis_sets[a].count, axis_sets[a].axes,
                           seed++, 30.0, what);
                /* the input transposed (dims 0 and 2 swapped in memory), a broadcast
                   axis 1, the output with gaps */
                layout tin = {3, {3, 4, 5}, {1, 0, 3}}, gout = {3, {3, 4, 5}, {48, 12, 2}};
                snprintf(what, sizeof what, "op %d type %d axes set %zu strided", (int)ops[o],
                         (int)types[t], a);
                check_case(ops[o], types[t], &tin, &gout, axis_sets[a].count,
                           axis_sets[a].axes, seed++, 30.0, what);
            }
    /* a long row (more than one chunk of the row walk), a wide range */
    layout big = {2, {3, 5000}, {0}};
    packed(&big);
    uint32_t last = 1;
    for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++)
        check_case(ops[o], DML_TENSOR_DATA_TYPE_FLOAT32, &big, &big, 1, &last, seed++, 80.0,
                   "a row of 5000 binary32 values");
}

/* The 1_0 operators are the 5_1 ones along the last axis. */
static void check_last_axis_forms(void)
{
    static const DML_OPERATOR_TYPE pairs[][2] = {
        {DML_OPERATOR_ACTIVATION_SOFTMAX, DML_OPERATOR_ACTIVATION_SOFTMAX1},
        {DML_OPERATOR_ACTIVATION_LOG_SOFTMAX, DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1},
        {DML_OPERATOR_ACTIVATION_HARDMAX, DML_OPERATOR_ACTIVATION_HARDMAX1}};
    layout l = {4, {1, 1, 6, 9}, {0}};
    packed(&l);
    float in[54], a[54], b[54];
    uint64_t seed = 77;
    for (int i = 0; i < 54; i++)
        in[i] = (float)((int)(test_rng(&seed) % 200) - 100) / 7.0f;
    uint32_t axis = 3;
    for (int p = 0; p < 3; p++) {
        CHECK_STATUS(run_op(devices[1], pairs[p][0], DML_TENSOR_DATA_TYPE_FLOAT32, &l, &l, 0,
                            NULL, in, sizeof in, a, sizeof a),
                     DMLP_OK);
        CHECK_STATUS(run_op(devices[1], pairs[p][1], DML_TENSOR_DATA_TYPE_FLOAT32, &l, &l, 1,
                            &axis, in, sizeof in, b, sizeof b),
                     DMLP_OK);
        CHECK(memcmp(a, b, sizeof a) == 0, "pair %d: the 1_0 form is the last axis", p);
    }
}

static void refuse(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE t, const layout *l,
                   uint32_t axis_count, const uint32_t *axes, dmlp_status status,
                   const char *fragment)
{
    float in[64] = {0}, out[64];
    memset(out, GUARD, sizeof out);
    unsigned char before[sizeof out];
    memcpy(before, out, sizeof out);
    CHECK_STATUS(run_op(devices[0], op, t, l, l, axis_count, axes, in, sizeof in, out,
                        sizeof out),
                 status);
    CHECK_CONTAINS(dmlp_last_error(), fragment);
    CHECK(memcmp(out, before, sizeof out) == 0, "nothing written by a refusal");
}

static void check_refusals(void)
{
    layout l3 = {3, {2, 2, 4}, {0}};
    packed(&l3);
    const DML_TENSOR_DATA_TYPE f32 = DML_TENSOR_DATA_TYPE_FLOAT32;
    uint32_t axes[4] = {0, 3, 1, 1};
    refuse(DML_OPERATOR_ACTIVATION_SOFTMAX1, f32, &l3, 0, axes, DMLP_ERROR_INVALID_ARGUMENT,
           "ACTIVATION_SOFTMAX1: AxisCount is 0; it must be 1 to InputTensor.DimensionCount (3)");
    refuse(DML_OPERATOR_ACTIVATION_SOFTMAX1, f32, &l3, 4, axes, DMLP_ERROR_INVALID_ARGUMENT,
           "AxisCount is 4; it must be 1 to InputTensor.DimensionCount (3)");
    refuse(DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1, f32, &l3, 1, NULL, DMLP_ERROR_INVALID_ARGUMENT,
           "ACTIVATION_LOG_SOFTMAX1: Axes is NULL; it must point to AxisCount (1) axes");
    refuse(DML_OPERATOR_ACTIVATION_HARDMAX1, f32, &l3, 2, axes, DMLP_ERROR_INVALID_ARGUMENT,
           "ACTIVATION_HARDMAX1: Axes[1] is 3; it must be below InputTensor.DimensionCount (3)");
    refuse(DML_OPERATOR_ACTIVATION_SOFTMAX1, f32, &l3, 2, axes + 2, DMLP_ERROR_INVALID_ARGUMENT,
           "Axes[1] is 1, which an earlier entry names; each axis may appear once");
    refuse(DML_OPERATOR_ACTIVATION_SOFTMAX, f32, &l3, 0, NULL, DMLP_ERROR_INVALID_ARGUMENT,
           "ACTIVATION_SOFTMAX: the effective rank of InputTensor.Sizes is 3");
    refuse(DML_OPERATOR_ACTIVATION_SOFTMAX1, DML_TENSOR_DATA_TYPE_INT32, &l3, 1, axes,
           DMLP_ERROR_UNSUPPORTED, "ACTIVATION_SOFTMAX1");
    layout empty = {2, {0, 7}, {7, 1}}; /* DirectML's tensors have no empty axis */
    refuse(DML_OPERATOR_ACTIVATION_SOFTMAX1, f32, &empty, 1, axes, DMLP_ERROR_INVALID_ARGUMENT,
           "InputTensor.Sizes[0] is 0; every size must be >= 1");

    /* a feature level below 5_1 does not have the axes forms */
    dmlp_device_desc dd = {DML_FEATURE_LEVEL_5_0, 1, 0};
    dmlp_device *old = NULL;
    CHECK_STATUS(dmlp_device_create(&dd, &old), DMLP_OK);
    float in[16] = {0}, out[16];
    CHECK_STATUS(run_op(old, DML_OPERATOR_ACTIVATION_SOFTMAX1, f32, &l3, &l3, 1, axes, in,
                        sizeof in, out, sizeof out),
                 DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "needs feature level 5_1");
    dmlp_device_destroy(old);

    /* Softmax never runs in place; Hardmax may, with the results of a separate output */
    float x[16], y[16], z[16];
    for (int i = 0; i < 16; i++)
        x[i] = (float)((i * 7) % 5) - 2.0f;
    memcpy(z, x, sizeof x);
    uint32_t last = 2;
    CHECK_STATUS(run_op(devices[0], DML_OPERATOR_ACTIVATION_SOFTMAX1, f32, &l3, &l3, 1, &last, x,
                        sizeof x, x, sizeof x),
                 DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "Softmax never runs in place");
    CHECK_STATUS(run_op(devices[0], DML_OPERATOR_ACTIVATION_HARDMAX1, f32, &l3, &l3, 1, &last, x,
                        sizeof x, y, sizeof y),
                 DMLP_OK);
    CHECK_STATUS(run_op(devices[0], DML_OPERATOR_ACTIVATION_HARDMAX1, f32, &l3, &l3, 1, &last, z,
                        sizeof z, z, sizeof z),
                 DMLP_OK);
    CHECK(memcmp(y, z, sizeof y) == 0, "Hardmax in place as out of place");
}

/* The rows' special values through the operator: a NaN row, +inf, all -inf. */
static void check_specials(void)
{
    layout l = {2, {4, 3}, {0}};
    packed(&l);
    float nan_payload = dmlp__f32_from_bits(0xff812345u); /* signalling, negative */
    float in[12] = {1, nan_payload, 2,   INFINITY, 0, 1,
                    -INFINITY, -INFINITY, -INFINITY, -INFINITY, 3, -INFINITY};
    float out[12];
    uint32_t last = 1;
    CHECK_STATUS(run_op(devices[0], DML_OPERATOR_ACTIVATION_SOFTMAX1,
                        DML_TENSOR_DATA_TYPE_FLOAT32, &l, &l, 1, &last, in, sizeof in, out,
                        sizeof out),
                 DMLP_OK);
    for (int i = 0; i < 3; i++)
        CHECK_EQ_U64(dmlp__f32_bits(out[i]), 0xffc12345u, "a NaN row gives its NaN, quiet");
    for (int i = 3; i < 9; i++)
        CHECK_EQ_U64(dmlp__f32_bits(out[i]), 0x7fc00000u, "+inf or all -inf: the default NaN");
    CHECK(dmlp__f32_bits(out[9]) == 0 && out[10] == 1.0f && dmlp__f32_bits(out[11]) == 0,
          "-inf elements give +0 beside a finite maximum");
}

int main(void)
{
    const uint32_t threads[3] = {1, 2, 4};
    for (int d = 0; d < 3; d++) {
        dmlp_device_desc dd = {0, threads[d], DMLP_DEVICE_FLAG_EXTENSIONS};
        if (dmlp_device_create(&dd, &devices[d]) != DMLP_OK) {
            fprintf(stderr, "test_softmax: no device: %s\n", dmlp_last_error());
            return 1;
        }
    }
    check_refusals();
    check_specials();
    check_last_axis_forms();
    check_results();
    for (int d = 0; d < 3; d++)
        dmlp_device_destroy(devices[d]);
    return test_finish("test_softmax");
}
