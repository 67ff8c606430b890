/* Symbolic dimensions (dim_param) at run time: each name takes the size of the first
   graph input that binds it, in the graph's input order, and every other dimension of
   that name must have the same size. */
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "onnx_internal.h"

typedef struct binding {
    const char *param;
    int64_t size;
    uint32_t input; /* position among the graph inputs */
    uint32_t seq;   /* order of appearance: input, then axis */
} binding;

static int by_param_then_seq(const void *a, const void *b)
{
    const binding *x = a, *y = b;
    int c = strcmp(x->param, y->param);
    return c ? c : (x->seq > y->seq) - (x->seq < y->seq);
}

dmlp_status dmlp__onnx_check_dim_params(const dmlp_onnx_model *m, const uint32_t *ranks,
                                        const int64_t *const *dims)
{
    uint64_t total = 0;
    for (uint32_t k = 0; k < m->input_count; k++) {
        const dmlp__onnx_value *v = &m->values[m->inputs[k]];
        if (v->has_shape && v->dim_params)
            total += v->rank;
    }
    if (total == 0)
        return DMLP_OK;
    binding *list = malloc((size_t)total * sizeof *list);
    if (!list)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory");
    uint32_t count = 0;
    for (uint32_t k = 0; k < m->input_count; k++) {
        const dmlp__onnx_value *v = &m->values[m->inputs[k]];
        if (!v->has_shape || !v->dim_params || ranks[k] != v->rank)
            continue; /* a rank that differs is refused while binding */
        for (uint32_t d = 0; d < v->rank; d++)
            if (v->dim_params[d]) {
                list[count] = (binding){v->dim_params[d], dims[k][d], k, count};
                count++;
            }
    }
    qsort(list, count, sizeof *list, by_param_then_seq);
    /* The first disagreement in input order is the one reported. */
    const binding *bad = NULL, *first_of_bad = NULL;
    for (uint32_t i = 0, start = 0; i < count; i++) {
        if (strcmp(list[i].param, list[start].param) != 0)
            start = i;
        if (list[i].size != list[start].size && (!bad || list[i].seq < bad->seq)) {
            bad = &list[i];
            first_of_bad = &list[start];
        }
    }
    dmlp_status st = DMLP_OK;
    if (bad)
        st = dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                         "input \"%s\": dimension \"%s\" is %lld; input \"%s\" gave it %lld",
                         m->values[m->inputs[bad->input]].name, bad->param,
                         (long long)bad->size, m->values[m->inputs[first_of_bad->input]].name,
                         (long long)first_of_bad->size);
    free(list);
    return st;
}
