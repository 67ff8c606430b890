/* From strided views (numpy arrays or DLPack tensors: the inputs, broadcast to the
   output's shape with stride 0, and the output) to one DirectML operator call: axes of
   size 1 dropped, negative strides flipped where the inputs and the output agree, axes
   sorted by the output's strides and merged where memory is contiguous, so most views run
   without any copy. A copy is made only where DirectML's strides cannot express the pair
   (see docs/python.md). */
#include "dmlp_py.h"

#include <stdlib.h>
#include <string.h>

int64_t dmlp_py_view_count(const dmlp_py_view *v)
{
    int64_t n = 1;
    for (int i = 0; i < v->ndim; i++)
        n *= v->shape[i];
    return n;
}

void dmlp_py_view_extent(const dmlp_py_view *v, char **lo, char **hi)
{
    char *low = v->data, *high = v->data;
    for (int i = 0; i < v->ndim; i++) {
        int64_t step = (v->shape[i] - 1) * v->strides[i];
        if (step < 0)
            low += step;
        else
            high += step;
    }
    *lo = low;
    *hi = high + v->itemsize;
}

void dmlp_py_fresh_strides(const dmlp_py_view *in, uint32_t out_itemsize, int allow_negative,
                           int64_t *strides, int64_t *offset)
{
    /* Axes from the input's largest |stride| (outermost) to its smallest; ties keep the
       axis order, so a C-contiguous input gives a C-contiguous result. */
    int order[DMLP_PY_MAX_RANK];
    int broadcast = 0;
    for (int i = 0; i < in->ndim; i++)
        broadcast |= in->shape[i] > 1 && in->strides[i] == 0;
    for (int i = 0; i < in->ndim; i++) {
        if (broadcast) { /* a broadcast input has no memory order to follow: C order */
            order[i] = i;
            continue;
        }
        int j = i;
        int64_t s = llabs(in->strides[i]);
        while (j > 0 && llabs(in->strides[order[j - 1]]) < s) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
    int64_t step = out_itemsize;
    *offset = 0;
    for (int k = in->ndim - 1; k >= 0; k--) {
        int axis = order[k];
        if (allow_negative && in->strides[axis] < 0 && in->shape[axis] > 1) {
            strides[axis] = -step;
            *offset += (in->shape[axis] - 1) * step;
        } else {
            strides[axis] = step;
        }
        step *= in->shape[axis] > 0 ? in->shape[axis] : 1;
    }
}

/* Copies one element per index of the shape, innermost axis in a tight loop. */
void dmlp_py_copy(const dmlp_py_view *dst, const dmlp_py_view *src)
{
    int64_t count = dmlp_py_view_count(src);
    if (count == 0)
        return;
    int nd = src->ndim;
    int64_t index[DMLP_PY_MAX_RANK] = {0};
    size_t size = src->itemsize;
    int64_t inner = nd ? src->shape[nd - 1] : 1;
    int64_t ds = nd ? dst->strides[nd - 1] : 0, ss = nd ? src->strides[nd - 1] : 0;
    for (;;) {
        char *d = dst->data, *s = src->data;
        for (int i = 0; i < nd - 1; i++) {
            d += index[i] * dst->strides[i];
            s += index[i] * src->strides[i];
        }
        for (int64_t k = 0; k < inner; k++)
            memcpy(d + k * ds, s + k * ss, size);
        int i = nd - 2;
        while (i >= 0 && ++index[i] == src->shape[i])
            index[i--] = 0;
        if (i < 0)
            return;
    }
}

typedef struct axis {
    int64_t size, out_stride;                /* strides in bytes, >= 0 */
    int64_t in_stride[DMLP__MAX_INPUTS];     /* 0 where an input repeats along the axis */
    int row;                                 /* a row axis (an operator along axes) */
    int dim;                                 /* the arrays' axis it starts as */
} axis;

/* The dimension count the operator needs at the call's level at least: below 3_0
   DirectML wants 4 dimensions (Softsign at 2_0: 4 or 5), Cast until 3_1 exactly 4. */
static int min_rank(const dmlp_py_options *options)
{
    dmlp__support support;
    if (options->feature_level &&
        dmlp__support_get(options->def->type, options->feature_level, false, &support))
        return (int)support.min_dims;
    return 1;
}

/* Fills layout and the base pointers for in[0 .. n-1] -> out, or returns 0 when
   DirectML's strides cannot express them (the caller then copies).

   An operator along axes (Softmax and its kin) has its row axes in options->row_axes:
   they keep their order and direction (the library walks a row in dimension order, and
   Hardmax's first largest element and the first NaN depend on it), so a row axis walked
   backwards is copied; they merge only with each other, and at least one stays (of size
   1 when every row is one element). The 2-D operators' one row axis goes last. */
static int plan_layout(const dmlp_py_options *options, uint32_t n, const dmlp_py_view *in,
                       const dmlp_py_view *out, dmlp_py_layout *layout, char **in_base,
                       char **out_base)
{
    axis axes[DMLP_PY_MAX_RANK + 1];
    int count = 0;
    int row_kind = 0;
    bool last_axis = false;
    int rows = dmlp__op_rows(options->def, &row_kind, &last_axis);
    char *ib[DMLP__MAX_INPUTS], *ob = out->data;
    if ((uintptr_t)ob % out->itemsize)
        return 0;
    for (uint32_t k = 0; k < n; k++) {
        ib[k] = in[k].data;
        if ((uintptr_t)ib[k] % in[k].itemsize)
            return 0;
    }
    for (int i = 0; i < out->ndim; i++) {
        int64_t size = out->shape[i], so = out->strides[i];
        if (size == 1)
            continue;
        if (so % (int64_t)out->itemsize || so == 0)
            return 0;
        axis a = {size, so, {0}, rows && i < 64 && (options->row_axes >> i & 1u), i};
        if (a.row && so < 0)
            return 0;
        for (uint32_t k = 0; k < n; k++) {
            int64_t si = in[k].strides[i];
            if (si % (int64_t)in[k].itemsize)
                return 0;
            if ((so < 0 && si > 0) || (so > 0 && si < 0) || (a.row && si < 0))
                return 0;
            a.in_stride[k] = si;
        }
        if (so < 0) { /* walk the axis from its other end in every tensor */
            ob += (size - 1) * so;
            a.out_stride = -so;
            for (uint32_t k = 0; k < n; k++) {
                ib[k] += (size - 1) * a.in_stride[k];
                a.in_stride[k] = -a.in_stride[k];
            }
        }
        axes[count++] = a;
    }
    /* Outermost first: by the output's stride, largest first. */
    for (int i = 1; i < count; i++) {
        axis a = axes[i];
        int j = i;
        while (j > 0 && axes[j - 1].out_stride < a.out_stride) {
            axes[j] = axes[j - 1];
            j--;
        }
        axes[j] = a;
    }
    if (rows) {
        /* The row axes back in the arrays' order, in the places the sort gave them (the
           2-D operators' one row axis: last). */
        for (int i = 0; i < count; i++) {
            if (!axes[i].row)
                continue;
            for (int j = i + 1; j < count; j++)
                if (axes[j].row && axes[j].dim < axes[i].dim) {
                    axis t = axes[i];
                    axes[i] = axes[j];
                    axes[j] = t;
                }
        }
        for (int i = 0; last_axis && i + 1 < count; i++)
            if (axes[i].row) {
                axis t = axes[i];
                axes[i] = axes[i + 1];
                axes[i + 1] = t;
            }
    }
    /* Merge an axis into the one outside it where every tensor is contiguous across
       (a repeated input: stride 0 on both); a row axis only into a row axis. */
    int m = 0;
    for (int i = 0; i < count; i++) {
        int merge = m > 0 && axes[m - 1].out_stride == axes[i].out_stride * axes[i].size &&
                    axes[m - 1].row == axes[i].row;
        for (uint32_t k = 0; merge && k < n; k++)
            merge = axes[m - 1].in_stride[k] == axes[i].in_stride[k] * axes[i].size;
        if (merge) {
            axes[m - 1].size *= axes[i].size;
            axes[m - 1].out_stride = axes[i].out_stride;
            for (uint32_t k = 0; k < n; k++)
                axes[m - 1].in_stride[k] = axes[i].in_stride[k];
        } else {
            axes[m++] = axes[i];
        }
    }
    int has_row = 0;
    for (int i = 0; i < m; i++)
        has_row |= axes[i].row;
    if (m == 0 || (rows && !has_row)) { /* every axis of size 1; or every row axis */
        axes[m] = (axis){1, out->itemsize, {0}, rows, -1};
        for (uint32_t k = 0; k < n; k++)
            axes[m].in_stride[k] = in[k].itemsize;
        m++;
    }
    int want = min_rank(options);
    int pad = m < want ? want - m : 0;
    if (m + pad > 8)
        return 0;
    layout->rank = (uint32_t)(m + pad);
    layout->row_axes = 0;
    for (int i = 0; i < m; i++)
        if (axes[i].row)
            layout->row_axes |= 1u << (pad + i);
    for (int i = 0; i < pad; i++) {
        layout->sizes[i] = 1;
        layout->out_strides[i] = 0;
        for (uint32_t k = 0; k < n; k++)
            layout->in_strides[k][i] = 0;
    }
    for (int i = 0; i < m; i++) {
        int64_t so = axes[i].out_stride / out->itemsize;
        if (axes[i].size > UINT32_MAX || so > UINT32_MAX)
            return 0;
        layout->sizes[pad + i] = (uint32_t)axes[i].size;
        layout->out_strides[pad + i] = (uint32_t)so;
        for (uint32_t k = 0; k < n; k++) {
            int64_t si = axes[i].in_stride[k] / in[k].itemsize;
            if (si > UINT32_MAX)
                return 0;
            layout->in_strides[k][pad + i] = (uint32_t)si;
        }
    }
    for (uint32_t k = 0; k < n; k++)
        in_base[k] = ib[k];
    *out_base = ob;
    return 1;
}

static int execute(const dmlp_py_options *options, uint32_t n, const dmlp_py_view *in,
                   const dmlp_py_view *out, const dmlp_py_layout *layout, char **in_base,
                   char *out_base)
{
    uint32_t in_types[DMLP__MAX_INPUTS] = {0};
    for (uint32_t k = 0; k < n; k++)
        in_types[k] = in[k].type;
    dmlp_py_cached_op *op = dmlp_py_op_acquire(options, in_types, out->type, layout);
    if (!op)
        return -1;
    dmlp_buffer_binding inputs[DMLP__MAX_INPUTS];
    for (uint32_t k = 0; k < n; k++) {
        if (in[k].type == DML_TENSOR_DATA_TYPE_UNKNOWN) { /* an absent optional input */
            inputs[k] = (dmlp_buffer_binding){NULL, 0, 0};
            continue;
        }
        uint64_t bytes = dmlp_calc_buffer_tensor_size((DML_TENSOR_DATA_TYPE)in[k].type,
                                                      layout->rank, layout->sizes,
                                                      layout->in_strides[k]);
        inputs[k] = (dmlp_buffer_binding){in_base[k], 0, bytes};
    }
    uint64_t out_bytes = dmlp_calc_buffer_tensor_size((DML_TENSOR_DATA_TYPE)out->type,
                                                      layout->rank, layout->sizes,
                                                      layout->out_strides);
    dmlp_buffer_binding output = {out_base, 0, out_bytes};
    dmlp_status status;
    dmlp_operator *raw = dmlp_py_op_get(op);
    Py_BEGIN_ALLOW_THREADS
    status = dmlp_operator_execute(raw, n, inputs, 1, &output);
    Py_END_ALLOW_THREADS
    dmlp_py_op_release(op);
    if (status != DMLP_OK) {
        dmlp_py_raise_library("execute");
        return -1;
    }
    return 0;
}

/* Dense strides of the output's shape for a view of itemsize bytes: C order, except
   that the axes of `inner` (bit i: axis i) are innermost, in C order among themselves
   (an operator's row axes: its rows then merge into one dimension, the rest into
   another). */
static void dense(dmlp_py_view *v, const dmlp_py_view *shape, char *data, uint64_t inner)
{
    int64_t step = v->itemsize;
    v->data = data;
    v->ndim = shape->ndim;
    for (int pass = 0; pass < 2; pass++)
        for (int i = shape->ndim - 1; i >= 0; i--) {
            if ((int)(i < 64 && (inner >> i & 1u)) != (pass == 0))
                continue;
            v->shape[i] = shape->shape[i];
            v->strides[i] = step;
            step *= shape->shape[i];
        }
}

/* The fallback: dense copies of the inputs (a repeated input written out in full), a
   dense result, copied into out. An operator along axes has its row axes innermost
   there, so any rows fit DirectML's 8 dimensions. */
static int run_through_copies(const dmlp_py_options *options, uint32_t n,
                              const dmlp_py_view *in, const char *const *names,
                              const dmlp_py_view *out)
{
    int64_t count = dmlp_py_view_count(out);
    char *tmp[DMLP__MAX_INPUTS + 1] = {NULL};
    dmlp_py_view dense_in[DMLP__MAX_INPUTS], dense_out = *out;
    int row_kind = 0;
    bool last_axis = false;
    int rows = dmlp__op_rows(options->def, &row_kind, &last_axis);
    int ok = 1;
    for (uint32_t k = 0; k <= n; k++) {
        const dmlp_py_view *v = k < n ? &in[k] : out;
        tmp[k] = malloc((size_t)count * v->itemsize + 64);
        ok = ok && tmp[k];
    }
    int rc = -1;
    if (!ok) {
        PyErr_NoMemory();
        goto done;
    }
    for (uint32_t k = 0; k < n; k++) {
        dense_in[k] = in[k];
        if (in[k].type == DML_TENSOR_DATA_TYPE_UNKNOWN)
            continue; /* absent: nothing to copy, strides of 0 */
        dense(&dense_in[k], out, tmp[k], rows ? options->row_axes : 0);
        dmlp_py_copy(&dense_in[k], &in[k]);
    }
    dense(&dense_out, out, tmp[n], rows ? options->row_axes : 0);
    dmlp_py_layout layout;
    memset(&layout, 0, sizeof layout);
    char *ib[DMLP__MAX_INPUTS], *ob;
    if (plan_layout(options, n, dense_in, &dense_out, &layout, ib, &ob))
        rc = execute(options, n, dense_in, &dense_out, &layout, ib, ob);
    else
        PyErr_Format(dmlp_py_error, "%s: the layout cannot be expressed even after a copy",
                     names[0]);
    if (rc == 0)
        dmlp_py_copy(out, &dense_out);
done:
    for (uint32_t k = 0; k <= n; k++)
        free(tmp[k]);
    return rc;
}

static int run_planned(const dmlp_py_options *options, uint32_t n, const dmlp_py_view *in,
                       const char *const *names, const dmlp_py_view *out)
{
    dmlp_py_layout layout;
    char *ib[DMLP__MAX_INPUTS], *ob;
    memset(&layout, 0, sizeof layout);
    if (plan_layout(options, n, in, out, &layout, ib, &ob))
        return execute(options, n, in, out, &layout, ib, ob);
    return run_through_copies(options, n, in, names, out);
}

/* Inputs whose memory interleaves with out's without a common byte (x = a[::2],
   out = a[1::2]): the library refuses bindings whose ranges meet unless exactly in
   place, so each such input (bit k of which) is read from a dense copy. */
static int run_interleaved(const dmlp_py_options *options, uint32_t n, const dmlp_py_view *in,
                           const char *const *names, const dmlp_py_view *out, uint32_t which)
{
    dmlp_py_view copies[DMLP__MAX_INPUTS];
    char *memory[DMLP__MAX_INPUTS] = {NULL};
    int64_t count = dmlp_py_view_count(out);
    int rc = -1;
    for (uint32_t k = 0; k < n; k++) {
        copies[k] = in[k];
        if (!(which >> k & 1u))
            continue;
        memory[k] = malloc((size_t)count * in[k].itemsize);
        if (!memory[k]) {
            PyErr_NoMemory();
            goto done;
        }
        dense(&copies[k], out, memory[k], 0);
        dmlp_py_copy(&copies[k], &in[k]);
    }
    rc = run_planned(options, n, copies, names, out);
done:
    for (uint32_t k = 0; k < n; k++)
        free(memory[k]);
    return rc;
}

int dmlp_py_run(const dmlp_py_options *options, uint32_t n, const dmlp_py_view *in,
                const char *const *names, const dmlp_py_view *out)
{
    int64_t count = dmlp_py_view_count(out);
    if (count > (int64_t)UINT32_MAX) {
        PyErr_Format(dmlp_py_error, "%s: %lld elements; at most 2^32 - 1 per call", names[0],
                     (long long)count);
        return -1;
    }
    /* Exactly the same memory and layout is in place; any other shared byte is refused
       (interleaved views that share none are not: overlap.c, and run_interleaved). */
    uint32_t interleaved = 0; /* bit k: input k's extent meets out's, no byte shared */
    if (count > 0) {
        char *out_lo, *out_hi;
        dmlp_py_view_extent(out, &out_lo, &out_hi);
        for (uint32_t k = 0; k < n; k++) {
            if (in[k].type == DML_TENSOR_DATA_TYPE_UNKNOWN)
                continue; /* absent */
            int same = in[k].data == out->data && in[k].type == out->type;
            for (int i = 0; same && i < out->ndim; i++)
                same = out->shape[i] == 1 || in[k].strides[i] == out->strides[i];
            if (same && !options->def->in_place) {
                PyErr_Format(dmlp_py_error, "out: is %s itself, and %s; pass a separate array",
                             names[k], options->def->not_in_place
                                           ? options->def->not_in_place
                                           : "the operator never runs in place");
                return -1;
            }
            char *in_lo, *in_hi;
            dmlp_py_view_extent(&in[k], &in_lo, &in_hi);
            if (!same && in_lo < out_hi && out_lo < in_hi)
                interleaved |= 1u << k;
            if (!same && dmlp_py_views_overlap(&in[k], out)) {
                PyErr_Format(dmlp_py_error,
                             "out: overlaps %s's memory without being %s itself; pass out=%s "
                             "for in place, or a separate array",
                             names[k], names[k], names[k]);
                return -1;
            }
        }
    }
    if (count == 0)
        return 0;
    /* An output must not write one element twice. */
    for (int i = 0; i < out->ndim; i++)
        if (out->shape[i] > 1 && out->strides[i] == 0) {
            PyErr_Format(dmlp_py_error,
                         "out: axis %d has stride 0 (a broadcast view); an output must not "
                         "write one element twice",
                         i);
            return -1;
        }
    if (interleaved)
        return run_interleaved(options, n, in, names, out, interleaved);
    return run_planned(options, n, in, names, out);
}
