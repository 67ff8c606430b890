/* libFuzzer target: arbitrary bytes as a device, an operator descriptor, execution flags
   and bindings over a small arena; dmlp_operator_create then dmlp_operator_execute.
   Aborts when the library breaks a promise of dmlp.h:
   - a failed create leaves *op untouched; a failed execute writes nothing at all;
   - a successful execute writes no byte outside the output tensor's elements (guards,
     padding and the rest of the arena compared with a snapshot) and every element equals
     the reference kernel applied to the input element (read from the snapshot, so exact
     in-place runs are checked too);
   - the descriptor is copied: it is poisoned and freed before execute.
   Devices (one per level, extensions flag and thread count) live for the session. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_descriptor.h"

#include "core/registry.h"
#include "core/scalar.h"
#include "dmlp.h"
#include "kernels/kernels.h"
#include "numeric/fp_convert.h"
#include "numeric/softmax_row.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

fuzz_descriptor_outcome fuzz_descriptor_last;

/* The oracle's own loops need no coverage feedback and dominate a run when instrumented. */
#if defined(__clang__)
#define NO_COVERAGE __attribute__((no_sanitize("coverage")))
#else
#define NO_COVERAGE
#endif

/* ---- reading the input: past its end every read gives 0 ------------------------------ */

typedef struct reader {
    const uint8_t *p;
    size_t left;
} reader;

static uint8_t u8(reader *r)
{
    if (!r->left)
        return 0;
    r->left--;
    return *r->p++;
}

static uint32_t u16(reader *r)
{
    uint32_t lo = u8(r);
    return lo | (uint32_t)u8(r) << 8;
}

static uint32_t u32(reader *r)
{
    uint32_t lo = u16(r);
    return lo | u16(r) << 16;
}

static uint64_t u64(reader *r)
{
    uint64_t lo = u32(r);
    return lo | (uint64_t)u32(r) << 32;
}

/* ---- devices ------------------------------------------------------------------------- */

static const uint32_t levels[] = {0x1000, 0x2000, 0x2100, 0x3000, 0x3100, 0x4000,
                                  0x4100, 0x5000, 0x5100, 0x5200, 0x6000, 0x6100,
                                  0x6200, 0x6300, 0x6400, 0};
#define LEVEL_COUNT (sizeof levels / sizeof levels[0])

/* A cached device, or (*owned set) one made for this input only. */
static dmlp_device *device_for(reader *r, bool *owned)
{
    static dmlp_device *cache[LEVEL_COUNT][2][2];
    uint8_t b = u8(r);
    bool ext = b & 0x80, two = b & 0x40;
    uint32_t pick = b & 0x3f;
    if (pick >= LEVEL_COUNT) { /* an unnamed level (or one below 1_0): not cached */
        dmlp_device_desc desc = {(DML_FEATURE_LEVEL)u16(r), 1,
                                 ext ? DMLP_DEVICE_FLAG_EXTENSIONS : 0u};
        if (pick & 1)
            desc.flags |= (uint32_t)u8(r) << 1; /* unknown flags: refused */
        dmlp_device *d = NULL;
        if (dmlp_device_create(&desc, &d) != DMLP_OK)
            return NULL;
        *owned = true;
        return d;
    }
    dmlp_device **slot = &cache[pick][ext][two];
    if (!*slot) {
        dmlp_device_desc desc = {(DML_FEATURE_LEVEL)levels[pick], two ? 2u : 1u,
                                 ext ? DMLP_DEVICE_FLAG_EXTENSIONS : 0u};
        if (dmlp_device_create(&desc, slot) != DMLP_OK)
            abort(); /* valid arguments */
    }
    return *slot;
}

/* ---- descriptors --------------------------------------------------------------------- */

static const DML_TENSOR_DATA_TYPE data_types[] = {
    DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT16,
    DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_UINT16,
    DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_INT32,
    DML_TENSOR_DATA_TYPE_INT16, DML_TENSOR_DATA_TYPE_INT8,
    DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_UINT64,
    DML_TENSOR_DATA_TYPE_INT64, DMLP_TENSOR_DATA_TYPE_BFLOAT16,
    DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN, DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FNUZ,
    DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2, DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2FNUZ};
#define TYPE_COUNT (sizeof data_types / sizeof data_types[0])

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
    case DML_TENSOR_DATA_TYPE_UINT8:
    case DML_TENSOR_DATA_TYPE_INT8:
    case DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN:
    case DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FNUZ:
    case DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2:
    case DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2FNUZ:
        return 1;
    default:
        return 0;
    }
}

static uint32_t size_value(reader *r)
{
    uint8_t b = u8(r);
    switch (b >> 5) {
    case 0: return 0;                     /* refused */
    case 1: return 0xFFFFFFFFu >> (b & 31); /* large: element-count and span limits */
    case 2: return 1 + (b & 31) * 37;     /* a few hundred: long rows */
    default: return 1 + (b & 7);          /* small */
    }
}

static uint32_t stride_value(reader *r)
{
    uint8_t b = u8(r);
    switch (b >> 6) {
    case 0: return b & 3;                 /* 0 broadcasts */
    case 1: return b & 63;
    case 2: return (b & 63) * 17;
    default: return b & 1 ? u32(r) : 0xFFFFFFFFu - (b & 31);
    }
}

typedef struct tensor {
    DML_BUFFER_TENSOR_DESC buffer;
    DML_TENSOR_DESC desc;
    uint32_t *sizes;
    uint32_t *strides;
} tensor;

/* DimensionCount is usually 1..8, sometimes 0 or beyond 8 (refused); Sizes and Strides
   are allocated with exactly DimensionCount entries, so a read past them is caught. */
static bool read_tensor(reader *r, tensor *t, const tensor *like)
{
    memset(t, 0, sizeof *t);
    uint8_t shape = u8(r);
    uint8_t type_byte = u8(r);
    uint32_t dims;
    if (like && (shape & 0x80)) { /* the same sizes as the input (a valid pair, often) */
        dims = like->buffer.DimensionCount;
    } else {
        dims = shape & 15;
        if (dims > 8 && (shape & 0x10) == 0)
            dims = 1 + (dims & 7);
    }
    uint32_t alloc = dims ? dims : 1;
    t->sizes = malloc(alloc * sizeof *t->sizes);
    t->strides = malloc(alloc * sizeof *t->strides);
    if (!t->sizes || !t->strides)
        return false;
    for (uint32_t i = 0; i < dims; i++) {
        if (like && (shape & 0x80) && i < like->buffer.DimensionCount && like->sizes)
            t->sizes[i] = like->sizes[i];
        else
            t->sizes[i] = size_value(r);
    }
    bool strided = shape & 0x40;
    for (uint32_t i = 0; i < dims; i++)
        t->strides[i] = strided ? stride_value(r) : 0;

    DML_TENSOR_DATA_TYPE type = data_types[type_byte % TYPE_COUNT];
    if (type_byte >= 0xF8)
        type = (DML_TENSOR_DATA_TYPE)(type_byte == 0xFF ? u32(r) : 0); /* unknown */
    t->buffer.DataType = type;
    t->buffer.Flags = (DML_TENSOR_FLAGS)((shape & 0x20) ? u8(r) % 3 : 0);
    t->buffer.DimensionCount = dims;
    t->buffer.Sizes = (shape & 0x30) == 0x30 && u8(r) == 0 ? NULL : t->sizes;
    t->buffer.Strides = strided ? t->strides : NULL;
    uint64_t needed = dmlp_calc_buffer_tensor_size(type, dims, t->sizes, t->buffer.Strides);
    uint8_t total = u8(r);
    switch (total >> 6) {
    case 0: t->buffer.TotalTensorSizeInBytes = needed; break;
    case 1: t->buffer.TotalTensorSizeInBytes = needed + (total & 63); break;
    case 2: t->buffer.TotalTensorSizeInBytes = needed - (total & 7); break; /* short */
    default: t->buffer.TotalTensorSizeInBytes = u64(r); break;
    }
    uint8_t align = u8(r);
    t->buffer.GuaranteedBaseOffsetAlignment = align < 0xF0 ? (1u << (align % 8)) >> 1 : align;
    t->desc.Type = (type_byte & 0xF0) == 0xE0 ? (DML_TENSOR_TYPE)(type_byte & 3)
                                              : DML_TENSOR_TYPE_BUFFER;
    t->desc.Desc = &t->buffer;
    return true;
}

static void free_tensor(tensor *t)
{
    free(t->sizes);
    free(t->strides);
}

/* ---- the arena ----------------------------------------------------------------------- */

/* Small arenas keep runs fast; the large one (rarely picked) fits tensors big enough for
   a 2-thread device to split. */
static const size_t arena_sizes[] = {64, 256, 1024, 4096, 16384};
#define LARGE_ARENA ((1u << 20) + 4096)

static size_t arena_size_for(uint8_t b)
{
    return (b & 0xF0) == 0xF0 ? LARGE_ARENA : arena_sizes[b % 5];
}

NO_COVERAGE static void fill_arena(reader *r, unsigned char *arena, size_t size)
{
    static const unsigned char specials[] = {0x00, 0x80, 0x7f, 0xff, 0x7c, 0xfc,
                                             0x3c, 0x01, 0x7e, 0xc0};
    uint64_t state = u64(r) | 1;
    uint8_t special_rate = u8(r) & 7;
    for (size_t i = 0; i < size; i++) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        unsigned char b = (unsigned char)state;
        if (((state >> 8) & 7) < special_rate)
            b = specials[(state >> 16) % sizeof specials];
        arena[i] = b;
    }
}

/* A binding over the arena: its range lies within the arena, or the binding is broken
   in a way execute must refuse (NULL, wrapping, too short). */
static void read_binding(reader *r, unsigned char *arena, size_t arena_size,
                         uint64_t total, dmlp_buffer_binding *b)
{
    uint8_t kind = u8(r);
    uint64_t offset = u32(r) % arena_size;
    b->buffer = arena;
    b->offset = offset;
    b->size_in_bytes = arena_size - offset;
    switch (kind >> 5) {
    case 0: /* the tensor right at offset, sized exactly when it fits */
        if (total <= arena_size - offset)
            b->size_in_bytes = total;
        break;
    case 1: /* a short size: refused unless it still holds the tensor */
        b->size_in_bytes = (arena_size - offset) / (1 + (kind & 7));
        break;
    case 2: /* aligned to kind's low bits */
        b->offset = offset & ~(uint64_t)((1u << (kind & 7)) - 1u);
        b->size_in_bytes = arena_size - b->offset;
        break;
    case 3: /* buffer + offset wraps the address space: refused */
        b->offset = UINT64_MAX - (kind & 15);
        b->size_in_bytes = total;
        break;
    case 4: /* NULL buffer: refused */
        b->buffer = NULL;
        break;
    case 5: /* buffer + offset + size wraps: refused */
        b->size_in_bytes = UINT64_MAX - (kind & 15);
        break;
    default:
        break;
    }
}

/* ---- the oracle ---------------------------------------------------------------------- */

static void packed_strides(const tensor *t, uint32_t *strides)
{
    uint64_t s = 1;
    for (uint32_t i = t->buffer.DimensionCount; i-- > 0;) {
        strides[i] = (uint32_t)s;
        s *= t->sizes[i];
    }
}

typedef struct check {
    DML_OPERATOR_TYPE op;
    DML_IS_INFINITY_MODE mode;
    uint32_t flags;
    bool has_scale_bias;
    DML_SCALE_BIAS scale_bias;
    const unsigned char *before;
    const unsigned char *after;
    unsigned char *touched; /* 1 for each output byte an element owns */
    size_t in_first, out_first;
    float params[DMLP__MAX_FLOATS]; /* the FLOAT members */
    uint64_t scalars[DMLP__MAX_SCALARS]; /* the DML_SCALAR_UNION members, as element bits */
} check;

static void fail(const char *what)
{
    fprintf(stderr, "fuzz_descriptor: %s\n", what);
    abort();
}

/* An operator along axes: every output element in its kind's range (numeric/
   softmax_row.h: Softmax in [0, 1], LogSoftmax at most 0, Hardmax 0 or 1; a NaN where a
   row has one). test_softmax checks the values themselves. */
NO_COVERAGE static void check_row_element(int kind, DML_TENSOR_DATA_TYPE type,
                                          const unsigned char *got)
{
    double y;
    if (type == DML_TENSOR_DATA_TYPE_FLOAT64) {
        memcpy(&y, got, 8);
    } else if (type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        float f;
        memcpy(&f, got, 4);
        y = f;
    } else {
        uint16_t h;
        memcpy(&h, got, 2);
        y = type == DML_TENSOR_DATA_TYPE_FLOAT16 ? dmlp__f16_to_f32(h) : dmlp__bf16_to_f32(h);
    }
    if (y != y)
        return;
    if (kind == DMLP__HARDMAX ? !(y == 0 || y == 1)
                              : kind == DMLP__SOFTMAX ? !(y >= 0 && y <= 1) : !(y <= 0))
        fail("an output element lies outside its operator's range");
}

/* Every output element is the reference kernel of its input element. */
NO_COVERAGE static void check_elements(const check *c, const tensor *in, const tensor *out)
{
    uint32_t dims = in->buffer.DimensionCount;
    uint32_t in_strides[8], out_strides[8];
    packed_strides(in, in_strides);
    packed_strides(out, out_strides);
    if (in->buffer.Strides)
        memcpy(in_strides, in->strides, dims * sizeof *in_strides);
    if (out->buffer.Strides)
        memcpy(out_strides, out->strides, dims * sizeof *out_strides);
    uint32_t isz = type_size(in->buffer.DataType), osz = type_size(out->buffer.DataType);
    /* A two-input operator gets the one input as A and as B (one of more inputs as each
       of them); a conversion's kernel is keyed by both types. */
    const dmlp__op_def *def = dmlp__op_find(c->op);
    int row_kind = 0;
    bool rows = dmlp__op_rows(def, &row_kind, NULL);
    bool two_inputs = dmlp__op_input_count(def) == 2;
    bool more_inputs = dmlp__op_input_count(def) > 2;
    dmlp__nary_kernel nary =
        dmlp__nary_reference_kernel(c->op, in->buffer.DataType, out->buffer.DataType);
    dmlp__unary_kernel reference =
        def && def->output_type == DMLP__OUTPUT_LISTED
            ? dmlp__convert_kernel(c->op, in->buffer.DataType, out->buffer.DataType).fn
            : dmlp__reference_kernel(c->op, in->buffer.DataType);
    dmlp__binary_kernel binary = dmlp__binary_reference_kernel(c->op, in->buffer.DataType);
    if (!rows && (more_inputs ? !nary : two_inputs ? !binary : !reference))
        fail("an operator was created for a type the reference kernel lacks");
    dmlp__kernel_args args = {.mode = c->mode,
                              .nan_propagate = (c->flags & DMLP_EXECUTION_FLAG_NAN_PROPAGATE) != 0,
                              .scale_bias = c->has_scale_bias,
                              .scale = c->scale_bias.Scale,
                              .bias = c->scale_bias.Bias,
                              .cast = c->flags & (DMLP_EXECUTION_FLAG_CAST_ONNX |
                                                  DMLP_EXECUTION_FLAG_CAST_NO_SATURATE |
                                                  DMLP_EXECUTION_FLAG_CAST_TO_BOOL),
                              .out_size = osz, /* the logical kernels' output width */
                              .rounding = (DML_ROUNDING_MODE)c->mode};
    memcpy(args.param, c->params, sizeof args.param);
    memcpy(args.scalar, c->scalars, sizeof args.scalar);
    uint64_t index[8] = {0};
    for (;;) {
        uint64_t io = 0, oo = 0;
        for (uint32_t d = 0; d < dims; d++) {
            io += index[d] * in_strides[d];
            oo += index[d] * out_strides[d];
        }
        _Alignas(8) unsigned char x[8], y[8];
        memcpy(x, c->before + c->in_first + io * isz, isz);
        const void *xs[DMLP__MAX_INPUTS] = {x, x, x, x, x, x, x, x};
        const unsigned char *got = c->after + c->out_first + oo * osz;
        if (rows) {
            check_row_element(row_kind, out->buffer.DataType, got);
        } else {
            if (more_inputs)
                nary(1, xs, y, 0, &args);
            else if (two_inputs)
                binary(1, x, x, y, 0, &args);
            else
                reference(1, x, y, &args);
            if (memcmp(got, y, osz) != 0)
                fail("an output element differs from the reference kernel");
        }
        memset(c->touched + c->out_first + oo * osz, 1, osz);
        uint32_t d = dims;
        while (d-- > 0) {
            if (++index[d] < in->sizes[d])
                break;
            index[d] = 0;
        }
        if (d == UINT32_MAX)
            return;
    }
}

/* Bytes that no output element owns keep their value. */
NO_COVERAGE static void check_untouched(const unsigned char *arena, const unsigned char *before,
                                        const unsigned char *touched, size_t size)
{
    for (size_t i = 0; i < size; i++)
        if (!touched[i] && arena[i] != before[i])
            fail("dmlp_operator_execute wrote a byte no output element owns");
}

/* A failure's message: one line in the pattern "OPERATOR: Tensor.Field is VALUE; RULE". */
static void check_message(const char *call)
{
    const char *m = dmlp_last_error();
    const char *is = strstr(m, " is "); /* after "OPERATOR: " when the operator is known */
    if (strchr(m, '\n') || !is || !strstr(is, "; ")) {
        fprintf(stderr, "fuzz_descriptor: %s failed with message \"%s\"\n", call, m);
        abort();
    }
}

/* ---- the target ---------------------------------------------------------------------- */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r = {data, size};
    bool owned = false;
    memset(&fuzz_descriptor_last, 0, sizeof fuzz_descriptor_last);
    dmlp_device *device = device_for(&r, &owned);
    if (!device)
        return 0;

    /* Every operator of the registry, or (0xFC and up) an invalid or arbitrary type. */
    uint8_t op_byte = u8(&r);
    DML_OPERATOR_TYPE op_type = dmlp__op_at(op_byte % dmlp__op_count())->type;
    if (op_byte >= 0xFC)
        op_type = (DML_OPERATOR_TYPE)(op_byte == 0xFF ? u32(&r) : 0);
    const dmlp__op_def *def = dmlp__op_find(op_type);
    fuzz_descriptor_last.op = op_type;
    DML_IS_INFINITY_MODE mode = (DML_IS_INFINITY_MODE)(u8(&r) % 4);
    uint8_t flag_byte = u8(&r);
    uint32_t flags = flag_byte & 7;
    if (flag_byte & 0x08)
        flags |= DMLP_EXECUTION_FLAG_NAN_PROPAGATE;
    if (flag_byte & 0x10)
        flags |= DMLP_EXECUTION_FLAG_CAST_ONNX;
    if (flag_byte & 0x20)
        flags |= DMLP_EXECUTION_FLAG_CAST_NO_SATURATE;
    if (flag_byte & 0x40)
        flags |= DMLP_EXECUTION_FLAG_CAST_TO_BOOL;
    if (flag_byte == 0xFF)
        flags = u32(&r);

    tensor in, out;
    memset(&out, 0, sizeof out);
    bool ok = read_tensor(&r, &in, NULL);
    uint8_t pair = u8(&r);
    if (ok) {
        if (pair & 1) { /* output desc built from the input's with another type */
            ok = read_tensor(&r, &out, &in);
        } else {
            ok = read_tensor(&r, &out, &in);
            if (ok && def && (pair & 2)) /* the type the registry's output rule wants */
                out.buffer.DataType = def->output_type != DML_TENSOR_DATA_TYPE_UNKNOWN &&
                                              def->output_type != DMLP__OUTPUT_LISTED
                                          ? def->output_type
                                          : in.buffer.DataType;
            if (ok && (pair & 4)) { /* recompute the size for the type just set */
                out.buffer.TotalTensorSizeInBytes = dmlp_calc_buffer_tensor_size(
                    out.buffer.DataType, out.buffer.DimensionCount, out.sizes,
                    out.buffer.Strides);
            }
        }
    }
    if (!ok) {
        free_tensor(&in);
        free_tensor(&out);
        if (owned)
            dmlp_device_destroy(device);
        return 0;
    }

    /* The operator's own struct, exactly its size (so a read past it is caught), members
       where the registry says they are; any other type gets the largest struct. */
    size_t desc_size = def ? def->desc_size : DMLP__MAX_DESC_BYTES;
    unsigned char *op_desc = calloc(1, desc_size);
    if (!op_desc)
        abort();
    /* A ScaleBias where the operator has one: none, or two floats from the next bytes
       (also poisoned and freed before execute). */
    DML_SCALE_BIAS *scale_bias = calloc(1, sizeof *scale_bias);
    if (!scale_bias)
        abort();
    bool with_scale_bias = def && dmlp__op_field(def, DMLP__FIELD_SCALE_BIAS) && (pair & 0x80);
    if (with_scale_bias) {
        uint32_t scale_bits = u32(&r), bias_bits = u32(&r);
        memcpy(&scale_bias->Scale, &scale_bits, sizeof scale_bits);
        memcpy(&scale_bias->Bias, &bias_bits, sizeof bias_bits);
    }
    DML_SCALE_BIAS kept_scale_bias = *scale_bias;
    float params[DMLP__MAX_FLOATS] = {0}; /* the FLOAT members, kept for the oracle */
    uint64_t scalars[DMLP__MAX_SCALARS] = {0}; /* the scalar members, likewise */
    /* MinMaxDataType: mostly the output's type, sometimes any value */
    DML_TENSOR_DATA_TYPE scalar_type =
        (pair & 8) && u8(&r) < 16 ? (DML_TENSOR_DATA_TYPE)u8(&r) : out.buffer.DataType;
    const DML_SCALE_BIAS *scale_bias_ptr = with_scale_bias ? scale_bias : NULL;
    const DML_TENSOR_DESC *in_tensor = (pair & 0x10) && u8(&r) == 0 ? NULL : &in.desc;
    const DML_TENSOR_DESC *out_tensor = (pair & 0x20) && u8(&r) == 0 ? NULL : &out.desc;
    uint32_t axes[8] = {0}; /* what an Axes member points to */
    for (uint32_t i = 0; def && i < def->field_count; i++) {
        const dmlp__field *f = &def->fields[i];
        switch (f->kind) {
        case DMLP__FIELD_INPUT:
            memcpy(op_desc + f->offset, &in_tensor, sizeof in_tensor);
            break;
        case DMLP__FIELD_OUTPUT:
            memcpy(op_desc + f->offset, &out_tensor, sizeof out_tensor);
            break;
        case DMLP__FIELD_INFINITY_MODE:
        case DMLP__FIELD_ROUNDING_MODE: /* the same byte: 0 to 2 run, the rest refused */
            memcpy(op_desc + f->offset, &mode, sizeof mode);
            break;
        case DMLP__FIELD_SCALE_BIAS:
            memcpy(op_desc + f->offset, &scale_bias_ptr, sizeof scale_bias_ptr);
            break;
        case DMLP__FIELD_FUSED_ACTIVATION: {
            const DML_OPERATOR_DESC *none = NULL; /* the reference check has no activation */
            memcpy(op_desc + f->offset, &none, sizeof none);
            break;
        }
        case DMLP__FIELD_FLOAT: { /* any bits: NaNs, infinities, subnormals */
            uint32_t bits = u32(&r), index = dmlp__op_float_index(def, f);
            float value;
            memcpy(&value, &bits, sizeof value);
            memcpy(op_desc + f->offset, &value, sizeof value);
            if (index < DMLP__MAX_FLOATS)
                params[index] = value;
            break;
        }
        case DMLP__FIELD_SCALAR_TYPE:
            memcpy(op_desc + f->offset, &scalar_type, sizeof scalar_type);
            break;
        case DMLP__FIELD_AXIS_COUNT: { /* mostly 1 to 3; sometimes 0 or past 8 */
            uint32_t count = u8(&r) & 15;
            memcpy(op_desc + f->offset, &count, sizeof count);
            break;
        }
        case DMLP__FIELD_AXES: { /* mostly in range; sometimes repeated, past, or NULL */
            for (uint32_t k = 0; k < 8; k++)
                axes[k] = u8(&r) & 15;
            const uint32_t *pointer = u8(&r) == 0 ? NULL : axes;
            memcpy(op_desc + f->offset, &pointer, sizeof pointer);
            break;
        }
        case DMLP__FIELD_SCALAR: { /* any bits of the union */
            DML_SCALAR_UNION value;
            uint64_t bits = ((uint64_t)u32(&r) << 32) | u32(&r);
            uint32_t index = dmlp__op_scalar_index(def, f);
            memcpy(&value, &bits, sizeof value);
            memcpy(op_desc + f->offset, &value, sizeof value);
            if (index < DMLP__MAX_SCALARS)
                scalars[index] = dmlp__scalar_load(scalar_type, &value);
            break;
        }
        }
    }
    DML_OPERATOR_DESC desc = {op_type, (pair & 0x40) && u8(&r) == 0 ? NULL : op_desc};

    dmlp_operator *const sentinel = (dmlp_operator *)&desc;
    dmlp_operator *op = sentinel;
    dmlp_status status = dmlp_operator_create(device, &desc, flags, &op);
    fuzz_descriptor_last.created = status == DMLP_OK;
    if (status != DMLP_OK) {
        if (op != sentinel)
            fail("a failed dmlp_operator_create wrote *op");
        check_message("dmlp_operator_create");
    } else if (op == sentinel || op == NULL) {
        fail("dmlp_operator_create succeeded without an operator");
    }

    /* Keep what execute needs, then poison and free the descriptor. */
    tensor kept_in = in, kept_out = out;
    uint32_t in_sizes[8] = {0}, in_strides[8] = {0}, out_sizes[8] = {0}, out_strides[8] = {0};
    uint64_t in_total = in.buffer.TotalTensorSizeInBytes;
    uint64_t out_total = out.buffer.TotalTensorSizeInBytes;
    if (status == DMLP_OK) {
        uint32_t dims = in.buffer.DimensionCount; /* validated: 1..8, both tensors */
        memcpy(in_sizes, in.sizes, dims * sizeof *in_sizes);
        memcpy(in_strides, in.strides, dims * sizeof *in_strides);
        memcpy(out_sizes, out.sizes, dims * sizeof *out_sizes);
        memcpy(out_strides, out.strides, dims * sizeof *out_strides);
        kept_in.sizes = in_sizes;
        kept_in.strides = in_strides;
        kept_out.sizes = out_sizes;
        kept_out.strides = out_strides;
        memset(in.sizes, 0xA5, dims * sizeof *in.sizes);
        memset(out.sizes, 0x5A, dims * sizeof *out.sizes);
        memset(&in.buffer, 0xEE, sizeof in.buffer);
        memset(&out.buffer, 0xEE, sizeof out.buffer);
        memset(op_desc, 0xEE, desc_size);
        memset(scale_bias, 0xEE, sizeof *scale_bias);
        memset(axes, 0xEE, sizeof axes);
    }
    free(op_desc);
    free(scale_bias);
    free_tensor(&in);
    free_tensor(&out);

    /* Bindings over the arena, and the execute. */
    size_t arena_size = arena_size_for(u8(&r));
    unsigned char *arena = malloc(arena_size);
    unsigned char *before = malloc(arena_size);
    unsigned char *touched = calloc(1, arena_size);
    if (!arena || !before || !touched)
        abort();
    fill_arena(&r, arena, arena_size);
    memcpy(before, arena, arena_size);
    dmlp_buffer_binding bindings[2];
    read_binding(&r, arena, arena_size, in_total, &bindings[0]);
    uint8_t in_place = u8(&r);
    if (in_place & 1)
        bindings[1] = bindings[0];
    else
        read_binding(&r, arena, arena_size, out_total, &bindings[1]);
    uint32_t input_count = def ? dmlp__op_input_count(def) : 1, output_count = 1;
    dmlp_buffer_binding input_bindings[DMLP__MAX_INPUTS];
    for (uint32_t i = 0; i < DMLP__MAX_INPUTS; i++)
        input_bindings[i] = bindings[0]; /* every input on the one tensor */
    const dmlp_buffer_binding *inputs = input_bindings, *outputs = &bindings[1];
    uint8_t counts = u8(&r);
    if (counts == 0xF0)
        input_count = 0;
    if (counts == 0xF1)
        output_count = 2;
    if (counts == 0xF2)
        inputs = NULL;
    if (counts == 0xF3)
        outputs = NULL;

    bool trace = getenv("FUZZ_DESCRIPTOR_TRACE") != NULL; /* for curating seeds */
    if (trace)
        fprintf(stderr, "create: %s %s\n", dmlp_status_string(status),
                status == DMLP_OK ? "" : dmlp_last_error());
    if (status == DMLP_OK) {
        /* A binding that is not refused must lie in the arena: only then can the check
           below tell a stray write. Bindings that may leave it are never made. */
        status = dmlp_operator_execute(op, input_count, inputs, output_count, outputs);
        if (trace)
            fprintf(stderr, "execute: %s %s\n", dmlp_status_string(status),
                    status == DMLP_OK ? "" : dmlp_last_error());
        if (status != DMLP_OK) {
            if (memcmp(arena, before, arena_size) != 0)
                fail("a failed dmlp_operator_execute wrote to the arena");
            check_message("dmlp_operator_execute");
        } else {
            check c = {op_type,
                       mode,
                       flags,
                       scale_bias_ptr != NULL,
                       kept_scale_bias,
                       before,
                       arena,
                       touched,
                       (size_t)bindings[0].offset,
                       (size_t)bindings[1].offset,
                       {0},
                       {0}};
            memcpy(c.params, params, sizeof c.params);
            memcpy(c.scalars, scalars, sizeof c.scalars);
            if (bindings[0].offset > arena_size || bindings[1].offset > arena_size ||
                in_total > arena_size - bindings[0].offset ||
                out_total > arena_size - bindings[1].offset)
                fail("dmlp_operator_execute accepted a binding that does not hold its tensor");
            check_elements(&c, &kept_in, &kept_out);
            check_untouched(arena, before, touched, arena_size);
            fuzz_descriptor_last.executed = true;
        }
        dmlp_operator_destroy(op);
    }
    free(arena);
    free(before);
    free(touched);
    if (owned)
        dmlp_device_destroy(device);
    return 0;
}
