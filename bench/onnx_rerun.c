/* bench_onnx_rerun: the time of one dmlp_onnx_model_run of a small model, run many times
   with the same inputs (the per-run cost a caller pays: binding, the compiled graph, the
   outputs). Through dmlp_onnx.h (and the C library's monotonic clock) only, so the same
   source times any version of the library.

       bench_onnx_rerun [MODEL.onnx] [--size N] [--runs N] [--rounds N] [--threads N]

   MODEL defaults to the exported Sign(Softsign(x)) of tests/onnx/exported (x: [batch, 8]).
   Each graph input without a default is fed zeros and small numbers in its declared shape,
   with every symbolic or unknown dimension --size (default 2: 16 elements for the default
   model). Prints the median, lowest and highest time per run over the rounds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dmlp_onnx.h"

#ifndef DMLP_SOURCE_DIR
#define DMLP_SOURCE_DIR "."
#endif

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int fail(const char *what)
{
    fprintf(stderr, "bench_onnx_rerun: %s\n", what);
    return 1;
}

int main(int argc, char **argv)
{
    const char *path =
        DMLP_SOURCE_DIR "/tests/onnx/exported/chain_sign_of_softsign_f32_opset13/model.onnx";
    long size = 2, runs = 20000, rounds = 7, threads = 1;
    for (int i = 1; i < argc; i++) {
        long *v = strcmp(argv[i], "--size") == 0      ? &size
                  : strcmp(argv[i], "--runs") == 0    ? &runs
                  : strcmp(argv[i], "--rounds") == 0  ? &rounds
                  : strcmp(argv[i], "--threads") == 0 ? &threads
                                                      : NULL;
        if (v && i + 1 < argc)
            *v = strtol(argv[++i], NULL, 10);
        else if (argv[i][0] != '-')
            path = argv[i];
        else
            return fail("usage: bench_onnx_rerun [MODEL.onnx] [--size N] [--runs N] "
                        "[--rounds N] [--threads N]");
    }
    if (size < 0 || size > 4096 || runs < 1 || rounds < 1 || rounds > 101 || threads < 0)
        return fail("--size 0..4096, --runs >= 1, --rounds 1..101, --threads >= 0");
    dmlp_onnx_options options = {(uint32_t)threads};
    dmlp_onnx_model *model = NULL;
    if (dmlp_onnx_model_load_file(path, &options, &model) != DMLP_OK)
        return fail(dmlp_last_error());
    uint32_t count = dmlp_onnx_model_input_count(model), fed = 0;
    dmlp_onnx_tensor *inputs = calloc(count ? count : 1, sizeof *inputs);
    int64_t(*dims)[DMLP_ONNX_MAX_RANK] = calloc(count ? count : 1, sizeof *dims);
    int status = inputs && dims ? 0 : fail("out of memory");
    uint64_t elements = 0;
    for (uint32_t k = 0; k < count && status == 0; k++) {
        dmlp_onnx_value_info info;
        dmlp_onnx_model_input(model, k, &info);
        if (info.has_default)
            continue;
        if (!info.has_shape || info.rank > DMLP_ONNX_MAX_RANK ||
            !dmlp_onnx_type_size(info.type)) {
            status = fail("an input without a shape, of a rank above 8 or of a type dmlp "
                          "cannot hold");
            break;
        }
        uint64_t n = 1;
        for (uint32_t d = 0; d < info.rank; d++) {
            dims[fed][d] = info.dims[d] >= 0 ? info.dims[d] : size;
            n *= (uint64_t)dims[fed][d];
        }
        uint32_t bytes = dmlp_onnx_type_size(info.type);
        unsigned char *data = calloc(n ? n : 1, bytes);
        if (!data || n > (1u << 24)) {
            free(data);
            status = fail("an input of more than 2^24 elements, or out of memory");
            break;
        }
        for (uint64_t e = 0; e < n; e++) /* small values: a number in any type */
            data[e * bytes] = (unsigned char)(e % 3);
        inputs[fed] = (dmlp_onnx_tensor){info.name, info.type, info.rank, dims[fed], data,
                                         n * bytes};
        elements += n;
        fed++;
    }
    double *per_run = calloc((size_t)rounds, sizeof *per_run);
    if (status == 0 && !per_run)
        status = fail("out of memory");
    for (long r = -1; r < rounds && status == 0; r++) { /* round -1 warms up */
        double start = seconds();
        for (long i = 0; i < runs && status == 0; i++) {
            dmlp_onnx_result *result = NULL;
            if (dmlp_onnx_model_run(model, fed, inputs, &result) != DMLP_OK)
                status = fail(dmlp_last_error());
            dmlp_onnx_result_free(result);
        }
        if (r >= 0)
            per_run[r] = (seconds() - start) / (double)runs;
    }
    if (status == 0) {
        qsort(per_run, (size_t)rounds, sizeof *per_run, by_value);
        printf("%s: %llu input elements, threads %ld: %.2f us per run (median of %ld rounds "
               "of %ld runs; %.2f to %.2f)\n",
               path, (unsigned long long)elements, threads, per_run[rounds / 2] * 1e6, rounds,
               runs, per_run[0] * 1e6, per_run[rounds - 1] * 1e6);
    }
    for (uint32_t k = 0; k < fed; k++)
        free((void *)inputs[k].data);
    free(inputs);
    free(dims);
    free(per_run);
    dmlp_onnx_model_free(model);
    return status;
}
