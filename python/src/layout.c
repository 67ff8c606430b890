/* From two strided views (numpy arrays or DLPack tensors) to one DirectML operator call:
   axes of size 1 dropped, negative strides flipped where input and output agree, axes
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
    int64_t size, in_stride, out_stride; /* strides in bytes, >= 0 */
} axis;

/* Fills layout and the two base pointers for in -> out, or returns 0 when DirectML's
   strides cannot express the pair (the caller then copies). */
static int plan_layout(const dmlp_py_options *options, const dmlp_py_view *in,
                       const dmlp_py_view *out, dmlp_py_layout *layout, char **in_base,
                       char **out_base)
{
    axis axes[DMLP_PY_MAX_RANK];
    int n = 0;
    char *ib = in->data, *ob = out->data;
    if ((uintptr_t)ib % in->itemsize || (uintptr_t)ob % out->itemsize)
        return 0;
    for (int i = 0; i < in->ndim; i++) {
        int64_t size = in->shape[i], si = in->strides[i], so = out->strides[i];
        if (size == 1)
            continue;
        if (si % (int64_t)in->itemsize || so % (int64_t)out->itemsize || so == 0)
            return 0;
        if (so < 0) {
            if (si > 0)
                return 0;
            ib += (size - 1) * si; /* walk the axis from its other end in both */
            ob += (size - 1) * so;
            si = -si;
            so = -so;
        } else if (si < 0) {
            return 0;
        }
        axes[n++] = (axis){size, si, so};
    }
    /* Outermost first: by the output's stride, largest first. */
    for (int i = 1; i < n; i++) {
        axis a = axes[i];
        int j = i;
        while (j > 0 && axes[j - 1].out_stride < a.out_stride) {
            axes[j] = axes[j - 1];
            j--;
        }
        axes[j] = a;
    }
    /* Merge an axis into the one outside it where both tensors are contiguous across. */
    int m = 0;
    for (int i = 0; i < n; i++) {
        if (m > 0 && axes[m - 1].out_stride == axes[i].out_stride * axes[i].size &&
            axes[m - 1].in_stride == axes[i].in_stride * axes[i].size) {
            axes[m - 1].size *= axes[i].size;
            axes[m - 1].in_stride = axes[i].in_stride;
            axes[m - 1].out_stride = axes[i].out_stride;
        } else {
            axes[m++] = axes[i];
        }
    }
    if (m == 0)
        axes[m++] = (axis){1, in->itemsize, out->itemsize};
    /* Below 3_0, DirectML wants 4 dimensions (Softsign at 2_0: 4 or 5): leading 1s. */
    int want = options->feature_level && options->feature_level < DML_FEATURE_LEVEL_3_0 ? 4 : 1;
    int pad = m < want ? want - m : 0;
    if (m + pad > 8)
        return 0;
    layout->rank = (uint32_t)(m + pad);
    for (int i = 0; i < pad; i++) {
        layout->sizes[i] = 1;
        layout->in_strides[i] = layout->out_strides[i] = 0;
    }
    for (int i = 0; i < m; i++) {
        int64_t si = axes[i].in_stride / in->itemsize, so = axes[i].out_stride / out->itemsize;
        if (axes[i].size > UINT32_MAX || si > UINT32_MAX || so > UINT32_MAX)
            return 0;
        layout->sizes[pad + i] = (uint32_t)axes[i].size;
        layout->in_strides[pad + i] = (uint32_t)si;
        layout->out_strides[pad + i] = (uint32_t)so;
    }
    *in_base = ib;
    *out_base = ob;
    return 1;
}

static int execute(const dmlp_py_options *options, const dmlp_py_view *in,
                   const dmlp_py_view *out, const dmlp_py_layout *layout, char *in_base,
                   char *out_base)
{
    dmlp_py_cached_op *op = dmlp_py_op_acquire(options, in->type, out->type, layout);
    if (!op)
        return -1;
    uint64_t in_bytes = dmlp_calc_buffer_tensor_size((DML_TENSOR_DATA_TYPE)in->type,
                                                     layout->rank, layout->sizes,
                                                     layout->in_strides);
    uint64_t out_bytes = dmlp_calc_buffer_tensor_size((DML_TENSOR_DATA_TYPE)out->type,
                                                      layout->rank, layout->sizes,
                                                      layout->out_strides);
    dmlp_buffer_binding input = {in_base, 0, in_bytes}, output = {out_base, 0, out_bytes};
    dmlp_status status;
    dmlp_operator *raw = dmlp_py_op_get(op);
    Py_BEGIN_ALLOW_THREADS
    status = dmlp_operator_execute(raw, 1, &input, 1, &output);
    Py_END_ALLOW_THREADS
    dmlp_py_op_release(op);
    if (status != DMLP_OK) {
        dmlp_py_raise_library("execute");
        return -1;
    }
    return 0;
}

/* The fallback: a dense copy of the input, a dense result, copied into out. */
static int run_through_copies(const dmlp_py_options *options, const dmlp_py_view *in,
                              const dmlp_py_view *out)
{
    int64_t count = dmlp_py_view_count(in);
    char *tmp_in = malloc((size_t)count * in->itemsize + 64);
    char *tmp_out = malloc((size_t)count * out->itemsize + 64);
    if (!tmp_in || !tmp_out) {
        free(tmp_in);
        free(tmp_out);
        PyErr_NoMemory();
        return -1;
    }
    dmlp_py_view dense_in = *in, dense_out = *out;
    dense_in.data = tmp_in;
    dense_out.data = tmp_out;
    int64_t si = in->itemsize, so = out->itemsize;
    for (int i = in->ndim - 1; i >= 0; i--) {
        dense_in.strides[i] = si;
        dense_out.strides[i] = so;
        si *= in->shape[i];
        so *= in->shape[i];
    }
    dmlp_py_copy(&dense_in, in);
    dmlp_py_layout layout;
    memset(&layout, 0, sizeof layout);
    char *ib, *ob;
    int rc = -1;
    if (!plan_layout(options, &dense_in, &dense_out, &layout, &ib, &ob))
        PyErr_SetString(dmlp_py_error, "x: the layout cannot be expressed even after a copy");
    else
        rc = execute(options, &dense_in, &dense_out, &layout, ib, ob);
    if (rc == 0)
        dmlp_py_copy(out, &dense_out);
    free(tmp_in);
    free(tmp_out);
    return rc;
}

int dmlp_py_run(const dmlp_py_options *options, const dmlp_py_view *in, const dmlp_py_view *out)
{
    int64_t count = dmlp_py_view_count(in);
    if (count > (int64_t)UINT32_MAX) {
        PyErr_Format(dmlp_py_error, "x: %lld elements; at most 2^32 - 1 per call",
                     (long long)count);
        return -1;
    }
    /* Exactly the same memory and layout is in place; any other overlap is refused. */
    char *in_lo, *in_hi, *out_lo, *out_hi;
    if (count > 0) {
        dmlp_py_view_extent(in, &in_lo, &in_hi);
        dmlp_py_view_extent(out, &out_lo, &out_hi);
        int same = in->data == out->data && in->type == out->type;
        for (int i = 0; same && i < in->ndim; i++)
            same = in->shape[i] == 1 || in->strides[i] == out->strides[i];
        if (!same && in_lo < out_hi && out_lo < in_hi) {
            PyErr_SetString(dmlp_py_error,
                            "out: overlaps x's memory without being x itself; pass out=x "
                            "for in place, or a separate array");
            return -1;
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
    dmlp_py_layout layout;
    char *ib, *ob;
    memset(&layout, 0, sizeof layout);
    if (plan_layout(options, in, out, &layout, &ib, &ob))
        return execute(options, in, out, &layout, ib, ob);
    return run_through_copies(options, in, out);
}
