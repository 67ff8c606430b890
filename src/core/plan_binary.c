/* Two-input execution plans: axis simplification at create time, the strided walk at
   execute time (plan_binary.h). */
#include "core/plan_binary.h"


#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "core/axes.h"
#include "core/error.h"
#include "core/parallel.h"
#include "core/plan.h"
#include "core/registry.h"
#include "core/support.h"
#include "core/tune.h"
#include "core/types.h"
#include "platform/fp_env.h"

/* The stack tiles that gather strided inputs and collect output to scatter. */
#define TILE_BYTES 4096u

static bool is_integer(DML_TENSOR_DATA_TYPE t)
{
    switch (t) {
    case DML_TENSOR_DATA_TYPE_INT8:
    case DML_TENSOR_DATA_TYPE_INT16:
    case DML_TENSOR_DATA_TYPE_INT32:
    case DML_TENSOR_DATA_TYPE_INT64:
    case DML_TENSOR_DATA_TYPE_UINT8:
    case DML_TENSOR_DATA_TYPE_UINT16:
    case DML_TENSOR_DATA_TYPE_UINT32:
    case DML_TENSOR_DATA_TYPE_UINT64:
        return true;
    default:
        return false;
    }
}

_Static_assert(DMLP__OPERANDS <= DMLP__AXES_TENSORS, "core/axes.h walks at most 3 tensors");

/* The walk's axes over A, B and the output (core/axes.h). */
static void simplify_axes(const dmlp__tensor *const t[DMLP__OPERANDS], dmlp__binary_plan *p)
{
    const uint64_t bytes[DMLP__OPERANDS] = {p->size, p->size, p->out_size};
    p->dim_count = dmlp__axes_simplify(t, DMLP__OPERANDS, bytes, p->sizes, p->strides);
}

dmlp_status dmlp__binary_plan_build(const dmlp__op_info *info, const char *op_name,
                                    dmlp__binary_plan *plan)
{
    memset(plan, 0, sizeof *plan);
    const dmlp__tensor *t[DMLP__OPERANDS] = {&info->input, &info->input_b, &info->output};
    plan->size = dmlp__type_size(info->input.type);
    plan->out_size = dmlp__type_size(info->output.type);
    /* Only the comparisons' output has a type of its own (validated: UINT8 or UINT32):
       the registry gives them an output type rather than the inputs' */
    const dmlp__op_def *def = dmlp__op_find(info->type);
    bool own_output = def && def->output_type != DML_TENSOR_DATA_TYPE_UNKNOWN &&
                      (plan->out_size == 1 || plan->out_size == 4);
    for (int k = 0; k < DMLP__OPERANDS; k++)
        if (t[k]->dim_count != info->output.dim_count ||
            (t[k]->type != info->input.type && !(k == DMLP__OPERAND_OUT && own_output)) ||
            t[k]->dim_count == 0 || t[k]->dim_count > DMLP__MAX_DIMS || plan->size == 0)
            return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                               "%s: the validated tensors cannot be planned", op_name);

    dmlp__binary_kernel_choice choice =
        dmlp__binary_kernel_select(info->type, info->input.type, dmlp__isa_detect());
    if (!choice.fn)
        return dmlp__error(DMLP_ERROR_UNSUPPORTED,
                           "%s: ATensor.DataType is %s; no kernel computes it", op_name,
                           dmlp__type_name(info->input.type));
    plan->kernel = choice.fn;
    plan->isa = choice.isa;
    plan->kernel_name = choice.name;
    if (info->fused_activation != DML_OPERATOR_INVALID) {
        /* the activation's kernel of the same level as Add's (the reference for the
           reference), run in place on each run of sums (ops/add1.c) */
        plan->args.fused =
            dmlp__kernel_select(info->fused_activation, info->output.type, choice.isa).fn;
        memcpy(plan->args.fused_param, info->fused_floats, sizeof plan->args.fused_param);
        if (!plan->args.fused)
            return dmlp__error(DMLP_ERROR_UNSUPPORTED,
                               "%s: FusedActivation.Type is %s; it has no kernel for "
                               "OutputTensor.DataType %s",
                               op_name, dmlp__operator_name(info->fused_activation),
                               dmlp__type_name(info->output.type));
    }
    plan->args.out_size = plan->out_size;
    /* the FLOAT16 comparisons' measured form (core/tune.h): asked only of them (the
       FLOAT16 rows with an output type of their own), so that no other operator's
       creation measures it */
    if (own_output && info->input.type == DML_TENSOR_DATA_TYPE_FLOAT16)
        plan->args.f16_halves =
            (dmlp__tune_forms(choice.isa) & DMLP__TUNE_F16_HALVES) != 0;
    /* the 16-bit tables' lookup, for the two-input functions that read one with an
       input broadcast (kernels/vector_stream.inc's table16_pair) */
    if (info->type == DML_OPERATOR_ELEMENT_WISE_POW ||
        info->type == DML_OPERATOR_ELEMENT_WISE_ATAN_YX)
        plan->args.table16_gather = dmlp__plan_table16_gather(info->input.type, choice.isa);
    memcpy(plan->args.param, info->floats, sizeof plan->args.param);
    _Static_assert(sizeof plan->args.scalar == sizeof info->scalars, "every scalar member");
    memcpy(plan->args.scalar, info->scalars, sizeof plan->args.scalar);
    plan->args.nan_propagate = (info->execution_flags & DMLP_EXECUTION_FLAG_NAN_PROPAGATE) != 0;
    /* Pow's ScaleBias, applied to the base by its kernel (ops/pow.c) */
    plan->args.scale_bias = info->has_scale_bias;
    plan->args.scale = info->scale_bias.Scale;
    plan->args.bias = info->scale_bias.Bias;
    plan->args.shift_zero =
        (info->execution_flags & DMLP_EXECUTION_FLAG_SHIFT_PAST_WIDTH_ZERO) != 0;

    plan->element_count = info->output.element_count;
    simplify_axes(t, plan);

    /* Threads and chunks (core/parallel.h): chunks of DMLP__CHUNK_BYTES, whatever the
       size (two-input plans neither stream nor take the measured chunk size). */
    uint64_t per_element = 2u * plan->size + plan->out_size;
    plan->chunk_elements =
        dmlp__parallel_line_chunk(DMLP__CHUNK_BYTES, per_element);
    plan->max_threads = dmlp__parallel_threads(plan->element_count * per_element);

    /* An operator with a DMLP_ZERO_DIVISOR row (Divide, the moduli) refuses an integer
       divisor of 0. */
    const char *zero_divisor = dmlp__op_zero_divisor(dmlp__op_find(info->type));
    if (zero_divisor && is_integer(info->input.type)) {
        plan->check_zero = true;
        plan->zero_divisor = zero_divisor;
        const dmlp__tensor *b = &info->input_b;
        plan->b_dim_count = b->dim_count;
        for (uint32_t d = 0; d < b->dim_count; d++) {
            /* an axis B repeats (stride 0) holds nothing new */
            plan->b_sizes[d] = b->strides[d] == 0 ? 1 : b->sizes[d];
            plan->b_strides[d] = b->strides[d];
        }
    }
    return DMLP_OK;
}

/* Whether one element of `size` bytes (1, 2, 4 or 8) is 0. */
static inline int element_is_zero(const unsigned char *p, uint32_t size)
{
    switch (size) {
    case 1: return p[0] == 0;
    case 2: { uint16_t v; memcpy(&v, p, 2); return v == 0; }
    case 4: { uint32_t v; memcpy(&v, p, 4); return v == 0; }
    default: { uint64_t v; memcpy(&v, p, 8); return v == 0; }
    }
}

#define ZERO_SCAN_BLOCK 256u

/* Whether ZERO_SCAN_BLOCK packed elements hold a 0: no early exit, so that the loop
   vectorises. */
#define BLOCK_HAS_ZERO(T, p)                                                             \
    do {                                                                                 \
        unsigned found = 0;                                                              \
        for (uint32_t k = 0; k < ZERO_SCAN_BLOCK; k++) {                                 \
            T v;                                                                         \
            memcpy(&v, (p) + (size_t)k * sizeof(T), sizeof(T));                          \
            found |= v == 0;                                                             \
        }                                                                                \
        if (found)                                                                       \
            return 1;                                                                    \
    } while (0)

static int block_has_zero(const unsigned char *p, uint32_t size)
{
    switch (size) {
    case 1: BLOCK_HAS_ZERO(uint8_t, p); break;
    case 2: BLOCK_HAS_ZERO(uint16_t, p); break;
    case 4: BLOCK_HAS_ZERO(uint32_t, p); break;
    default: BLOCK_HAS_ZERO(uint64_t, p); break;
    }
    return 0;
}

/* The index of the first 0 among n elements of `size` bytes, `stride` elements apart;
   n when there is none. A packed row is tested a block at a time (the common case, a
   divisor with no 0, at the speed of a read) and the block holding a 0 searched again,
   so that the message names the first one. Comparing element by element with memcmp
   cost about 3 ns an element, more than the division itself. */
static uint32_t first_zero(const unsigned char *row, uint32_t n, uint64_t stride, uint32_t size)
{
    uint32_t i = 0;
    if (stride == 1)
        while (i + ZERO_SCAN_BLOCK <= n && !block_has_zero(row + (size_t)i * size, size))
            i += ZERO_SCAN_BLOCK;
    for (; i < n; i++)
        if (element_is_zero(row + (size_t)(i * stride) * size, size))
            return i;
    return n;
}

dmlp_status dmlp__binary_plan_check(const dmlp__binary_plan *plan, const char *op_name,
                                    const void *b)
{
    if (!plan->check_zero)
        return DMLP_OK;
    const unsigned char *base = b;
    uint32_t dims = plan->b_dim_count, inner = dims - 1;
    uint32_t index[DMLP__MAX_DIMS] = {0};
    uint64_t offset = 0; /* elements, of index's row start */
    for (;;) {
        uint32_t i = first_zero(base + offset * plan->size, plan->b_sizes[inner],
                                plan->b_strides[inner], plan->size);
        if (i < plan->b_sizes[inner]) {
            index[inner] = i;
            char where[DMLP__MAX_DIMS * 12 + 4];
            size_t used = 0;
            for (uint32_t d = 0; d < dims && used < sizeof where; d++) {
                int n = snprintf(where + used, sizeof where - used, "%s%" PRIu32,
                                 d ? ", " : "[", index[d]);
                if (n < 0)
                    break;
                used += (size_t)n;
            }
            if (used < sizeof where)
                snprintf(where + used, sizeof where - used, "]");
            return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                               "%s: BTensor element %s is 0; an integer %s by zero is "
                               "refused, and nothing was written",
                               op_name, where, plan->zero_divisor);
        }
        uint32_t d = inner;
        for (;;) { /* odometer step over the outer axes */
            if (d == 0)
                return DMLP_OK;
            d--;
            if (++index[d] < plan->b_sizes[d]) {
                offset += plan->b_strides[d];
                break;
            }
            offset -= (uint64_t)(index[d] - 1) * plan->b_strides[d];
            index[d] = 0;
        }
    }
}

/* ---- execution ----------------------------------------------------------------------- */

typedef struct run_context {
    const dmlp__binary_plan *plan;
    const unsigned char *base[DMLP__OPERANDS]; /* A, B, output */
    bool unaligned; /* a tensor starts off its element alignment: go through the tiles */
} run_context;

/* Copies n elements of `size` bytes between strided places (byte strides). */
static void copy_strided(unsigned char *dst, uint64_t dst_stride, const unsigned char *src,
                         uint64_t src_stride, uint32_t size, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        memcpy(dst + i * dst_stride, src + i * src_stride, size);
}

/* n elements along the inner axis from the three tensors' elements at ptr[k]. */
static void run_row(const run_context *c, const unsigned char *const ptr[DMLP__OPERANDS],
                    uint64_t n)
{
    const dmlp__binary_plan *p = c->plan;
    uint32_t inner = p->dim_count - 1, size = p->size, out_size = p->out_size;
    _Alignas(64) unsigned char tile[DMLP__OPERANDS][TILE_BYTES];
    _Alignas(8) unsigned char one[2][8];
    uint64_t stride[DMLP__OPERANDS];
    bool scalar[2], direct[DMLP__OPERANDS];
    const unsigned char *in[2];
    for (int k = 0; k < DMLP__OPERANDS; k++) {
        uint32_t bytes = k == DMLP__OPERAND_OUT ? out_size : size;
        stride[k] = n == 1 ? bytes : p->strides[k][inner];
        direct[k] = !c->unaligned && stride[k] == bytes;
    }
    uint32_t scalars = 0;
    for (int k = 0; k < 2; k++) {
        scalar[k] = stride[k] == 0;
        in[k] = ptr[k];
        if (scalar[k]) {
            scalars |= k == 0 ? DMLP__SCALAR_A : DMLP__SCALAR_B;
            if (c->unaligned) { /* the kernel may load the one element as a whole */
                memcpy(one[k], ptr[k], size);
                in[k] = one[k];
            }
        }
    }
    unsigned char *out = (unsigned char *)ptr[DMLP__OPERAND_OUT];
    if (scalar[0] && scalar[1]) { /* one value for the whole row */
        _Alignas(8) unsigned char y[8];
        p->kernel(1, in[0], in[1], y, 0, &p->args);
        copy_strided(out, stride[DMLP__OPERAND_OUT], y, 0, out_size, n);
        return;
    }
    uint64_t step = TILE_BYTES / (size > out_size ? size : out_size);
    for (uint64_t done = 0; done < n;) {
        uint64_t k = n - done < step ? n - done : step;
        const void *src[2];
        for (int i = 0; i < 2; i++) {
            if (scalar[i]) {
                src[i] = in[i];
            } else if (direct[i]) {
                src[i] = in[i] + done * stride[i];
            } else {
                copy_strided(tile[i], size, in[i] + done * stride[i], stride[i], size, k);
                src[i] = tile[i];
            }
        }
        if (direct[DMLP__OPERAND_OUT]) {
            p->kernel((size_t)k, src[0], src[1], out + done * out_size, scalars, &p->args);
        } else {
            p->kernel((size_t)k, src[0], src[1], tile[DMLP__OPERAND_OUT], scalars, &p->args);
            copy_strided(out + done * stride[DMLP__OPERAND_OUT], stride[DMLP__OPERAND_OUT],
                         tile[DMLP__OPERAND_OUT], out_size, out_size, k);
        }
        done += k;
    }
}

/* Elements [begin, end) in the plan's row-major order. */
static void run_range(const run_context *c, uint64_t begin, uint64_t end)
{
    const dmlp__binary_plan *p = c->plan;
    uint32_t inner = p->dim_count - 1;
    uint64_t n = p->sizes[inner];
    uint64_t coord[DMLP__MAX_DIMS] = {0};
    uint64_t offset[DMLP__OPERANDS] = {0, 0, 0};
    uint64_t row = begin / n, col = begin % n;
    for (int d = (int)inner - 1; d >= 0; d--) {
        coord[d] = row % p->sizes[d];
        row /= p->sizes[d];
        for (int k = 0; k < DMLP__OPERANDS; k++)
            offset[k] += coord[d] * p->strides[k][d];
    }
    while (begin < end) {
        uint64_t k = n - col < end - begin ? n - col : end - begin;
        const unsigned char *ptr[DMLP__OPERANDS];
        for (int i = 0; i < DMLP__OPERANDS; i++)
            ptr[i] = c->base[i] + offset[i] + col * p->strides[i][inner];
        run_row(c, ptr, k);
        begin += k;
        col = 0;
        for (int d = (int)inner - 1; d >= 0; d--) { /* the next row */
            for (int i = 0; i < DMLP__OPERANDS; i++)
                offset[i] += p->strides[i][d];
            if (++coord[d] < p->sizes[d])
                break;
            for (int i = 0; i < DMLP__OPERANDS; i++)
                offset[i] -= p->sizes[d] * p->strides[i][d];
            coord[d] = 0;
        }
    }
}

static void run_chunk(void *context, uint64_t begin, uint64_t end)
{
    run_range(context, begin, end);
}

void dmlp__binary_plan_run(const dmlp__binary_plan *plan, dmlp__threadpool *pool,
                           const void *a, const void *b, void *out)
{
    dmlp__fp_env saved = dmlp__fp_env_enter();
    run_context c;
    c.plan = plan;
    c.base[DMLP__OPERAND_A] = a;
    c.base[DMLP__OPERAND_B] = b;
    c.base[DMLP__OPERAND_OUT] = out;
    c.unaligned = false;
    for (int k = 0; k < DMLP__OPERANDS; k++)
        c.unaligned = c.unaligned ||
                      (uintptr_t)c.base[k] % (k == DMLP__OPERAND_OUT ? plan->out_size
                                                                     : plan->size) != 0;
    dmlp__parallel_job job = {run_chunk, &c, plan->element_count, plan->chunk_elements, 0,
                              plan->max_threads, false};
    dmlp__parallel_for(pool, &job);
    dmlp__fp_env_leave(saved);
}
