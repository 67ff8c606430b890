/* Execution plans: axis simplification at create time, the strided walk at execute time. */
#include "core/plan.h"


#include <string.h>

#include "core/axes.h"
#include "core/error.h"
#include "core/parallel.h"
#include "core/registry.h"
#include "core/tune.h"
#include "core/types.h"
#include "platform/cpu.h"
#include "platform/fp_env.h"

/* The stack tile that gathers strided input and collects output to scatter. */
#define TILE_BYTES 4096u
/* Threads, chunks and the tuned chunk size: core/parallel.h. Chunks are multiples of 64
   elements (of whole row blocks for a transposed input). Whether stores stream
   (non-temporal) and how the input is prefetched are measured choices too; outputs below
   DMLP__STREAM_FLOOR_BYTES never stream, so no measurement is needed for them. */
/* Rows shorter than this go many to a kernel call (through the tiles). */
#define SHORT_ROW 256u
/* Rows walked together when the input is transposed, and the most elements such a block
   may have (so that chunks of whole blocks still split a tensor over threads). */
#define ROW_BLOCK 16u
#define ROW_BLOCK_TILE_BYTES (16u << 10)
#define ROW_BLOCK_MAX_ELEMENTS (1u << 20)

/* The walk's axes (core/axes.h): in bytes, largest output stride outermost, merged
   wherever an axis continues the one inside it in both tensors (at least one). */
static void simplify_axes(const dmlp__tensor *in, const dmlp__tensor *out, dmlp__plan *plan)
{
    const dmlp__tensor *const tensors[2] = {in, out};
    const uint64_t bytes[2] = {plan->in_size, plan->out_size};
    uint64_t strides[2][DMLP__MAX_DIMS];
    plan->dim_count = dmlp__axes_simplify(tensors, 2, bytes, plan->sizes, strides);
    for (uint32_t d = 0; d < plan->dim_count; d++) {
        plan->in_strides[d] = strides[0][d];
        plan->out_strides[d] = strides[1][d];
    }
}

/* Transposed input: the inner axis strides through the input while an outer axis is
   contiguous in it. Moves that axis next to the inner one and sets row_block, so that
   execution reads the input a cache line at a time (run_row_block). */
static void place_transposed_axis(dmlp__plan *plan)
{
    uint32_t inner = plan->dim_count - 1;
    if (plan->dim_count < 2 || plan->in_strides[inner] == plan->in_size ||
        plan->in_strides[inner] == 0 || plan->sizes[inner] < SHORT_ROW)
        return;
    for (uint32_t d = 0; d + 1 < inner; d++) {
        if (plan->in_strides[d] != plan->in_size)
            continue;
        uint64_t size = plan->sizes[d], is = plan->in_strides[d], os = plan->out_strides[d];
        for (uint32_t e = d; e + 1 < inner; e++) {
            plan->sizes[e] = plan->sizes[e + 1];
            plan->in_strides[e] = plan->in_strides[e + 1];
            plan->out_strides[e] = plan->out_strides[e + 1];
        }
        plan->sizes[inner - 1] = size;
        plan->in_strides[inner - 1] = is;
        plan->out_strides[inner - 1] = os;
        break;
    }
    plan->row_block = plan->in_strides[inner - 1] == plan->in_size &&
                      plan->sizes[inner - 1] >= ROW_BLOCK &&
                      plan->sizes[inner] * ROW_BLOCK <= ROW_BLOCK_MAX_ELEMENTS;
}

/* Whether each tensor is packed over the whole walk (element i at byte i * size). */
static void find_linear(dmlp__plan *plan)
{
    uint64_t in_packed = plan->in_size, out_packed = plan->out_size;
    plan->in_linear = plan->out_linear = true;
    for (uint32_t d = plan->dim_count; d-- > 0;) {
        plan->in_linear = plan->in_linear && plan->in_strides[d] == in_packed;
        plan->out_linear = plan->out_linear && plan->out_strides[d] == out_packed;
        in_packed *= plan->sizes[d];
        out_packed *= plan->sizes[d];
    }
    plan->out_packed = plan->dim_count == 1 && plan->out_linear;
}

/* Streaming stores, chunk size and how many threads the tensor is worth. */
static void choose_split(dmlp__plan *plan)
{
    uint64_t per_element = plan->in_size + plan->out_size;
    /* Streaming stores end with a fence. One run (one kernel call per chunk) lets the
       kernel fence; a walk of many rows calls the kernel per row, so its kernels skip
       the fence and each chunk fences once at its end (dmlp__parallel_for). */
    uint64_t out_bytes = plan->element_count * plan->out_size;
    uint64_t footprint = plan->element_count * per_element;
    bool large = out_bytes >= DMLP__STREAM_FLOOR_BYTES;
    bool stream = false;
    if (large) {
        const dmlp__streaming_tune *tune = dmlp__tune_streaming();
        /* stream_from was measured on a same-size operator, whose footprint (bytes read
           and written) is twice its output; a narrowing one (IsInfinity f64 reads 8
           bytes per byte written) is judged by its footprint too: 8 MiB of output from
           64 MiB of input is far beyond the cache, and without the streaming path (and
           its prefetch) it ran at half speed. */
        stream = tune->stream_from != DMLP__STREAM_NEVER && footprint / 2 > tune->stream_from &&
                 !plan->row_block;
        bool narrow = plan->out_size < plan->in_size;
        plan->args.prefetch = narrow ? tune->narrow_prefetch : tune->prefetch;
        plan->args.prefetch_distance = narrow ? tune->narrow_distance : tune->prefetch_distance;
    }
    plan->args.streaming = !stream                ? 0
                           : plan->dim_count == 1 ? 1
                                                  : DMLP__STREAM_NO_FENCE;
    plan->chunk_elements =
        dmlp__parallel_line_chunk(dmlp__parallel_chunk_bytes(footprint, large), per_element);
    if (plan->row_block) /* chunks of whole row blocks */
        plan->chunk_elements = dmlp__parallel_round_up(plan->chunk_elements,
                                                       plan->sizes[plan->dim_count - 1] * ROW_BLOCK);
    plan->max_threads = dmlp__parallel_threads(footprint);
}

uint32_t dmlp__plan_softsign_recip(DML_TENSOR_DATA_TYPE type, dmlp__isa isa)
{
    uint32_t bit = type == DML_TENSOR_DATA_TYPE_FLOAT32    ? DMLP__TUNE_F32
                   : type == DML_TENSOR_DATA_TYPE_FLOAT16  ? DMLP__TUNE_F16
                   : type == DMLP_TENSOR_DATA_TYPE_BFLOAT16 ? DMLP__TUNE_BF16
                                                           : 0;
    if (!bit || !dmlp__softsign_has_recip(isa))
        return 0;
    return (dmlp__tune_softsign_recip(isa) & bit) != 0;
}

uint32_t dmlp__plan_table16_gather(DML_TENSOR_DATA_TYPE type, dmlp__isa isa)
{
    int sixteen = type == DML_TENSOR_DATA_TYPE_FLOAT16 || type == DMLP_TENSOR_DATA_TYPE_BFLOAT16;
    return sixteen && (dmlp__tune_forms(isa) & DMLP__TUNE_TABLE16_GATHER) != 0;
}

uint32_t dmlp__plan_clamp_keys(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type, dmlp__isa isa)
{
    int clip = op == DML_OPERATOR_ELEMENT_WISE_CLIP || op == DML_OPERATOR_ELEMENT_WISE_CLIP1;
    if (!clip && op != DML_OPERATOR_ELEMENT_WISE_THRESHOLD)
        return 0;
    uint32_t bit = type == DML_TENSOR_DATA_TYPE_FLOAT16 || type == DMLP_TENSOR_DATA_TYPE_BFLOAT16
                       ? DMLP__TUNE_CLIP_16
                   : type == DML_TENSOR_DATA_TYPE_FLOAT32 ? DMLP__TUNE_CLIP_32
                   : type == DML_TENSOR_DATA_TYPE_FLOAT64 ? DMLP__TUNE_CLIP_64
                                                          : 0;
    _Static_assert(DMLP__TUNE_THRESHOLD == DMLP__TUNE_CLIP << 3, "Threshold's bits");
    if (!clip)
        bit <<= 3;
    return bit && (dmlp__tune_forms(isa) & bit) != 0;
}

dmlp_status dmlp__plan_build(const dmlp__op_info *info, const char *op_name,
                             dmlp__plan *plan)
{
    memset(plan, 0, sizeof *plan);
    const dmlp__tensor *in = &info->input;
    const dmlp__tensor *out = &info->output;
    plan->in_size = dmlp__type_size(in->type);
    plan->out_size = dmlp__type_size(out->type);
    if (plan->in_size == 0 || plan->out_size == 0 || in->dim_count != out->dim_count ||
        in->dim_count == 0 || in->dim_count > DMLP__MAX_DIMS)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "%s: the validated tensors cannot be planned", op_name);

    const dmlp__op_def *def = dmlp__op_find(info->type);
    dmlp__kernel_choice choice =
        def && def->output_type == DMLP__OUTPUT_LISTED
            ? dmlp__convert_kernel(info->type, in->type, out->type)
            : dmlp__kernel_select(info->type, in->type, dmlp__isa_detect());
    if (!choice.fn)
        return dmlp__error(DMLP_ERROR_UNSUPPORTED,
                           "%s: InputTensor.DataType is %s; no kernel computes it", op_name,
                           dmlp__type_name(in->type));
    plan->kernel = choice.fn;
    plan->isa = choice.isa;
    plan->kernel_name = choice.name;
    plan->args.mode = info->mode;
    plan->args.rounding = info->rounding;
    plan->args.nan_propagate = (info->execution_flags & DMLP_EXECUTION_FLAG_NAN_PROPAGATE) != 0;
    plan->args.scale_bias = info->has_scale_bias;
    plan->args.scale = info->scale_bias.Scale;
    plan->args.bias = info->scale_bias.Bias;
    _Static_assert(sizeof plan->args.param == sizeof info->floats, "every FLOAT member");
    memcpy(plan->args.param, info->floats, sizeof plan->args.param);
    _Static_assert(sizeof plan->args.scalar == sizeof info->scalars, "every scalar member");
    memcpy(plan->args.scalar, info->scalars, sizeof plan->args.scalar);
    plan->args.cast = info->execution_flags & (DMLP_EXECUTION_FLAG_CAST_ONNX |
                                               DMLP_EXECUTION_FLAG_CAST_NO_SATURATE |
                                               DMLP_EXECUTION_FLAG_CAST_TO_BOOL);
    if (info->type == DML_OPERATOR_ACTIVATION_SOFTSIGN)
        plan->args.recip = dmlp__plan_softsign_recip(in->type, choice.isa);
    plan->args.unroll = dmlp__tune_unroll(choice.isa);
    plan->args.clamp_keys = dmlp__plan_clamp_keys(info->type, in->type, choice.isa);
    plan->args.table16_gather = dmlp__plan_table16_gather(in->type, choice.isa);
    plan->args.out_size = plan->out_size; /* IsNaN: a UINT8 or UINT32 output */

    plan->element_count = 1;
    for (uint32_t d = 0; d < in->dim_count; d++)
        plan->element_count *= in->sizes[d];
    simplify_axes(in, out, plan);
    place_transposed_axis(plan);
    find_linear(plan);
    choose_split(plan);
    return DMLP_OK;
}

/* ---- execution ----------------------------------------------------------------------- */

typedef struct run_context {
    const dmlp__plan *plan;
    const unsigned char *in;
    unsigned char *out;
    bool unaligned;  /* a tensor starts off its element alignment: go through the tile */
} run_context;

/* Copies rows x n elements between two strided 2-D blocks (byte strides), element by
   element with a constant size (one load and store each, any alignment) or, for
   contiguous rows, row by row. */
static void copy_block(unsigned char *dst, uint64_t dst_stride, uint64_t dst_row,
                       const unsigned char *src, uint64_t src_stride, uint64_t src_row,
                       uint32_t size, uint64_t n, uint64_t rows)
{
    if (dst_stride == size && src_stride == size && n * size >= 64) {
        for (uint64_t r = 0; r < rows; r++)
            memcpy(dst + r * dst_row, src + r * src_row, n * size);
        return;
    }
#define COPY_BLOCK(SIZE)                                                                    \
    for (uint64_t r = 0; r < rows; r++) {                                                   \
        unsigned char *d = dst + r * dst_row;                                               \
        const unsigned char *s = src + r * src_row;                                         \
        for (uint64_t i = 0; i < n; i++)                                                    \
            memcpy(d + i * dst_stride, s + i * src_stride, SIZE);                           \
    }
    switch (size) {
    case 1: COPY_BLOCK(1) break;
    case 2: COPY_BLOCK(2) break;
    case 4: COPY_BLOCK(4) break;
    default: COPY_BLOCK(8) break;
    }
#undef COPY_BLOCK
}

/* Writes one value to n elements of dst. */
static void replicate(unsigned char *dst, uint64_t stride, const unsigned char *value,
                      uint32_t size, uint64_t n)
{
    if (stride != size) {
        for (uint64_t i = 0; i < n; i++)
            memcpy(dst + i * stride, value, size);
        return;
    }
    if (size == 1) {
        memset(dst, value[0], n);
        return;
    }
    _Alignas(64) unsigned char pattern[256];
    for (uint32_t i = 0; i < sizeof pattern; i += size)
        memcpy(pattern + i, value, size);
    uint64_t bytes = n * size;
    for (; bytes >= sizeof pattern; bytes -= sizeof pattern, dst += sizeof pattern)
        memcpy(dst, pattern, sizeof pattern);
    memcpy(dst, pattern, bytes);
}

/* n elements along the inner axis, from in and out (their first elements). */
static void run_row(const run_context *c, const unsigned char *in, unsigned char *out,
                    uint64_t n)
{
    const dmlp__plan *p = c->plan;
    uint32_t inner = p->dim_count - 1;
    uint64_t is = p->in_strides[inner];
    uint64_t os = p->out_strides[inner];
    uint32_t isz = p->in_size;
    uint32_t osz = p->out_size;
    bool in_direct = !c->unaligned && is == isz;
    bool out_direct = !c->unaligned && os == osz;

    if (in_direct && out_direct) {
        p->kernel((size_t)n, in, out, &p->args);
        return;
    }
    dmlp__kernel_args tile_args = p->args;
    tile_args.streaming = 0; /* never stream into the tile */

    if (is == 0 && n > 1) { /* broadcast: one value for the whole row */
        _Alignas(8) unsigned char x[8] = {0};
        _Alignas(8) unsigned char y[8] = {0};
        memcpy(x, in, isz);
        p->kernel(1, x, y, &tile_args);
        replicate(out, os, y, osz, n);
        return;
    }

    _Alignas(64) unsigned char tile_in[TILE_BYTES];
    _Alignas(64) unsigned char tile_out[TILE_BYTES];
    uint64_t step = TILE_BYTES / (isz > osz ? isz : osz);
    for (uint64_t done = 0; done < n;) {
        uint64_t k = n - done < step ? n - done : step;
        const unsigned char *src = in + done * is;
        if (!in_direct) {
            copy_block(tile_in, isz, 0, src, is, 0, isz, k, 1);
            src = tile_in;
        }
        if (out_direct) {
            p->kernel((size_t)k, src, out + done * os, &p->args);
        } else {
            p->kernel((size_t)k, src, tile_out, &tile_args);
            copy_block(out + done * os, os, 0, tile_out, osz, 0, osz, k, 1);
        }
        done += k;
    }
}

/* A position in the plan's row-major order: outer coordinates, column, byte offsets. */
typedef struct cursor {
    uint64_t coord[DMLP__MAX_DIMS];
    uint64_t col;
    uint64_t in_off;  /* of the row's first element */
    uint64_t out_off;
} cursor;

static void cursor_seek(const dmlp__plan *p, cursor *at, uint64_t index)
{
    int inner = (int)p->dim_count - 1;
    uint64_t row = index / p->sizes[inner];
    at->col = index % p->sizes[inner];
    at->in_off = 0;
    at->out_off = 0;
    for (int d = inner - 1; d >= 0; d--) {
        at->coord[d] = row % p->sizes[d];
        row /= p->sizes[d];
        at->in_off += at->coord[d] * p->in_strides[d];
        at->out_off += at->coord[d] * p->out_strides[d];
    }
}

/* To the start of the next row: an odometer step over the outer axes. */
static void cursor_next_row(const dmlp__plan *p, cursor *at)
{
    at->col = 0;
    for (int d = (int)p->dim_count - 2; d >= 0; d--) {
        at->in_off += p->in_strides[d];
        at->out_off += p->out_strides[d];
        if (++at->coord[d] < p->sizes[d])
            return;
        at->in_off -= p->sizes[d] * p->in_strides[d];
        at->out_off -= p->sizes[d] * p->out_strides[d];
        at->coord[d] = 0;
    }
}

/* Walks k elements from the cursor (moving it), in pieces: a part of a row, or whole rows
   along the second-innermost axis. For each piece, copies input into tile_in (when
   gathering) or tile_out into the output (when scattering). */
static void walk(const run_context *c, cursor *at, uint64_t k, unsigned char *tile_in,
                 const unsigned char *tile_out)
{
    const dmlp__plan *p = c->plan;
    uint32_t inner = p->dim_count - 1;
    uint64_t n = p->sizes[inner];
    uint64_t is = p->in_strides[inner], os = p->out_strides[inner];
    uint64_t irow = p->in_strides[inner - 1], orow = p->out_strides[inner - 1];
    uint32_t isz = p->in_size, osz = p->out_size;
    for (uint64_t done = 0; done < k;) {
        uint64_t m, rows;
        if (at->col != 0 || k - done < n) {
            m = n - at->col < k - done ? n - at->col : k - done;
            rows = 1;
        } else {
            m = n;
            rows = (k - done) / n;
            uint64_t left = p->sizes[inner - 1] - at->coord[inner - 1];
            rows = rows < left ? rows : left;
        }
        const unsigned char *in = c->in + at->in_off + at->col * is;
        unsigned char *out = c->out + at->out_off + at->col * os;
        if (tile_in)
            copy_block(tile_in + done * isz, isz, n * isz, in, is, irow, isz, m, rows);
        if (tile_out)
            copy_block(out, os, orow, tile_out + done * osz, osz, n * osz, osz, m, rows);
        done += m * rows;
        if (at->col + m < n) {
            at->col += m;
        } else {
            at->coord[inner - 1] += rows - 1;
            at->in_off += (rows - 1) * irow;
            at->out_off += (rows - 1) * orow;
            cursor_next_row(p, at);
        }
    }
}

/* Short rows: many rows per kernel call. Input rows are gathered into one tile (or read
   in place when the whole input is packed), output rows scattered from another (or
   written in place when the whole output is packed). */
static void run_short_rows(const run_context *c, uint64_t begin, uint64_t end)
{
    const dmlp__plan *p = c->plan;
    uint32_t isz = p->in_size;
    uint32_t osz = p->out_size;
    bool in_direct = !c->unaligned && p->in_linear;
    bool out_direct = !c->unaligned && p->out_linear;
    dmlp__kernel_args tile_args = p->args;
    tile_args.streaming = 0;
    _Alignas(64) unsigned char tile_in[TILE_BYTES];
    _Alignas(64) unsigned char tile_out[TILE_BYTES];
    uint64_t step = TILE_BYTES / (isz > osz ? isz : osz);

    cursor at;
    cursor_seek(p, &at, begin);
    while (begin < end) {
        uint64_t k = end - begin < step ? end - begin : step;
        const unsigned char *src = c->in + begin * isz;
        cursor after = at;
        if (!in_direct) {
            walk(c, &after, k, tile_in, NULL);
            src = tile_in;
        }
        if (out_direct) {
            p->kernel((size_t)k, src, c->out + begin * osz, &p->args);
            if (in_direct)
                walk(c, &after, k, NULL, NULL);
        } else {
            p->kernel((size_t)k, src, tile_out, &tile_args);
            after = at;
            walk(c, &after, k, NULL, tile_out);
        }
        at = after;
        begin += k;
    }
}

/* ROW_BLOCK whole rows from the cursor's row, whose input rows start isz bytes apart:
   each column of the block is one contiguous read, gathered into a tile of ROW_BLOCK
   rows, then each row's piece goes through the kernel. */
static void run_row_block(const run_context *c, const cursor *at)
{
    const dmlp__plan *p = c->plan;
    uint32_t inner = p->dim_count - 1;
    uint64_t n = p->sizes[inner];
    uint64_t is = p->in_strides[inner], os = p->out_strides[inner];
    uint64_t orow = p->out_strides[inner - 1];
    uint32_t isz = p->in_size, osz = p->out_size;
    bool out_direct = !c->unaligned && os == osz;
    dmlp__kernel_args tile_args = p->args;
    tile_args.streaming = 0;
    _Alignas(64) unsigned char tile_in[ROW_BLOCK_TILE_BYTES];
    _Alignas(64) unsigned char tile_out[ROW_BLOCK_TILE_BYTES / ROW_BLOCK];
    uint64_t width = ROW_BLOCK_TILE_BYTES / ROW_BLOCK / (isz > osz ? isz : osz);
    const unsigned char *in = c->in + at->in_off;
    unsigned char *out = c->out + at->out_off;
    for (uint64_t j0 = 0; j0 < n; j0 += width) {
        uint64_t w = n - j0 < width ? n - j0 : width;
        /* Column j of the block: ROW_BLOCK contiguous input elements. */
        copy_block(tile_in, w * isz, isz, in + j0 * is, isz, is, isz, ROW_BLOCK, w);
        for (uint32_t r = 0; r < ROW_BLOCK; r++) {
            const unsigned char *src = tile_in + (uint64_t)r * w * isz;
            unsigned char *dst = out + r * orow + j0 * os;
            if (out_direct) {
                p->kernel((size_t)w, src, dst, &p->args);
            } else {
                p->kernel((size_t)w, src, tile_out, &tile_args);
                copy_block(dst, os, 0, tile_out, osz, 0, osz, w, 1);
            }
        }
    }
}

/* Elements [begin, end) in the plan's row-major order. */
static void run_range(const run_context *c, uint64_t begin, uint64_t end)
{
    const dmlp__plan *p = c->plan;
    uint32_t inner = p->dim_count - 1;
    uint64_t n = p->sizes[inner];
    uint64_t is = p->in_strides[inner];
    uint64_t os = p->out_strides[inner];
    if (inner == 0) {
        run_row(c, c->in + begin * is, c->out + begin * os, end - begin);
        return;
    }
    if (n < SHORT_ROW) {
        run_short_rows(c, begin, end);
        return;
    }
    bool direct = !c->unaligned && is == p->in_size && os == p->out_size;
    cursor at;
    cursor_seek(p, &at, begin);
    while (begin < end) {
        if (p->row_block && at.col == 0 && end - begin >= n * ROW_BLOCK &&
            at.coord[inner - 1] + ROW_BLOCK <= p->sizes[inner - 1]) {
            run_row_block(c, &at);
            begin += n * ROW_BLOCK;
            at.coord[inner - 1] += ROW_BLOCK - 1;
            at.in_off += (ROW_BLOCK - 1) * p->in_strides[inner - 1];
            at.out_off += (ROW_BLOCK - 1) * p->out_strides[inner - 1];
            if (begin < end)
                cursor_next_row(p, &at);
            continue;
        }
        uint64_t k = n - at.col < end - begin ? n - at.col : end - begin;
        const unsigned char *in = c->in + at.in_off + at.col * is;
        unsigned char *out = c->out + at.out_off + at.col * os;
        if (direct) /* the common padded or broadcast-row case, without detours */
            p->kernel((size_t)k, in, out, &p->args);
        else
            run_row(c, in, out, k);
        begin += k;
        if (begin < end)
            cursor_next_row(p, &at);
    }
}

static void run_chunk(void *context, uint64_t begin, uint64_t end)
{
    run_range(context, begin, end);
}

static void run_plan(const dmlp__plan *plan, dmlp__threadpool *pool, const void *in,
                     void *out)
{
    run_context c;
    c.plan = plan;
    c.in = in;
    c.out = out;
    c.unaligned = ((uintptr_t)in % plan->in_size) != 0 || ((uintptr_t)out % plan->out_size) != 0;
    /* The kernels leave out the fence of a walk of many rows (DMLP__STREAM_NO_FENCE):
       each range fences once at its end. */
    dmlp__parallel_job job = {run_chunk, &c, plan->element_count, plan->chunk_elements, 0,
                              plan->max_threads, plan->args.streaming == DMLP__STREAM_NO_FENCE};
    if (plan->out_packed) {
        uintptr_t line_offset = (uintptr_t)out & 63u;
        if (line_offset % plan->out_size == 0)
            job.skew = line_offset / plan->out_size; /* chunk k starts at k * chunk - skew */
    }
    dmlp__parallel_for(pool, &job);
}

void dmlp__plan_run(const dmlp__plan *plan, dmlp__threadpool *pool, const void *in,
                    void *out)
{
    dmlp__fp_env saved = dmlp__fp_env_enter();
    run_plan(plan, pool, in, out);
    dmlp__fp_env_leave(saved);
}
