/* N-input execution plans: axis simplification at create time, the strided walk at
   execute time (plan_nary.h). */
#include "core/plan_nary.h"

#include <stdio.h>
#include <string.h>

#include "core/axes.h"
#include "core/error.h"
#include "core/parallel.h"
#include "core/registry.h"
#include "core/types.h"
#include "platform/fp_env.h"

/* The stack tiles that gather strided inputs and collect output to scatter: one per
   input and one for the output. */
#define TILE_BYTES 2048u

dmlp_status dmlp__nary_plan_build(const dmlp__op_info *info, const char *op_name,
                                  dmlp__nary_plan *plan)
{
    memset(plan, 0, sizeof *plan);
    uint32_t n = info->input_count;
    if (n < 1 || n > DMLP__MAX_INPUTS || info->main_input >= n)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "%s: the validated tensors cannot be planned", op_name);
    plan->input_count = n;
    plan->absent = info->absent;

    /* The walk over the inputs present and the output (the last tensor). */
    const dmlp__tensor *t[DMLP__AXES_TENSORS];
    uint64_t bytes[DMLP__AXES_TENSORS];
    uint32_t slot[DMLP__MAX_INPUTS + 1], count = 0;
    for (uint32_t i = 0; i <= n; i++) {
        const dmlp__tensor *x = i == n ? &info->output : &info->inputs[i];
        plan->size[i] = dmlp__type_size(x->type);
        if (i < n && (info->absent >> i & 1u))
            continue;
        if (x->dim_count != info->output.dim_count || plan->size[i] == 0)
            return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                               "%s: the validated tensors cannot be planned", op_name);
        slot[i] = count;
        t[count] = x;
        bytes[count++] = plan->size[i];
    }

    const dmlp__tensor *main_tensor = &info->inputs[info->main_input];
    dmlp__nary_kernel_choice choice = dmlp__nary_kernel_select(
        info->type, main_tensor->type, info->output.type, dmlp__isa_detect());
    if (!choice.fn) {
        char main_type[32];
        snprintf(main_type, sizeof main_type, "%s", dmlp__type_name(main_tensor->type));
        const dmlp__field *f = dmlp__op_input(dmlp__op_find(info->type), info->main_input);
        return dmlp__error(DMLP_ERROR_UNSUPPORTED,
                           "%s: %s.DataType is %s and OutputTensor.DataType %s; no kernel "
                           "computes them",
                           op_name, f ? f->name : "InputTensor", main_type,
                           dmlp__type_name(info->output.type));
    }
    plan->kernel = choice.fn;
    plan->isa = choice.isa;
    plan->kernel_name = choice.name;
    plan->args.out_size = plan->size[n];
    _Static_assert(sizeof plan->args.in_type / sizeof plan->args.in_type[0] ==
                       DMLP__MAX_INPUTS,
                   "an input type per input");
    for (uint32_t i = 0; i < n; i++)
        plan->args.in_type[i] = info->absent >> i & 1u ? DML_TENSOR_DATA_TYPE_UNKNOWN
                                                        : info->inputs[i].type;
    memcpy(plan->args.param, info->floats, sizeof plan->args.param);
    plan->args.nan_propagate = (info->execution_flags & DMLP_EXECUTION_FLAG_NAN_PROPAGATE) != 0;

    uint64_t walked[DMLP__AXES_TENSORS][DMLP__MAX_DIMS];
    plan->dim_count = dmlp__axes_simplify(t, count, bytes, plan->sizes, walked);
    for (uint32_t i = 0; i <= n; i++)
        if (i == n || !(info->absent >> i & 1u))
            memcpy(plan->strides[i], walked[slot[i]], sizeof plan->strides[i]);
    plan->element_count = info->output.element_count;

    uint64_t per_element = 0;
    for (uint32_t k = 0; k < count; k++)
        per_element += bytes[k];
    plan->chunk_elements = dmlp__parallel_line_chunk(DMLP__CHUNK_BYTES, per_element);
    plan->max_threads = dmlp__parallel_threads(plan->element_count * per_element);
    return DMLP_OK;
}

/* ---- execution ----------------------------------------------------------------------- */

typedef struct run_context {
    const dmlp__nary_plan *plan;
    const unsigned char *base[DMLP__MAX_INPUTS + 1]; /* inputs (NULL: absent), output */
    bool unaligned; /* a tensor starts off its element alignment: go through the tiles */
} run_context;

static void copy_strided(unsigned char *dst, uint64_t dst_stride, const unsigned char *src,
                         uint64_t src_stride, uint32_t size, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        memcpy(dst + i * dst_stride, src + i * src_stride, size);
}

/* n elements along the inner axis from the tensors' elements at ptr[k]. */
static void run_row(const run_context *c, const unsigned char *const *ptr, uint64_t n)
{
    const dmlp__nary_plan *p = c->plan;
    uint32_t inner = p->dim_count - 1, count = p->input_count, out_size = p->size[count];
    _Alignas(64) unsigned char tile[DMLP__MAX_INPUTS + 1][TILE_BYTES];
    _Alignas(8) unsigned char one[DMLP__MAX_INPUTS][8];
    uint64_t stride[DMLP__MAX_INPUTS + 1];
    bool direct[DMLP__MAX_INPUTS + 1];
    const unsigned char *in[DMLP__MAX_INPUTS];
    uint32_t scalars = 0, streamed = 0, widest = out_size;
    for (uint32_t k = 0; k <= count; k++) {
        stride[k] = n == 1 ? p->size[k] : p->strides[k][inner];
        direct[k] = !c->unaligned && stride[k] == p->size[k];
    }
    for (uint32_t k = 0; k < count; k++) {
        in[k] = ptr[k];
        if (!ptr[k])
            continue; /* absent */
        if (stride[k] == 0) {
            scalars |= 1u << k;
            if (c->unaligned) { /* the kernel may load the one element as a whole */
                memcpy(one[k], ptr[k], p->size[k]);
                in[k] = one[k];
            }
        } else {
            streamed++;
            widest = p->size[k] > widest ? p->size[k] : widest;
        }
    }
    unsigned char *out = (unsigned char *)ptr[count];
    const void *src[DMLP__MAX_INPUTS] = {NULL};
    if (streamed == 0) { /* one value for the whole row */
        _Alignas(8) unsigned char y[8];
        for (uint32_t k = 0; k < count; k++)
            src[k] = in[k];
        p->kernel(1, src, y, 0, &p->args);
        copy_strided(out, stride[count], y, 0, out_size, n);
        return;
    }
    uint64_t step = TILE_BYTES / widest;
    for (uint64_t done = 0; done < n;) {
        uint64_t k = n - done < step ? n - done : step;
        for (uint32_t i = 0; i < count; i++) {
            if (!in[i] || (scalars >> i & 1u)) {
                src[i] = in[i];
            } else if (direct[i]) {
                src[i] = in[i] + done * stride[i];
            } else {
                copy_strided(tile[i], p->size[i], in[i] + done * stride[i], stride[i],
                             p->size[i], k);
                src[i] = tile[i];
            }
        }
        if (direct[count]) {
            p->kernel((size_t)k, src, out + done * out_size, scalars, &p->args);
        } else {
            p->kernel((size_t)k, src, tile[count], scalars, &p->args);
            copy_strided(out + done * stride[count], stride[count], tile[count], out_size,
                         out_size, k);
        }
        done += k;
    }
}

/* Elements [begin, end) in the plan's row-major order. */
static void run_range(const run_context *c, uint64_t begin, uint64_t end)
{
    const dmlp__nary_plan *p = c->plan;
    uint32_t inner = p->dim_count - 1, count = p->input_count;
    uint64_t n = p->sizes[inner];
    uint64_t coord[DMLP__MAX_DIMS] = {0};
    uint64_t offset[DMLP__MAX_INPUTS + 1] = {0};
    uint64_t row = begin / n, col = begin % n;
    for (int d = (int)inner - 1; d >= 0; d--) {
        coord[d] = row % p->sizes[d];
        row /= p->sizes[d];
        for (uint32_t k = 0; k <= count; k++)
            offset[k] += coord[d] * p->strides[k][d];
    }
    while (begin < end) {
        uint64_t k = n - col < end - begin ? n - col : end - begin;
        const unsigned char *ptr[DMLP__MAX_INPUTS + 1];
        for (uint32_t i = 0; i <= count; i++)
            ptr[i] = c->base[i] ? c->base[i] + offset[i] + col * p->strides[i][inner] : NULL;
        run_row(c, ptr, k);
        begin += k;
        col = 0;
        for (int d = (int)inner - 1; d >= 0; d--) { /* the next row */
            for (uint32_t i = 0; i <= count; i++)
                offset[i] += p->strides[i][d];
            if (++coord[d] < p->sizes[d])
                break;
            for (uint32_t i = 0; i <= count; i++)
                offset[i] -= p->sizes[d] * p->strides[i][d];
            coord[d] = 0;
        }
    }
}

static void run_chunk(void *context, uint64_t begin, uint64_t end)
{
    run_range(context, begin, end);
}

void dmlp__nary_plan_run(const dmlp__nary_plan *plan, dmlp__threadpool *pool,
                         const void *const *in, void *out)
{
    dmlp__fp_env saved = dmlp__fp_env_enter();
    run_context c;
    c.plan = plan;
    c.unaligned = false;
    for (uint32_t k = 0; k <= plan->input_count; k++) {
        c.base[k] = k == plan->input_count                ? out
                    : (plan->absent >> k & 1u) ? NULL
                                               : in[k];
        c.unaligned = c.unaligned || (c.base[k] && (uintptr_t)c.base[k] % plan->size[k] != 0);
    }
    dmlp__parallel_job job = {run_chunk, &c, plan->element_count, plan->chunk_elements, 0,
                              plan->max_threads, false};
    dmlp__parallel_for(pool, &job);
    dmlp__fp_env_leave(saved);
}
