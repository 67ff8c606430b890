/* libFuzzer target: the tensor file readers. The first byte picks the format: even, an
   ONNX TensorProto (.pb; what is read is written back and must read back the same); odd,
   a .npy file, read from memory and from a file descriptor (the reader that takes the
   header first and then only the payload it announces): both must agree. */
#include <stdint.h>
#include <stdio.h>
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

/* The same bytes through dmlp__npy_read_fd (a temporary file) must give the same
   tensor, or fail when reading from memory fails. */
static void check_npy_fd(const uint8_t *data, size_t size, dmlp_status memory_status,
                         const dmlp__npy *from_memory)
{
    FILE *f = tmpfile();
    if (!f)
        return;
    if (size && fwrite(data, 1, size, f) != size) {
        fclose(f);
        return;
    }
    fflush(f);
    rewind(f);
    dmlp__npy npy;
    dmlp_status s = dmlp__npy_read_fd(fileno(f), &npy);
    fclose(f);
    if ((s == DMLP_OK) != (memory_status == DMLP_OK))
        abort(); /* the two readers disagree on whether the file is good */
    if (s != DMLP_OK)
        return;
    if (npy.type != from_memory->type || npy.ndim != from_memory->ndim ||
        npy.data_size != from_memory->data_size ||
        memcmp(npy.shape, from_memory->shape, sizeof npy.shape) != 0 ||
        (npy.data_size && memcmp(npy.data, from_memory->data, npy.data_size) != 0))
        abort();
    dmlp__npy_free(&npy);
}

static void check_npy(const uint8_t *data, size_t size)
{
    dmlp__npy npy;
    dmlp_status s = dmlp__npy_read_memory(data, size, &npy);
    check_npy_fd(data, size, s, &npy);
    if (s != DMLP_OK)
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
