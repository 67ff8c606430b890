/* libFuzzer target: the ONNX model loader (protobuf parsing, graph checks) and, for models
   it accepts, a run with small inputs shaped as the model declares. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dmlp_onnx.h"

#define MAX_ELEMENTS 4096

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    dmlp_onnx_options options = {1};
    dmlp_onnx_model *model = NULL;
    if (dmlp_onnx_model_load_memory(data, size, &options, &model) != DMLP_OK)
        return 0;
    uint32_t n = dmlp_onnx_model_input_count(model);
    dmlp_onnx_tensor *inputs = calloc(n ? n : 1, sizeof *inputs);
    int64_t (*dims)[DMLP_ONNX_MAX_RANK] = calloc(n ? n : 1, sizeof *dims);
    void **buffers = calloc(n ? n : 1, sizeof *buffers);
    uint32_t given = 0;
    int ok = inputs && dims && buffers;
    for (uint32_t i = 0; ok && i < n; i++) {
        dmlp_onnx_value_info info;
        if (dmlp_onnx_model_input(model, i, &info) != DMLP_OK || info.has_default)
            continue;
        uint32_t rank = info.has_shape ? info.rank : 1;
        if (rank > DMLP_ONNX_MAX_RANK)
            break;
        uint64_t count = 1;
        for (uint32_t d = 0; d < rank; d++) {
            int64_t v = info.has_shape ? info.dims[d] : 3;
            dims[i][d] = v < 0 ? 2 : v; /* symbolic dims: 2 */
            count *= (uint64_t)dims[i][d];
            if (count > MAX_ELEMENTS)
                ok = 0;
        }
        if (!ok)
            break;
        uint64_t bytes = count * dmlp_onnx_type_size(info.type);
        buffers[given] = malloc(bytes ? (size_t)bytes : 1);
        if (!buffers[given])
            break;
        /* Fill with the model's own bytes: varied values, NaNs and infinities included. */
        for (uint64_t b = 0; b < bytes; b++)
            ((uint8_t *)buffers[given])[b] = data[(b * 7) % size];
        dmlp_onnx_tensor t = {info.name, info.type, rank, dims[i], buffers[given], bytes};
        inputs[given++] = t;
    }
    dmlp_onnx_result *result = NULL;
    if (ok && dmlp_onnx_model_run(model, given, inputs, &result) == DMLP_OK) {
        for (uint32_t i = 0; i < dmlp_onnx_result_count(result); i++) {
            dmlp_onnx_tensor out;
            dmlp_onnx_result_output(result, i, &out);
            volatile uint8_t sink = 0;
            for (uint64_t b = 0; b < out.size_in_bytes; b++)
                sink ^= ((const uint8_t *)out.data)[b];
            (void)sink;
        }
        dmlp_onnx_result_free(result);
    }
    for (uint32_t i = 0; buffers && i < given; i++)
        free(buffers[i]);
    free(buffers);
    free(dims);
    free(inputs);
    dmlp_onnx_model_free(model);
    return 0;
}
