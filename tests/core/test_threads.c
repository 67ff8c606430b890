/* test_threads — devices and threads: large tensors give the same bytes on 1, 2, 3 and 7
   threads (and the reference's bytes), Softmax rows likewise; one operator executed from
   4 threads at once with different buffers; devices created and destroyed in a loop;
   dmlp_device_create's arguments and DMLP_NUM_THREADS. */
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/device.h"
#include "core/operator.h"
#include "dmlp.h"
#include "kernels/kernels.h"
#include "test_util.h"

#define GUARD 64u

static uint64_t rng_state = 0x2545f4914f6cdd1du;

static uint64_t rnd(void) { return test_rng(&rng_state); }

static void fill_random(unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (unsigned char)rnd();
}

typedef struct big_case {
    const char *what;
    DML_OPERATOR_TYPE op;
    DML_TENSOR_DATA_TYPE type;
    uint32_t dims;
    uint32_t sizes[4];
    const uint32_t *in_strides;
    const uint32_t *out_strides;
    uint32_t out_misalign; /* bytes added to the output offset */
} big_case;

static uint32_t size_of(DML_TENSOR_DATA_TYPE t)
{
    return t == DML_TENSOR_DATA_TYPE_FLOAT64 ? 8
           : t == DML_TENSOR_DATA_TYPE_FLOAT32 ? 4
           : t == DML_TENSOR_DATA_TYPE_UINT8   ? 1
                                               : 2;
}

static dmlp_operator *create_op(dmlp_device *device, DML_OPERATOR_TYPE type,
                                DML_TENSOR_DATA_TYPE in_type, uint32_t dims,
                                const uint32_t *sizes, const uint32_t *in_strides,
                                const uint32_t *out_strides, uint64_t *in_total,
                                uint64_t *out_total)
{
    DML_TENSOR_DATA_TYPE out_type =
        type == DML_OPERATOR_ELEMENT_WISE_IS_INFINITY ? DML_TENSOR_DATA_TYPE_UINT8 : in_type;
    *in_total = dmlp_calc_buffer_tensor_size(in_type, dims, sizes, in_strides);
    *out_total = dmlp_calc_buffer_tensor_size(out_type, dims, sizes, out_strides);
    DML_BUFFER_TENSOR_DESC in_desc = {in_type, DML_TENSOR_FLAG_NONE, dims, sizes, in_strides,
                                      *in_total, 0};
    DML_BUFFER_TENSOR_DESC out_desc = {out_type, DML_TENSOR_FLAG_NONE, dims, sizes, out_strides,
                                       *out_total, 0};
    DML_TENSOR_DESC in = {DML_TENSOR_TYPE_BUFFER, &in_desc};
    DML_TENSOR_DESC out = {DML_TENSOR_TYPE_BUFFER, &out_desc};
    DML_ELEMENT_WISE_SIGN_OPERATOR_DESC two = {&in, &out};
    DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC isinf = {&in, &out, DML_IS_INFINITY_MODE_EITHER};
    DML_OPERATOR_DESC desc = {type, type == DML_OPERATOR_ELEMENT_WISE_IS_INFINITY
                                        ? (const void *)&isinf
                                        : (const void *)&two};
    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &desc, 0, &op), DMLP_OK);
    return op;
}

/* Runs c on the device; returns the whole output buffer (guards included) or NULL. */
static unsigned char *run_big(dmlp_device *device, const big_case *c, const unsigned char *input,
                              size_t *out_bytes)
{
    uint64_t in_total, out_total;
    dmlp_operator *op = create_op(device, c->op, c->type, c->dims, c->sizes, c->in_strides,
                                  c->out_strides, &in_total, &out_total);
    if (!op)
        return NULL;
    /* Big enough that every thread of the device gets work. */
    CHECK(op->plan.max_threads >= 7, "%s: plan uses at most %u threads", c->what,
          op->plan.max_threads);
    *out_bytes = (size_t)out_total + 2 * GUARD + c->out_misalign;
    /* On a 64-byte line, so out_misalign sets where the output starts within a line. */
    unsigned char *out = aligned_alloc(64, (*out_bytes + 63) & ~(size_t)63);
    if (out) {
        memset(out, 0x5c, *out_bytes);
        dmlp_buffer_binding ib = {(void *)input, GUARD, in_total};
        dmlp_buffer_binding ob = {out, GUARD + c->out_misalign, out_total};
        CHECK_STATUS(dmlp_operator_execute(op, 1, &ib, 1, &ob), DMLP_OK);
    }
    dmlp_operator_destroy(op);
    return out;
}

/* The thread counts each result is compared across, the first the one compared to. */
static const uint32_t thread_counts[4] = {1, 2, 3, 7};

/* A device for each of thread_counts (extensions on); 0 when all four were made. The
   caller destroys them (NULL entries too). */
static int open_devices(dmlp_device *devices[4])
{
    int made = 0;
    for (int i = 0; i < 4; i++) {
        dmlp_device_desc desc = {(DML_FEATURE_LEVEL)0, thread_counts[i],
                                 DMLP_DEVICE_FLAG_EXTENSIONS};
        devices[i] = NULL;
        CHECK_STATUS(dmlp_device_create(&desc, &devices[i]), DMLP_OK);
        made += devices[i] != NULL;
    }
    return made == 4 ? 0 : -1;
}

static void same_bytes_on_every_thread_count(void)
{
    static const uint32_t padded_rows[2] = {1003, 1};
    static const uint32_t broadcast_rows[2] = {0, 1};
    static const uint32_t transposed[2] = {1, 1500};
    const big_case cases[] = {
        {"f32 sign", DML_OPERATOR_ELEMENT_WISE_SIGN, DML_TENSOR_DATA_TYPE_FLOAT32, 1,
         {1300001}, NULL, NULL, 0},
        {"f32 softsign, output off a line", DML_OPERATOR_ACTIVATION_SOFTSIGN,
         DML_TENSOR_DATA_TYPE_FLOAT32, 1, {1300001}, NULL, NULL, 12},
        {"f32 sign, a multiple of 2^18 elements, output 12 bytes into a line",
         DML_OPERATOR_ELEMENT_WISE_SIGN, DML_TENSOR_DATA_TYPE_FLOAT32, 1, {5u << 18}, NULL,
         NULL, 12},
        {"f16 softsign", DML_OPERATOR_ACTIVATION_SOFTSIGN, DML_TENSOR_DATA_TYPE_FLOAT16, 2,
         {3, 1000003}, NULL, NULL, 2},
        {"f64 isinf", DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, DML_TENSOR_DATA_TYPE_FLOAT64, 1,
         {700001}, NULL, NULL, 5},
        {"f32 sign, padded rows", DML_OPERATOR_ELEMENT_WISE_SIGN, DML_TENSOR_DATA_TYPE_FLOAT32,
         2, {1500, 1000}, padded_rows, padded_rows, 0},
        {"f32 softsign, broadcast rows", DML_OPERATOR_ACTIVATION_SOFTSIGN,
         DML_TENSOR_DATA_TYPE_FLOAT32, 2, {1500, 1000}, broadcast_rows, NULL, 4},
        {"f32 sign, transposed input", DML_OPERATOR_ELEMENT_WISE_SIGN,
         DML_TENSOR_DATA_TYPE_FLOAT32, 2, {1500, 1000}, transposed, NULL, 0},
    };
    dmlp_device *devices[4];
    if (open_devices(devices) != 0)
        goto done;
    /* Under ThreadSanitizer (every access checked) every third case: the races are the
       same in each. */
#ifdef THREAD_SANITIZED
    const size_t step = 3;
#else
    const size_t step = 1;
#endif
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k += step) {
        const big_case *c = &cases[k];
        uint64_t in_total = dmlp_calc_buffer_tensor_size(c->type, c->dims, c->sizes, c->in_strides);
        size_t in_bytes = (size_t)in_total + 2 * GUARD;
        unsigned char *input = malloc(in_bytes);
        if (!input) {
            CHECK(0, "out of memory");
            continue;
        }
        fill_random(input, in_bytes);
        /* A share of infinities and zeros so that every result value occurs. */
        uint32_t isz = size_of(c->type);
        for (size_t i = GUARD; i + 8 <= in_bytes; i += 24 * (size_t)isz) {
            if (isz == 4)
                memcpy(input + i, &(uint32_t){0x7f800000u}, 4);
            else if (isz == 8)
                memcpy(input + i, &(uint64_t){0xfff0000000000000u}, 8);
            else
                memcpy(input + i, &(uint16_t){0}, 2);
        }

        size_t first_bytes = 0;
        unsigned char *first = run_big(devices[0], c, input, &first_bytes);
        CHECK(first != NULL, "%s on 1 thread", c->what);
        if (first && !c->in_strides && !c->out_strides) {
            /* Packed: the reference kernel over the whole run gives the same bytes. */
            unsigned char *expected = malloc(first_bytes);
            if (expected) {
                memset(expected, 0x5c, first_bytes);
                dmlp__kernel_args args;
                memset(&args, 0, sizeof args);
                uint64_t n = 1;
                for (uint32_t d = 0; d < c->dims; d++)
                    n *= c->sizes[d];
                dmlp__reference_kernel(c->op, c->type)((size_t)n, input + GUARD,
                                                        expected + GUARD + c->out_misalign, &args);
                CHECK(memcmp(first, expected, first_bytes) == 0, "%s: 1 thread vs reference",
                      c->what);
                free(expected);
            }
        }
        for (int i = 1; i < 4 && first; i++) {
            size_t bytes = 0;
            unsigned char *other = run_big(devices[i], c, input, &bytes);
            CHECK(other && bytes == first_bytes && memcmp(other, first, bytes) == 0,
                  "%s: %u threads differ from 1 thread", c->what, thread_counts[i]);
            free(other);
        }
        free(first);
        free(input);
    }
done:
    for (int i = 0; i < 4; i++)
        dmlp_device_destroy(devices[i]);
}

/* Softmax rows on the vector lanes, each chunk of rows with its own scratch (the kept
   exponentials included), shared among the threads: the bytes are the same on every
   thread count. Values of a small grid, so every row takes the lanes. */
static void softmax_rows_on_every_thread_count(void)
{
    enum { ROWS = 48, LENGTH = 20000 };
    uint32_t sizes[2] = {ROWS, LENGTH};
    dmlp_device *devices[4];
    float *input = malloc(sizeof(float) * ROWS * LENGTH);
    float *first = malloc(sizeof(float) * ROWS * LENGTH);
    float *other = malloc(sizeof(float) * ROWS * LENGTH);
    if (open_devices(devices) != 0 || !input || !first || !other) {
        CHECK(input && first && other, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < (size_t)ROWS * LENGTH; i++)
        input[i] = (float)((int)(rnd() % 2001) - 1000) / 64.0f;
    for (int d = 0; d < 4; d++) {
        uint64_t in_total, out_total;
        dmlp_operator *op = create_op(devices[d], DML_OPERATOR_ACTIVATION_SOFTMAX,
                                      DML_TENSOR_DATA_TYPE_FLOAT32, 2, sizes, NULL, NULL,
                                      &in_total, &out_total);
        float *out = d == 0 ? first : other;
        memset(out, 0x5c, out_total);
        if (op) {
            dmlp_buffer_binding ib = {input, 0, in_total}, ob = {out, 0, out_total};
            CHECK_STATUS(dmlp_operator_execute(op, 1, &ib, 1, &ob), DMLP_OK);
        }
        if (d == 0) {
            double row_sum = 0; /* a plausibility check; test_softmax checks the values */
            for (size_t i = 0; i < LENGTH; i++)
                row_sum += first[i];
            CHECK(row_sum > 0.999 && row_sum < 1.001, "softmax row 0 sums to %g", row_sum);
        } else {
            CHECK(memcmp(first, other, out_total) == 0,
                  "softmax rows: %u threads differ from 1 thread", thread_counts[d]);
        }
        dmlp_operator_destroy(op);
    }
done:
    for (int d = 0; d < 4; d++)
        dmlp_device_destroy(devices[d]);
    free(input);
    free(first);
    free(other);
}

/* ---- one operator, four calling threads ---------------------------------------------- */

#define CONCURRENT_ELEMENTS (1u << 20)
#ifdef THREAD_SANITIZED
#define CONCURRENT_ROUNDS 1
#else
#define CONCURRENT_ROUNDS 3
#endif

typedef struct caller {
    pthread_t thread;
    dmlp_operator *big;
    dmlp_operator *small;
    unsigned seed;
    int failures;
    int runs;
} caller;

static void *caller_main(void *arg)
{
    caller *c = arg;
    size_t bytes = (size_t)CONCURRENT_ELEMENTS * 4;
    float *in = malloc(bytes), *out = malloc(bytes), *expected = malloc(bytes);
    if (!in || !out || !expected) {
        c->failures++;
        goto done;
    }
    for (uint32_t i = 0; i < CONCURRENT_ELEMENTS; i++)
        in[i] = (float)((int)(i * 2654435761u ^ c->seed) % 20001 - 10000) / 97.0f;
    dmlp__kernel_args args;
    memset(&args, 0, sizeof args);
    dmlp__reference_kernel(DML_OPERATOR_ACTIVATION_SOFTSIGN, DML_TENSOR_DATA_TYPE_FLOAT32)(
        CONCURRENT_ELEMENTS, in, expected, &args);
    for (int round = 0; round < CONCURRENT_ROUNDS; round++) {
        memset(out, 0, bytes);
        dmlp_buffer_binding ib = {in, 0, bytes};
        dmlp_buffer_binding ob = {out, 0, bytes};
        if (dmlp_operator_execute(c->big, 1, &ib, 1, &ob) != DMLP_OK ||
            memcmp(out, expected, bytes) != 0)
            c->failures++;
        c->runs++;
        /* Many small runs in between: these never touch the pool. */
        for (int s = 0; s < 200; s++) {
            dmlp_buffer_binding sib = {in + s, 0, 64};
            dmlp_buffer_binding sob = {out, 0, 64};
            if (dmlp_operator_execute(c->small, 1, &sib, 1, &sob) != DMLP_OK ||
                memcmp(out, expected + s, 64) != 0)
                c->failures++;
            c->runs++;
        }
    }
done:
    free(expected);
    free(out);
    free(in);
    return NULL;
}

static void concurrent_execute(void)
{
    dmlp_device_desc desc = {(DML_FEATURE_LEVEL)0, 3, 0};
    dmlp_device *device = NULL;
    CHECK_STATUS(dmlp_device_create(&desc, &device), DMLP_OK);
    if (!device)
        return;
    uint64_t in_total, out_total;
    uint32_t big_sizes[1] = {CONCURRENT_ELEMENTS};
    uint32_t small_sizes[1] = {16};
    dmlp_operator *big = create_op(device, DML_OPERATOR_ACTIVATION_SOFTSIGN,
                                   DML_TENSOR_DATA_TYPE_FLOAT32, 1, big_sizes, NULL, NULL,
                                   &in_total, &out_total);
    dmlp_operator *small = create_op(device, DML_OPERATOR_ACTIVATION_SOFTSIGN,
                                     DML_TENSOR_DATA_TYPE_FLOAT32, 1, small_sizes, NULL, NULL,
                                     &in_total, &out_total);
    caller callers[4];
    int started = 0;
    if (big && small) {
        for (int i = 0; i < 4; i++) {
            callers[i] = (caller){0, big, small, 0x1234u * (unsigned)(i + 1), 0, 0};
            if (pthread_create(&callers[i].thread, NULL, caller_main, &callers[i]) != 0)
                break;
            started++;
        }
        CHECK(started == 4, "started %d caller threads", started);
        for (int i = 0; i < started; i++) {
            pthread_join(callers[i].thread, NULL);
            CHECK(callers[i].failures == 0, "caller %d: %d of %d runs wrong", i,
                  callers[i].failures, callers[i].runs);
            CHECK(callers[i].runs == CONCURRENT_ROUNDS * 201, "caller %d ran %d times", i, callers[i].runs);
        }
    }
    dmlp_operator_destroy(small);
    dmlp_operator_destroy(big);
    dmlp_device_destroy(device);
}

/* ---- device lifetime and arguments --------------------------------------------------- */

static void create_destroy_loop(void)
{
    static float in[1u << 18], out[1u << 18];
    for (uint32_t i = 0; i < (1u << 18); i++)
        in[i] = (float)i - 30000.0f;
    for (int round = 0; round < 40; round++) {
        dmlp_device_desc desc = {(DML_FEATURE_LEVEL)0, 1 + (uint32_t)round % 5, 0};
        dmlp_device *device = NULL;
        CHECK_STATUS(dmlp_device_create(&desc, &device), DMLP_OK);
        if (!device)
            continue;
        if (round % 4 == 0) { /* sometimes use the threads before tearing them down */
            uint32_t sizes[1] = {1u << 18}; /* 2 MiB moved: several threads */
            uint64_t it, ot;
            dmlp_operator *op = create_op(device, DML_OPERATOR_ELEMENT_WISE_SIGN,
                                          DML_TENSOR_DATA_TYPE_FLOAT32, 1, sizes, NULL, NULL,
                                          &it, &ot);
            dmlp_buffer_binding ib = {in, 0, sizeof in};
            dmlp_buffer_binding ob = {out, 0, sizeof out};
            CHECK_STATUS(dmlp_operator_execute(op, 1, &ib, 1, &ob), DMLP_OK);
            CHECK(out[0] == -1.0f && out[30000] == 0.0f && out[(1u << 18) - 1] == 1.0f,
                  "round %d: %g %g %g", round, out[0], out[30000], out[(1u << 18) - 1]);
            dmlp_operator_destroy(op);
        }
        dmlp_device_destroy(device);
    }
    dmlp_device_destroy(NULL);
}

static uint32_t affinity_cores(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return (uint32_t)CPU_COUNT(&set);
    return (uint32_t)sysconf(_SC_NPROCESSORS_ONLN);
}

static uint32_t threads_of(const dmlp_device_desc *desc)
{
    dmlp_device *device = NULL;
    CHECK_STATUS(dmlp_device_create(desc, &device), DMLP_OK);
    uint32_t n = device ? device->thread_count : 0;
    dmlp_device_destroy(device);
    return n;
}

static void device_arguments(void)
{
    dmlp_device *device = (dmlp_device *)(uintptr_t)1; /* must stay untouched on failure */
    dmlp_device_desc desc = {(DML_FEATURE_LEVEL)0x0fff, 1, 0};
    CHECK_STATUS(dmlp_device_create(&desc, &device), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "feature_level is 0xfff");
    desc.feature_level = (DML_FEATURE_LEVEL)0x100;
    CHECK_STATUS(dmlp_device_create(&desc, &device), DMLP_ERROR_INVALID_ARGUMENT);
    desc.feature_level = DML_FEATURE_LEVEL_2_0;
    desc.flags = 0x2;
    CHECK_STATUS(dmlp_device_create(&desc, &device), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "flags is 0x2");
    CHECK(device == (dmlp_device *)(uintptr_t)1, "device written on failure");
    CHECK_STATUS(dmlp_device_create(NULL, NULL), DMLP_ERROR_INVALID_ARGUMENT);

    /* Levels: 0 is 6_4; any value from 1_0 up is kept. */
    device = NULL;
    CHECK_STATUS(dmlp_device_create(NULL, &device), DMLP_OK);
    if (device) {
        CHECK_EQ_U64(device->feature_level, 0x6400, "NULL desc");
        CHECK_EQ_U64(device->flags, 0, "NULL desc");
        dmlp_device_destroy(device);
    }
    const uint32_t levels[] = {0x1000, 0x2050, 0x6400, 0x7000};
    for (size_t i = 0; i < 4; i++) {
        desc = (dmlp_device_desc){(DML_FEATURE_LEVEL)levels[i], 1, DMLP_DEVICE_FLAG_EXTENSIONS};
        device = NULL;
        CHECK_STATUS(dmlp_device_create(&desc, &device), DMLP_OK);
        if (device)
            CHECK_EQ_U64(device->feature_level, levels[i], "level");
        dmlp_device_destroy(device);
    }

    /* Thread counts: explicit, the cores, DMLP_NUM_THREADS, the cap. */
    uint32_t cores = affinity_cores();
    unsetenv("DMLP_NUM_THREADS");
    desc = (dmlp_device_desc){(DML_FEATURE_LEVEL)0, 0, 0};
    CHECK_EQ_U64(threads_of(&desc), cores, "thread_count 0, no DMLP_NUM_THREADS");
    CHECK_EQ_U64(threads_of(NULL), cores, "NULL desc");
    setenv("DMLP_NUM_THREADS", "3", 1);
    CHECK_EQ_U64(threads_of(&desc), 3, "DMLP_NUM_THREADS=3");
    CHECK_EQ_U64(threads_of(NULL), 3, "NULL desc, DMLP_NUM_THREADS=3");
    desc.thread_count = 2;
    CHECK_EQ_U64(threads_of(&desc), 2, "explicit 2 wins over DMLP_NUM_THREADS");
    desc.thread_count = 0;
    setenv("DMLP_NUM_THREADS", "1", 1);
    CHECK_EQ_U64(threads_of(&desc), 1, "DMLP_NUM_THREADS=1");
    setenv("DMLP_NUM_THREADS", "many", 1);
    CHECK_EQ_U64(threads_of(&desc), cores, "DMLP_NUM_THREADS=many is ignored");
    setenv("DMLP_NUM_THREADS", "0", 1);
    CHECK_EQ_U64(threads_of(&desc), cores, "DMLP_NUM_THREADS=0 is ignored");
    setenv("DMLP_NUM_THREADS", "-4", 1);
    CHECK_EQ_U64(threads_of(&desc), cores, "DMLP_NUM_THREADS=-4 is ignored");
    /* strtoul would skip the blank and negate: 2^64 - 4, capped to 256 threads */
    setenv("DMLP_NUM_THREADS", " -4", 1);
    CHECK_EQ_U64(threads_of(&desc), cores, "DMLP_NUM_THREADS=' -4' is ignored");
    setenv("DMLP_NUM_THREADS", "\t-1", 1);
    CHECK_EQ_U64(threads_of(&desc), cores, "DMLP_NUM_THREADS='\\t-1' is ignored");
    setenv("DMLP_NUM_THREADS", "100000", 1);
    CHECK_EQ_U64(threads_of(&desc), DMLP__MAX_THREADS, "DMLP_NUM_THREADS=100000 is capped");
    unsetenv("DMLP_NUM_THREADS");
    desc.thread_count = 5000;
    CHECK_EQ_U64(threads_of(&desc), DMLP__MAX_THREADS, "thread_count 5000 is capped");
}

int main(void)
{
    device_arguments();
    create_destroy_loop();
    same_bytes_on_every_thread_count();
    softmax_rows_on_every_thread_count();
    concurrent_execute();
    return test_finish("test_threads");
}
