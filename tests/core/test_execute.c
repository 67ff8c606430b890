/* test_execute — dmlp_operator_execute's results over layouts (docs/validation.md): packed,
   padded, broadcast (0 strides), permuted input and output, 1 to 8 dimensions, in place,
   misaligned bases, for every operator and type. The oracle is the reference kernel run on
   one element at a time at addresses computed here by plain index math; whole buffers
   are compared byte for byte, so bytes a layout does not address must stay untouched. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dmlp.h"
#include "kernels/kernels.h"
#include "test_util.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static uint64_t rnd(void) { return test_rng(&rng_state); }

static uint32_t rnd_below(uint32_t n)
{
    return (uint32_t)(rnd() % n);
}

static uint32_t type_size(DML_TENSOR_DATA_TYPE t)
{
    switch (t) {
    case DML_TENSOR_DATA_TYPE_FLOAT64:
    case DML_TENSOR_DATA_TYPE_UINT64:
    case DML_TENSOR_DATA_TYPE_INT64:
        return 8;
    case DML_TENSOR_DATA_TYPE_FLOAT32:
    case DML_TENSOR_DATA_TYPE_UINT32:
    case DML_TENSOR_DATA_TYPE_INT32:
        return 4;
    case DML_TENSOR_DATA_TYPE_FLOAT16:
    case DML_TENSOR_DATA_TYPE_UINT16:
    case DML_TENSOR_DATA_TYPE_INT16:
    case DMLP_TENSOR_DATA_TYPE_BFLOAT16:
        return 2;
    default:
        return 1;
    }
}

/* Bit patterns worth seeing often: zeros, ones, infinities, NaNs, extremes. */
static void special_value(DML_TENSOR_DATA_TYPE t, unsigned char *dst)
{
    static const uint64_t f64[] = {0, 0x8000000000000000u, 0x3ff0000000000000u,
                                   0xbff0000000000000u, 0x7ff0000000000000u,
                                   0xfff0000000000000u, 0x7ff8000000000000u,
                                   0xfff8000000000001u, 0x7fefffffffffffffu, 1};
    static const uint32_t f32[] = {0, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x7f800000u,
                                   0xff800000u, 0x7fc00000u, 0xff800001u, 0x7f7fffffu, 1};
    static const uint16_t f16[] = {0, 0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x7e00,
                                   0xfc01, 0x7bff, 1};
    static const uint16_t bf16[] = {0, 0x8000, 0x3f80, 0xbf80, 0x7f80, 0xff80, 0x7fc0,
                                    0xff81, 0x7f7f, 1};
    static const uint8_t f8[] = {0, 0x80, 0x7c, 0xfc, 0x7f, 0xff, 0x7e, 0x01, 0xfe, 0x7d};
    static const uint64_t ints[] = {0, 1, 0xffffffffffffffffu, 0x8000000000000000u,
                                    0x7fffffffffffffffu, 0x80, 0x8000, 0x80000000u, 2, 0x7f};
    unsigned i = rnd_below(10);
    uint32_t size = type_size(t);
    switch (t) {
    case DML_TENSOR_DATA_TYPE_FLOAT64: memcpy(dst, &f64[i], 8); return;
    case DML_TENSOR_DATA_TYPE_FLOAT32: memcpy(dst, &f32[i], 4); return;
    case DML_TENSOR_DATA_TYPE_FLOAT16: memcpy(dst, &f16[i], 2); return;
    case DMLP_TENSOR_DATA_TYPE_BFLOAT16: memcpy(dst, &bf16[i], 2); return;
    case DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN:
    case DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FNUZ:
    case DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2:
    case DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2FNUZ: memcpy(dst, &f8[i], 1); return;
    default: {
        uint64_t v = ints[i];
        if (size < 8 && v == 0x8000000000000000u)
            v = (uint64_t)1 << (size * 8 - 1); /* INT_MIN of the size */
        memcpy(dst, &v, size); /* little-endian: the low bytes */
        return;
    }
    }
}

/* Random bytes, a quarter of the element slots overwritten with special values. */
static void fill_input(unsigned char *buf, size_t bytes, DML_TENSOR_DATA_TYPE t)
{
    for (size_t i = 0; i < bytes; i++)
        buf[i] = (unsigned char)rnd();
    uint32_t size = type_size(t);
    for (size_t i = 0; i + size <= bytes; i += size)
        if (rnd_below(4) == 0)
            special_value(t, buf + i);
}

typedef struct layout {
    uint32_t strides[8];
    bool given; /* false: NULL strides (packed) */
} layout;

/* Strides for `sizes` in the axis order `order` (innermost first), with optional padding
   after each axis, an inner gap, and 0 strides on the axes in `broadcast`. */
static void make_layout(layout *l, uint32_t dims, const uint32_t *sizes, const uint32_t *order,
                        bool pad, uint32_t broadcast_mask)
{
    uint32_t stride = pad && rnd_below(3) == 0 ? 2 : 1;
    for (uint32_t k = 0; k < dims; k++) {
        uint32_t axis = order[k];
        if (broadcast_mask & (1u << axis)) {
            l->strides[axis] = 0;
            continue;
        }
        l->strides[axis] = stride;
        stride = stride * sizes[axis] + (pad ? rnd_below(3) : 0);
    }
    l->given = true;
}

static void random_order(uint32_t dims, uint32_t *order)
{
    for (uint32_t i = 0; i < dims; i++)
        order[i] = i;
    for (uint32_t i = dims; i > 1; i--) {
        uint32_t j = rnd_below(i);
        uint32_t t = order[i - 1];
        order[i - 1] = order[j];
        order[j] = t;
    }
}

static void reverse_order(uint32_t dims, uint32_t *order)
{
    for (uint32_t i = 0; i < dims; i++)
        order[i] = dims - 1 - i;
}

typedef struct test_case {
    DML_OPERATOR_TYPE op;
    DML_TENSOR_DATA_TYPE type;
    uint32_t dims;
    uint32_t sizes[8];
    layout in, out;
    DML_IS_INFINITY_MODE mode;
    uint32_t flags;
    bool in_place;
    uint32_t in_misalign, out_misalign; /* bytes added to the binding offsets */
    uint32_t in_slack, out_slack;       /* extra TotalTensorSizeInBytes */
    const char *what;
} test_case;

static const char *op_name(DML_OPERATOR_TYPE op)
{
    return op == DML_OPERATOR_ELEMENT_WISE_SIGN       ? "Sign"
           : op == DML_OPERATOR_ACTIVATION_SOFTSIGN ? "Softsign"
                                                      : "IsInfinity";
}

static void describe(const test_case *c, char *text, size_t cap)
{
    int n = snprintf(text, cap, "%s %s type %d mode %d flags 0x%x sizes", c->what,
                     op_name(c->op), (int)c->type, (int)c->mode, c->flags);
    for (uint32_t d = 0; d < c->dims && n > 0 && (size_t)n < cap; d++)
        n += snprintf(text + n, cap - (size_t)n, " %u", c->sizes[d]);
    if (c->in.given)
        for (uint32_t d = 0; d < c->dims && n > 0 && (size_t)n < cap; d++)
            n += snprintf(text + n, cap - (size_t)n, "%s%u", d ? "," : " in ", c->in.strides[d]);
    if (c->out.given)
        for (uint32_t d = 0; d < c->dims && n > 0 && (size_t)n < cap; d++)
            n += snprintf(text + n, cap - (size_t)n, "%s%u", d ? "," : " out ", c->out.strides[d]);
    if (n > 0 && (size_t)n < cap)
        snprintf(text + n, cap - (size_t)n, "%s misalign %u/%u", c->in_place ? " in-place" : "",
                 c->in_misalign, c->out_misalign);
}

#define GUARD 64u

/* Builds the operator, runs it, and compares every byte of the output buffer (guards,
   padding and slack included) with the element-by-element oracle. */
static void run_case(dmlp_device *device, const test_case *c)
{
    char text[512];
    describe(c, text, sizeof text);
    DML_TENSOR_DATA_TYPE out_type =
        c->op == DML_OPERATOR_ELEMENT_WISE_IS_INFINITY ? DML_TENSOR_DATA_TYPE_UINT8 : c->type;
    uint32_t isz = type_size(c->type), osz = type_size(out_type);
    const uint32_t *in_strides = c->in.given ? c->in.strides : NULL;
    const uint32_t *out_strides = c->out.given ? c->out.strides : NULL;
    uint64_t in_total = dmlp_calc_buffer_tensor_size(c->type, c->dims, c->sizes, in_strides);
    uint64_t out_total = dmlp_calc_buffer_tensor_size(out_type, c->dims, c->sizes, out_strides);
    CHECK(in_total > 0 && out_total > 0, "%s", text);
    if (!in_total || !out_total)
        return;
    in_total += c->in_slack;
    out_total += c->out_slack;

    DML_BUFFER_TENSOR_DESC in_desc = {c->type, DML_TENSOR_FLAG_NONE, c->dims, c->sizes,
                                      in_strides, in_total, 0};
    DML_BUFFER_TENSOR_DESC out_desc = {out_type, DML_TENSOR_FLAG_NONE, c->dims, c->sizes,
                                       out_strides, out_total, 0};
    DML_TENSOR_DESC in_tensor = {DML_TENSOR_TYPE_BUFFER, &in_desc};
    DML_TENSOR_DESC out_tensor = {DML_TENSOR_TYPE_BUFFER, &out_desc};
    DML_ELEMENT_WISE_SIGN_OPERATOR_DESC sign = {&in_tensor, &out_tensor};
    DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC softsign = {&in_tensor, &out_tensor};
    DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC isinf = {&in_tensor, &out_tensor, c->mode};
    DML_OPERATOR_DESC desc = {c->op, c->op == DML_OPERATOR_ELEMENT_WISE_SIGN ? (const void *)&sign
                                     : c->op == DML_OPERATOR_ACTIVATION_SOFTSIGN
                                         ? (const void *)&softsign
                                         : (const void *)&isinf};
    dmlp_operator *op = NULL;
    dmlp_status status = dmlp_operator_create(device, &desc, c->flags, &op);
    CHECK(status == DMLP_OK, "create %s: %s", text, dmlp_last_error());
    if (status != DMLP_OK)
        return;

    size_t in_bytes = (size_t)in_total + 2 * GUARD;
    size_t out_bytes = (size_t)out_total + 2 * GUARD;
    unsigned char *in_buf = malloc(in_bytes);
    unsigned char *out_buf = c->in_place ? in_buf : malloc(out_bytes);
    unsigned char *expected = malloc(c->in_place ? in_bytes : out_bytes);
    unsigned char *source = malloc(in_bytes); /* the input as it was before the run */
    if (!in_buf || !out_buf || !expected || !source) {
        CHECK(0, "out of memory for %s", text);
        goto done;
    }
    fill_input(in_buf, in_bytes, c->type);
    memcpy(source, in_buf, in_bytes);
    if (c->in_place)
        memcpy(expected, in_buf, in_bytes);
    else {
        memset(out_buf, 0xA5, out_bytes);
        memcpy(expected, out_buf, out_bytes);
    }

    /* The oracle: the reference kernel, one element at a time. */
    dmlp__unary_kernel ref = dmlp__reference_kernel(c->op, c->type);
    CHECK(ref != NULL, "reference kernel for %s", text);
    if (!ref)
        goto done;
    dmlp__kernel_args args;
    memset(&args, 0, sizeof args);
    args.mode = c->mode;
    args.nan_propagate = (c->flags & DMLP_EXECUTION_FLAG_NAN_PROPAGATE) != 0;
    const uint32_t *is = c->in.given ? c->in.strides : NULL;
    const uint32_t *os = c->out.given ? c->out.strides : NULL;
    uint32_t packed[8];
    uint32_t p = 1;
    for (uint32_t d = c->dims; d-- > 0;) {
        packed[d] = p;
        p *= c->sizes[d];
    }
    uint32_t index[8] = {0};
    uint64_t in_base = GUARD + c->in_misalign, out_base = GUARD + c->out_misalign;
    for (;;) {
        uint64_t io = 0, oo = 0;
        for (uint32_t d = 0; d < c->dims; d++) {
            io += (uint64_t)index[d] * (is ? is[d] : packed[d]);
            oo += (uint64_t)index[d] * (os ? os[d] : packed[d]);
        }
        ref(1, source + in_base + io * isz, expected + out_base + oo * osz, &args);
        uint32_t d = c->dims;
        while (d > 0 && ++index[d - 1] == c->sizes[d - 1])
            index[--d] = 0;
        if (d == 0)
            break;
    }

    dmlp_buffer_binding in_binding = {in_buf, GUARD + c->in_misalign, in_total};
    dmlp_buffer_binding out_binding = {out_buf, GUARD + c->out_misalign, out_total};
    CHECK_STATUS(dmlp_operator_execute(op, 1, &in_binding, 1, &out_binding), DMLP_OK);
    size_t compare = c->in_place ? in_bytes : out_bytes;
    size_t first_diff = compare;
    for (size_t i = 0; i < compare; i++)
        if (out_buf[i] != expected[i]) {
            first_diff = i;
            break;
        }
    CHECK(first_diff == compare, "%s: first differing output byte at %zu (0x%02x, expected 0x%02x)",
          text, first_diff, first_diff < compare ? out_buf[first_diff] : 0,
          first_diff < compare ? expected[first_diff] : 0);
    if (!c->in_place)
        CHECK(memcmp(in_buf, source, in_bytes) == 0, "%s: the input changed", text);

done:
    free(source);
    free(expected);
    if (out_buf != in_buf)
        free(out_buf);
    free(in_buf);
    dmlp_operator_destroy(op);
}

typedef struct op_type {
    DML_OPERATOR_TYPE op;
    DML_TENSOR_DATA_TYPE type;
} op_type;

static const op_type combos[] = {
    {DML_OPERATOR_ELEMENT_WISE_SIGN, DML_TENSOR_DATA_TYPE_FLOAT32},
    {DML_OPERATOR_ELEMENT_WISE_SIGN, DML_TENSOR_DATA_TYPE_FLOAT16},
    {DML_OPERATOR_ELEMENT_WISE_SIGN, DML_TENSOR_DATA_TYPE_FLOAT64},
    {DML_OPERATOR_ELEMENT_WISE_SIGN, DMLP_TENSOR_DATA_TYPE_BFLOAT16},
    {DML_OPERATOR_ELEMENT_WISE_SIGN, DML_TENSOR_DATA_TYPE_INT8},
    {DML_OPERATOR_ELEMENT_WISE_SIGN, DML_TENSOR_DATA_TYPE_INT16},
    {DML_OPERATOR_ELEMENT_WISE_SIGN, DML_TENSOR_DATA_TYPE_INT32},
    {DML_OPERATOR_ELEMENT_WISE_SIGN, DML_TENSOR_DATA_TYPE_INT64},
    {DML_OPERATOR_ELEMENT_WISE_SIGN, DML_TENSOR_DATA_TYPE_UINT8},
    {DML_OPERATOR_ELEMENT_WISE_SIGN, DML_TENSOR_DATA_TYPE_UINT16},
    {DML_OPERATOR_ELEMENT_WISE_SIGN, DML_TENSOR_DATA_TYPE_UINT32},
    {DML_OPERATOR_ELEMENT_WISE_SIGN, DML_TENSOR_DATA_TYPE_UINT64},
    {DML_OPERATOR_ACTIVATION_SOFTSIGN, DML_TENSOR_DATA_TYPE_FLOAT32},
    {DML_OPERATOR_ACTIVATION_SOFTSIGN, DML_TENSOR_DATA_TYPE_FLOAT16},
    {DML_OPERATOR_ACTIVATION_SOFTSIGN, DML_TENSOR_DATA_TYPE_FLOAT64},
    {DML_OPERATOR_ACTIVATION_SOFTSIGN, DMLP_TENSOR_DATA_TYPE_BFLOAT16},
    {DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, DML_TENSOR_DATA_TYPE_FLOAT32},
    {DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, DML_TENSOR_DATA_TYPE_FLOAT16},
    {DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, DML_TENSOR_DATA_TYPE_FLOAT64},
    {DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, DMLP_TENSOR_DATA_TYPE_BFLOAT16},
    {DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN},
    {DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FNUZ},
    {DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2},
    {DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2FNUZ},
};
#define COMBO_COUNT (sizeof combos / sizeof combos[0])

/* Random sizes for `dims` axes with about `target` elements, some axes of size 1. */
static void random_sizes(test_case *c, uint32_t dims, uint32_t target)
{
    c->dims = dims;
    if (dims == 1) {
        c->sizes[0] = 1 + rnd_below(target);
        return;
    }
    uint32_t per_axis = 2;
    while (per_axis < 64) {
        uint64_t prod = 1;
        for (uint32_t d = 0; d < dims; d++)
            prod *= per_axis + 1;
        if (prod > target)
            break;
        per_axis++;
    }
    for (uint32_t d = 0; d < dims; d++)
        c->sizes[d] = rnd_below(6) == 0 ? 1 : 1 + rnd_below(per_axis);
}

static void base_case(test_case *c, const op_type *ot, const char *what)
{
    memset(c, 0, sizeof *c);
    c->op = ot->op;
    c->type = ot->type;
    c->what = what;
    if (c->op == DML_OPERATOR_ELEMENT_WISE_IS_INFINITY)
        c->mode = (DML_IS_INFINITY_MODE)rnd_below(3);
    if (c->op == DML_OPERATOR_ELEMENT_WISE_SIGN && rnd_below(2))
        c->flags = DMLP_EXECUTION_FLAG_NAN_PROPAGATE;
}

/* Every combination of op x type through every layout family, 1 to 8 dimensions. */
static void run_layout_families(dmlp_device *device)
{
    for (size_t k = 0; k < COMBO_COUNT; k++) {
        const op_type *ot = &combos[k];
        for (uint32_t dims = 1; dims <= 8; dims++) {
            test_case c;
            uint32_t order[8];
            uint32_t target = dims == 1 ? 3000 : 1500;

            base_case(&c, ot, "packed");
            random_sizes(&c, dims, target);
            run_case(device, &c);

            base_case(&c, ot, "padded output");
            random_sizes(&c, dims, target);
            reverse_order(dims, order);
            make_layout(&c.out, dims, c.sizes, order, true, 0);
            c.out_slack = 4 * rnd_below(3);
            run_case(device, &c);

            base_case(&c, ot, "padded input and output");
            random_sizes(&c, dims, target);
            make_layout(&c.in, dims, c.sizes, order, true, 0);
            make_layout(&c.out, dims, c.sizes, order, true, 0);
            run_case(device, &c);

            base_case(&c, ot, "broadcast input");
            random_sizes(&c, dims, target);
            make_layout(&c.in, dims, c.sizes, order, rnd_below(2), rnd_below(1u << dims) | 1u << rnd_below(dims));
            run_case(device, &c);

            base_case(&c, ot, "permuted input");
            random_sizes(&c, dims, target);
            random_order(dims, order);
            make_layout(&c.in, dims, c.sizes, order, false, 0);
            run_case(device, &c);

            base_case(&c, ot, "permuted output");
            random_sizes(&c, dims, target);
            random_order(dims, order);
            make_layout(&c.out, dims, c.sizes, order, rnd_below(2), 0);
            run_case(device, &c);

            base_case(&c, ot, "permuted both");
            random_sizes(&c, dims, target);
            random_order(dims, order);
            make_layout(&c.in, dims, c.sizes, order, false, 0);
            random_order(dims, order);
            make_layout(&c.out, dims, c.sizes, order, rnd_below(2), 0);
            run_case(device, &c);

            base_case(&c, ot, "same permutation, broadcast, misaligned");
            random_sizes(&c, dims, target);
            random_order(dims, order);
            make_layout(&c.in, dims, c.sizes, order, false, dims > 1 ? 1u << order[dims - 1] : 0);
            make_layout(&c.out, dims, c.sizes, order, false, 0);
            c.in_misalign = 1 + rnd_below(7);
            c.out_misalign = rnd_below(8);
            run_case(device, &c);

            if (ot->op != DML_OPERATOR_ELEMENT_WISE_IS_INFINITY) {
                base_case(&c, ot, "in place, packed");
                random_sizes(&c, dims, target);
                c.in_place = true;
                run_case(device, &c);

                base_case(&c, ot, "in place, padded and permuted");
                random_sizes(&c, dims, target);
                random_order(dims, order);
                make_layout(&c.in, dims, c.sizes, order, true, 0);
                c.out = c.in;
                c.in_place = true;
                c.in_misalign = c.out_misalign = rnd_below(2) ? type_size(c.type) : 1;
                run_case(device, &c);
            }
        }
    }
}

/* Fixed shapes the random families might miss. */
static void run_fixed_cases(dmlp_device *device)
{
    const op_type *f32_sign = &combos[0];
    const op_type *f16_softsign = &combos[13];
    const op_type *f64_isinf = &combos[18];
    const op_type *targets[] = {f32_sign, f16_softsign, f64_isinf};
    for (size_t t = 0; t < 3; t++) {
        test_case c;
        /* One element; 0 strides on size-1 axes of the output are fine. */
        base_case(&c, targets[t], "single element");
        c.dims = 4;
        c.sizes[0] = c.sizes[1] = c.sizes[2] = c.sizes[3] = 1;
        c.out.given = true; /* strides all 0 */
        run_case(device, &c);

        /* A scalar broadcast to a whole 3-D output. */
        base_case(&c, targets[t], "scalar broadcast");
        c.dims = 3;
        c.sizes[0] = 5;
        c.sizes[1] = 7;
        c.sizes[2] = 300;
        c.in.given = true;
        run_case(device, &c);

        /* A row broadcast down the columns, and a column broadcast along rows. */
        base_case(&c, targets[t], "row broadcast");
        c.dims = 2;
        c.sizes[0] = 40;
        c.sizes[1] = 33;
        c.in.given = true;
        c.in.strides[0] = 0;
        c.in.strides[1] = 1;
        run_case(device, &c);
        base_case(&c, targets[t], "column broadcast");
        c.dims = 2;
        c.sizes[0] = 40;
        c.sizes[1] = 33;
        c.in.given = true;
        c.in.strides[0] = 1;
        c.in.strides[1] = 0;
        run_case(device, &c);

        /* A transpose of a long matrix, both ways. */
        base_case(&c, targets[t], "transposed input");
        c.dims = 2;
        c.sizes[0] = 1000;
        c.sizes[1] = 3;
        c.in.given = true;
        c.in.strides[0] = 1;
        c.in.strides[1] = 1000;
        run_case(device, &c);
        base_case(&c, targets[t], "transposed output");
        c.dims = 2;
        c.sizes[0] = 3;
        c.sizes[1] = 5000;
        c.out.given = true;
        c.out.strides[0] = 1;
        c.out.strides[1] = 3;
        run_case(device, &c);

        /* Long padded rows: longer than the tile, every row starting off a line. */
        base_case(&c, targets[t], "long padded rows");
        c.dims = 2;
        c.sizes[0] = 9;
        c.sizes[1] = 3001;
        c.in.given = c.out.given = true;
        c.in.strides[0] = 3001 + 5;
        c.in.strides[1] = 1;
        c.out.strides[0] = 3001 + 3;
        c.out.strides[1] = 1;
        run_case(device, &c);

        /* An input contiguous along an outer axis, rows long: read in blocks of rows.
           Packed output, then a padded and misaligned one. */
        base_case(&c, targets[t], "transposed 3-D input");
        c.dims = 3;
        c.sizes[0] = 40;
        c.sizes[1] = 5;
        c.sizes[2] = 300;
        c.in.given = true;
        c.in.strides[0] = 1;
        c.in.strides[1] = 40;
        c.in.strides[2] = 200;
        run_case(device, &c);
        c.what = "transposed 3-D input, padded misaligned output";
        c.out.given = true;
        c.out.strides[0] = 5 * 307;
        c.out.strides[1] = 307;
        c.out.strides[2] = 1;
        c.out_misalign = 1;
        run_case(device, &c);
        c.what = "transposed 3-D input, output inner stride 2";
        c.out.strides[0] = 5 * 600;
        c.out.strides[1] = 600;
        c.out.strides[2] = 2;
        c.out_misalign = 0;
        run_case(device, &c);

        /* Every other element, both sides (an inner stride of 2). */
        base_case(&c, targets[t], "inner stride 2");
        c.dims = 1;
        c.sizes[0] = 5000;
        c.in.given = c.out.given = true;
        c.in.strides[0] = 2;
        c.out.strides[0] = 2;
        run_case(device, &c);
    }
}

/* dmlp_operator_create copies what it needs: the descriptor, sizes and strides are
   overwritten and freed before the operator runs. */
static void descriptor_freed_before_execute(dmlp_device *device)
{
    uint32_t *sizes = malloc(3 * sizeof *sizes);
    uint32_t *strides = malloc(3 * sizeof *strides);
    DML_BUFFER_TENSOR_DESC *in_desc = malloc(sizeof *in_desc);
    DML_BUFFER_TENSOR_DESC *out_desc = malloc(sizeof *out_desc);
    DML_TENSOR_DESC *tensors = malloc(2 * sizeof *tensors);
    DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC *isinf = malloc(sizeof *isinf);
    DML_OPERATOR_DESC *desc = malloc(sizeof *desc);
    if (!sizes || !strides || !in_desc || !out_desc || !tensors || !isinf || !desc) {
        CHECK(0, "out of memory");
        return;
    }
    sizes[0] = 3, sizes[1] = 4, sizes[2] = 5;
    strides[0] = 1, strides[1] = 3, strides[2] = 12; /* transposed input */
    *in_desc = (DML_BUFFER_TENSOR_DESC){DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 3,
                                        sizes, strides, 240, 0};
    *out_desc = (DML_BUFFER_TENSOR_DESC){DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_FLAG_NONE, 3,
                                         sizes, NULL, 60, 0};
    tensors[0] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, in_desc};
    tensors[1] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, out_desc};
    *isinf = (DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC){&tensors[0], &tensors[1],
                                                          DML_IS_INFINITY_MODE_NEGATIVE};
    *desc = (DML_OPERATOR_DESC){DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, isinf};
    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, desc, 0, &op), DMLP_OK);
    memset(sizes, 0xff, 3 * sizeof *sizes);
    memset(strides, 0xff, 3 * sizeof *strides);
    memset(in_desc, 0xff, sizeof *in_desc);
    memset(out_desc, 0xff, sizeof *out_desc);
    memset(tensors, 0xff, 2 * sizeof *tensors);
    memset(isinf, 0xff, sizeof *isinf);
    memset(desc, 0xff, sizeof *desc);
    free(sizes), free(strides), free(in_desc), free(out_desc);
    free(tensors), free(isinf), free(desc);
    if (!op)
        return;
    float in[60];
    uint8_t out[60];
    for (int i = 0; i < 60; i++) /* -inf where the input index is a multiple of 7 */
        in[i] = i % 7 == 0 ? -INFINITY : (float)i;
    dmlp_buffer_binding ib = {in, 0, sizeof in}, ob = {out, 0, sizeof out};
    CHECK_STATUS(dmlp_operator_execute(op, 1, &ib, 1, &ob), DMLP_OK);
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 4; b++)
            for (int c = 0; c < 5; c++) {
                int src = a + 3 * b + 12 * c, dst = (a * 4 + b) * 5 + c;
                unsigned expected = src % 7 == 0;
                CHECK(out[dst] == expected, "freed desc: out[%d] = %u", dst, out[dst]);
            }
    dmlp_operator_destroy(op);
}

int main(void)
{
    printf("test_execute: kernels up to %s\n", dmlp__isa_name(dmlp__isa_detect()));
    dmlp_device_desc desc = {(DML_FEATURE_LEVEL)0, 1, DMLP_DEVICE_FLAG_EXTENSIONS};
    dmlp_device *one = NULL;
    CHECK_STATUS(dmlp_device_create(&desc, &one), DMLP_OK);
    desc.thread_count = 3;
    dmlp_device *three = NULL;
    CHECK_STATUS(dmlp_device_create(&desc, &three), DMLP_OK);
    if (!one || !three)
        return test_finish("test_execute");

    descriptor_freed_before_execute(one);
    run_layout_families(one);
    run_fixed_cases(one);
    run_fixed_cases(three);

    /* Bigger strided tensors on three threads: chunks that split rows and broadcasts. */
    for (size_t t = 0; t < 3; t++) {
        test_case c;
        const op_type *ot = t == 0 ? &combos[0] : t == 1 ? &combos[13] : &combos[18];
        base_case(&c, ot, "large padded");
        c.dims = 3;
        c.sizes[0] = 7;
        c.sizes[1] = 301;
        c.sizes[2] = 333;
        uint32_t order[3] = {2, 1, 0};
        make_layout(&c.in, 3, c.sizes, order, true, 0);
        make_layout(&c.out, 3, c.sizes, order, true, 0);
        run_case(three, &c);
        base_case(&c, ot, "large broadcast");
        c.dims = 3;
        c.sizes[0] = 5;
        c.sizes[1] = 400;
        c.sizes[2] = 301;
        make_layout(&c.in, 3, c.sizes, order, false, 1u << 1);
        c.out_misalign = type_size(ot->op == DML_OPERATOR_ELEMENT_WISE_IS_INFINITY
                                       ? DML_TENSOR_DATA_TYPE_UINT8
                                       : ot->type);
        run_case(three, &c);
        base_case(&c, ot, "large permuted");
        c.dims = 3;
        c.sizes[0] = 7;
        c.sizes[1] = 301;
        c.sizes[2] = 333;
        uint32_t perm[3] = {1, 2, 0};
        make_layout(&c.in, 3, c.sizes, perm, false, 0);
        run_case(three, &c);
    }

    dmlp_device_destroy(three);
    dmlp_device_destroy(one);
    return test_finish("test_execute");
}
