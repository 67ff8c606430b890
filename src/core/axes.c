/* Axis simplification for the planners (core/axes.h). */
#include "core/axes.h"

#include <stdbool.h>

typedef struct axis {
    uint64_t size;
    uint64_t stride[DMLP__AXES_TENSORS]; /* bytes */
} axis;

uint32_t dmlp__axes_simplify(const dmlp__tensor *const tensors[], uint32_t count,
                             const uint64_t element_bytes[], uint64_t sizes[DMLP__MAX_DIMS],
                             uint64_t strides[][DMLP__MAX_DIMS])
{
    const dmlp__tensor *out = tensors[count - 1];
    axis axes[DMLP__MAX_DIMS];
    uint32_t n = 0;
    for (uint32_t d = 0; d < out->dim_count; d++) {
        if (out->sizes[d] == 1)
            continue; /* its stride never matters */
        axes[n].size = out->sizes[d];
        for (uint32_t k = 0; k < count; k++)
            axes[n].stride[k] = (uint64_t)tensors[k]->strides[d] * element_bytes[k];
        n++;
    }
    /* The order of axes does not change an element-wise result. Sorting by output stride
       (stably) keeps a permuted output written in runs: strided reads into a tile are
       cheaper than strided writes out of it. */
    for (uint32_t i = 1; i < n; i++) {
        axis a = axes[i];
        uint32_t j = i;
        while (j > 0 && axes[j - 1].stride[count - 1] < a.stride[count - 1]) {
            axes[j] = axes[j - 1];
            j--;
        }
        axes[j] = a;
    }
    axis merged[DMLP__MAX_DIMS]; /* innermost first */
    uint32_t m = 0;
    for (uint32_t i = n; i-- > 0;) {
        if (m > 0) {
            axis *inner = &merged[m - 1];
            bool continues = true;
            for (uint32_t k = 0; k < count; k++)
                continues = continues && axes[i].stride[k] == inner->stride[k] * inner->size;
            if (continues) {
                inner->size *= axes[i].size;
                continue;
            }
        }
        merged[m++] = axes[i];
    }
    if (m == 0) { /* a single element */
        merged[0].size = 1;
        for (uint32_t k = 0; k < count; k++)
            merged[0].stride[k] = element_bytes[k];
        m = 1;
    }
    for (uint32_t d = 0; d < m; d++) {
        const axis *a = &merged[m - 1 - d];
        sizes[d] = a->size;
        for (uint32_t k = 0; k < count; k++)
            strides[k][d] = a->stride[k];
    }
    return m;
}
