/* The compiled graph a model keeps between runs, with the input shapes it was compiled
   for: a run whose graph inputs have the same shapes, and the same defaults taken, reuses
   it instead of making the operators and compiling them again. */
#include <stdlib.h>
#include <string.h>

#include "onnx_internal.h"

int dmlp__onnx_compiled_matches(const dmlp__onnx_compiled *c, const dmlp__onnx_shapes *shapes)
{
    if (!c || c->input_count != shapes->count)
        return 0;
    const int64_t *dims = c->dims;
    for (uint32_t k = 0; k < shapes->count; k++) {
        uint32_t rank = shapes->ranks[k];
        if (c->ranks[k] != rank || c->constant[k] != shapes->constant[k] ||
            (rank && memcmp(dims, shapes->dims[k], rank * sizeof *dims) != 0))
            return 0;
        dims += rank;
    }
    return 1;
}

dmlp__onnx_compiled *dmlp__onnx_compiled_make(dmlp_operator *graph,
                                              const dmlp__onnx_shapes *shapes,
                                              const uint64_t *need, uint32_t value_count)
{
    uint64_t dim_count = 0;
    for (uint32_t k = 0; k < shapes->count; k++)
        dim_count += shapes->ranks[k];
    dmlp__onnx_compiled *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    uint32_t inputs = shapes->count ? shapes->count : 1;
    c->ranks = malloc(inputs * sizeof *c->ranks);
    c->constant = malloc(inputs);
    c->dims = malloc((dim_count ? (size_t)dim_count : 1) * sizeof *c->dims);
    c->need = malloc((value_count ? value_count : 1) * sizeof *c->need);
    if (!c->ranks || !c->constant || !c->dims || !c->need) {
        dmlp__onnx_compiled_free(c);
        return NULL;
    }
    c->input_count = shapes->count;
    int64_t *dims = c->dims;
    for (uint32_t k = 0; k < shapes->count; k++) {
        c->ranks[k] = shapes->ranks[k];
        c->constant[k] = shapes->constant[k];
        if (shapes->ranks[k])
            memcpy(dims, shapes->dims[k], shapes->ranks[k] * sizeof *dims);
        dims += shapes->ranks[k];
    }
    if (value_count)
        memcpy(c->need, need, value_count * sizeof *c->need);
    c->graph = graph;
    return c;
}

void dmlp__onnx_compiled_free(dmlp__onnx_compiled *c)
{
    if (!c)
        return;
    dmlp_operator_destroy(c->graph);
    free(c->ranks);
    free(c->constant);
    free(c->dims);
    free(c->need);
    free(c);
}

uint64_t dmlp__onnx_model_compile_count(const dmlp_onnx_model *m)
{
    return m ? m->compile_count : 0;
}
