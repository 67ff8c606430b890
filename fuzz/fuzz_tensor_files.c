/* libFuzzer target: the tensor file readers. The first byte picks the format: even, an
   ONNX TensorProto (.pb; what is read is written back and must read back the same); odd,
   a .npy file. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dmlp_onnx.h"
#include "io/npy.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_pb(const uint8_t *data, size_t size)
{
    dmlp_onnx_tensor t;
    if (dmlp_onnx_tensor_load_memory(data, size, &t) != DMLP_OK)
        return;
    void *bytes = NULL;
    size_t n = 0;
    if (dmlp_onnx_tensor_save_memory(&t, &bytes, &n) == DMLP_OK) {
        dmlp_onnx_tensor back;
        if (dmlp_onnx_tensor_load_memory(bytes, n, &back) != DMLP_OK)
            abort();
        if (back.type != t.type || back.rank != t.rank || back.size_in_bytes != t.size_in_bytes ||
            (t.rank && memcmp(back.dims, t.dims, t.rank * sizeof *t.dims) != 0) ||
            (t.size_in_bytes && memcmp(back.data, t.data, (size_t)t.size_in_bytes) != 0))
            abort(); /* the round trip changed the tensor */
        dmlp_onnx_tensor_clear(&back);
        free(bytes);
    }
    dmlp_onnx_tensor_clear(&t);
}

static void check_npy(const uint8_t *data, size_t size)
{
    dmlp__npy npy;
    if (dmlp__npy_read_memory(data, size, &npy) != DMLP_OK)
        return;
    volatile uint8_t sink = 0;
    for (size_t b = 0; b < npy.data_size; b++)
        sink ^= ((const uint8_t *)npy.data)[b];
    (void)sink;
    dmlp__npy_free(&npy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    if (data[0] & 1)
        check_npy(data + 1, size - 1);
    else
        check_pb(data + 1, size - 1);
    return 0;
}
