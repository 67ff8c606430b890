/* The measured choices (core/tune.h): every strategy forced through DMLP_TUNE gives the
   same bits through the public API (odd sizes, pointers off their alignment, padded
   rows, in place, 1 and 2 threads); DMLP_TUNE is read as documented; a corrupt, cut,
   foreign or unwritable cache file is ignored without a crash and the results stay the
   same; a calibration cut short by its time budget is kept; the calibration keeps to the
   memory budget. */
#include <dirent.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/memory_budget.h"
#include "core/tune.h"
#include "dmlp.h"
#include "test_util.h"

#define SIGN DML_OPERATOR_ELEMENT_WISE_SIGN
#define SOFT DML_OPERATOR_ACTIVATION_SOFTSIGN
#define ISINF DML_OPERATOR_ELEMENT_WISE_IS_INFINITY
#define CLIP DML_OPERATOR_ELEMENT_WISE_CLIP
#define THRESHOLD DML_OPERATOR_ELEMENT_WISE_THRESHOLD
#define GREATER DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN
#define EXP DML_OPERATOR_ELEMENT_WISE_EXP
#define MIB_ (UINT64_C(1) << 20)

/* Strategies: all streaming knobs forced, so none is measured (the test stays quick). */
static const char *const strategies[] = {
    "defaults",
    "prefetch=none,distance=0,stream_from=never,chunk=64k,softsign=div,unroll=on,"
    "compare_f16=keys,clip=max,threshold=keys,table16=loop",
    "prefetch=t0,distance=64,stream_from=0,chunk=4k,softsign=recip,unroll=off,"
    "compare_f16=halves,clip=keys,threshold=max,table16=gather",
    "prefetch=nta,distance=16k,narrow_prefetch=t0,narrow_distance=1k,stream_from=0,chunk=1m,"
    "softsign=recip,unroll=on,compare_f16=halves,clip=keys,threshold=keys",
    "prefetch=t0,distance=4k,stream_from=1m,chunk=256k,softsign_f32=recip,softsign_f16=div,"
    "softsign_bf16=recip,unroll=off,compare_f16=keys,clip=max,threshold=max",
};
#define STRATEGY_COUNT (sizeof strategies / sizeof strategies[0])

typedef struct kind {
    DML_OPERATOR_TYPE op;
    DML_TENSOR_DATA_TYPE type;
    uint32_t size;
    const char *name;
} kind;

static const kind kinds[] = {
    {SIGN, DML_TENSOR_DATA_TYPE_INT8, 1, "sign i8"},
    {SIGN, DML_TENSOR_DATA_TYPE_FLOAT32, 4, "sign f32"},
    {SIGN, DML_TENSOR_DATA_TYPE_FLOAT64, 8, "sign f64"},
    {SOFT, DML_TENSOR_DATA_TYPE_FLOAT16, 2, "softsign f16"},
    {SOFT, DMLP_TENSOR_DATA_TYPE_BFLOAT16, 2, "softsign bf16"},
    {SOFT, DML_TENSOR_DATA_TYPE_FLOAT32, 4, "softsign f32"},
    {SOFT, DML_TENSOR_DATA_TYPE_FLOAT64, 8, "softsign f64"},
    {ISINF, DML_TENSOR_DATA_TYPE_FLOAT32, 4, "isinf f32"},
    {ISINF, DML_TENSOR_DATA_TYPE_FLOAT64, 8, "isinf f64"},
    {CLIP, DML_TENSOR_DATA_TYPE_FLOAT16, 2, "clip f16"},
    {CLIP, DML_TENSOR_DATA_TYPE_FLOAT32, 4, "clip f32"},
    {THRESHOLD, DMLP_TENSOR_DATA_TYPE_BFLOAT16, 2, "threshold bf16"},
    {THRESHOLD, DML_TENSOR_DATA_TYPE_FLOAT64, 8, "threshold f64"},
    {GREATER, DML_TENSOR_DATA_TYPE_FLOAT16, 2, "greater f16"}, /* B: the bytes after A's */
    {EXP, DML_TENSOR_DATA_TYPE_FLOAT16, 2, "exp f16"}, /* a table of results */
};
/* The kinds whose output is UINT8, never in place. */
#define NARROWS(op) ((op) == ISINF || (op) == GREATER)
#define KIND_COUNT (sizeof kinds / sizeof kinds[0])

/* Layouts: rows x cols, odd; packed, padded rows (input), in place. Above 1 MiB of output
   so that the streaming choices apply. */
enum { ROWS = 301, COLS = 1031, PAD = 5 };
typedef enum layout { PACKED, PADDED, IN_PLACE, LAYOUT_COUNT } layout;
static const char *const layout_names[] = {"packed", "padded", "in place"};
/* Where the tensors start past a 64-byte line: aligned, one element, odd bytes. */
static const size_t skews[] = {0, 8, 3};

static uint64_t rng_state = 0x2545f4914f6cdd1du;
static uint64_t rng(void) { return test_rng(&rng_state); }

/* Input bits: random patterns with every special value sprinkled in. */
static void fill(unsigned char *p, size_t bytes)
{
    rng_state = 0x2545f4914f6cdd1du;
    for (size_t i = 0; i < bytes; i++)
        p[i] = (unsigned char)(rng() >> 24);
}

/* Runs one op x layout x skew; writes the output (the logical tensor, packed) to result.
   Returns 0 on an API failure (reported). */
static int run_case(dmlp_device *device, const kind *k, layout l, size_t skew,
                    unsigned char *result)
{
    DML_TENSOR_DATA_TYPE out_type = NARROWS(k->op) ? DML_TENSOR_DATA_TYPE_UINT8 : k->type;
    uint32_t out_size = NARROWS(k->op) ? 1 : k->size;
    uint32_t sizes[4] = {1, 1, ROWS, COLS};
    uint32_t padded[4] = {ROWS * (COLS + PAD), ROWS * (COLS + PAD), COLS + PAD, 1};
    const uint32_t *in_strides = l == PADDED ? padded : NULL;
    uint64_t in_bytes = dmlp_calc_buffer_tensor_size(k->type, 4, sizes, in_strides);
    uint64_t out_bytes = dmlp_calc_buffer_tensor_size(out_type, 4, sizes, NULL);
    DML_BUFFER_TENSOR_DESC in_desc = {k->type, DML_TENSOR_FLAG_NONE, 4, sizes, in_strides,
                                      in_bytes, 0};
    DML_BUFFER_TENSOR_DESC out_desc = {out_type, DML_TENSOR_FLAG_NONE, 4, sizes, NULL,
                                       out_bytes, 0};
    DML_TENSOR_DESC in_t = {DML_TENSOR_TYPE_BUFFER, &in_desc};
    DML_TENSOR_DESC out_t = {DML_TENSOR_TYPE_BUFFER, &out_desc};
    DML_ELEMENT_WISE_SIGN_OPERATOR_DESC sign = {&in_t, &out_t};
    DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC soft = {&in_t, &out_t};
    DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC isinf = {&in_t, &out_t,
                                                         DML_IS_INFINITY_MODE_EITHER};
    DML_ELEMENT_WISE_CLIP_OPERATOR_DESC clip = {&in_t, &out_t, NULL, -1.0f, 6.0f};
    DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC threshold = {&in_t, &out_t, NULL, -0.5f};
    DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OPERATOR_DESC greater = {&in_t, &in_t, &out_t};
    DML_ELEMENT_WISE_EXP_OPERATOR_DESC exp = {&in_t, &out_t, NULL};
    DML_OPERATOR_DESC desc = {k->op, k->op == SIGN        ? (const void *)&sign
                                     : k->op == SOFT      ? (const void *)&soft
                                     : k->op == CLIP      ? (const void *)&clip
                                     : k->op == THRESHOLD ? (const void *)&threshold
                                     : k->op == GREATER   ? (const void *)&greater
                                     : k->op == EXP       ? (const void *)&exp
                                                          : (const void *)&isinf};
    dmlp_operator *op = NULL;
    dmlp_status s = dmlp_operator_create(device, &desc, DML_EXECUTION_FLAG_NONE, &op);
    CHECK(s == DMLP_OK, "%s %s: create: %s", k->name, layout_names[l], dmlp_last_error());
    if (s != DMLP_OK)
        return 0;
    uint32_t inputs = k->op == GREATER ? 2 : 1;
    unsigned char *in_buf = malloc(inputs * in_bytes + 128), *out_buf = malloc(out_bytes + 128);
    int ok = in_buf && out_buf;
    if (ok) {
        unsigned char *in = in_buf + (64 - (uintptr_t)in_buf % 64) + skew;
        unsigned char *out = out_buf + (64 - (uintptr_t)out_buf % 64) + skew;
        fill(in, inputs * in_bytes);
        dmlp_buffer_binding ib[2] = {{in, 0, in_bytes}, {in + in_bytes, 0, in_bytes}};
        dmlp_buffer_binding ob = {out, 0, out_bytes};
        if (l == IN_PLACE)
            ob = ib[0];
        s = dmlp_operator_execute(op, inputs, ib, 1, &ob);
        CHECK(s == DMLP_OK, "%s %s skew %zu: execute: %s", k->name, layout_names[l], skew,
              dmlp_last_error());
        ok = s == DMLP_OK;
        memcpy(result, l == IN_PLACE ? in : out, (size_t)ROWS * COLS * out_size);
    }
    free(in_buf);
    free(out_buf);
    dmlp_operator_destroy(op);
    return ok;
}

/* Every strategy x op x layout x skew x thread count against strategy 0, bit for bit. */
static void check_strategies(void)
{
    size_t cell = (size_t)ROWS * COLS * 8;
    size_t cells = KIND_COUNT * LAYOUT_COUNT * 3;
    unsigned char *first = malloc(cells * cell), *now = malloc(cell);
    CHECK(first && now, "memory");
    if (!first || !now) {
        free(first);
        free(now);
        return;
    }
    for (size_t st = 0; st < STRATEGY_COUNT; st++) {
        setenv("DMLP_TUNE", strategies[st], 1);
        dmlp__tune_reset();
        for (uint32_t threads = 1; threads <= 2; threads++) {
            dmlp_device_desc d = {DML_FEATURE_LEVEL_6_4, threads, DMLP_DEVICE_FLAG_EXTENSIONS};
            dmlp_device *device = NULL;
            CHECK(dmlp_device_create(&d, &device) == DMLP_OK, "device: %s", dmlp_last_error());
            if (!device)
                continue;
            for (size_t k = 0; k < KIND_COUNT; k++)
                for (int l = 0; l < LAYOUT_COUNT; l++)
                    for (size_t sk = 0; sk < 3; sk++) {
                        if (l == IN_PLACE && NARROWS(kinds[k].op))
                            continue; /* a UINT8 output: never in place */
                        size_t index = (k * LAYOUT_COUNT + (size_t)l) * 3 + sk;
                        unsigned char *r = st == 0 && threads == 1 ? first + index * cell : now;
                        if (!run_case(device, &kinds[k], (layout)l, skews[sk], r))
                            continue;
                        if (r == now) {
                            size_t bytes = (size_t)ROWS * COLS *
                                           (NARROWS(kinds[k].op) ? 1 : kinds[k].size);
                            CHECK(memcmp(now, first + index * cell, bytes) == 0,
                                  "DMLP_TUNE=%s, %u thread(s): %s %s skew %zu differs from "
                                  "DMLP_TUNE=defaults on 1 thread",
                                  strategies[st], threads, kinds[k].name, layout_names[l],
                                  skews[sk]);
                        }
                    }
            dmlp_device_destroy(device);
        }
    }
    free(first);
    free(now);
}

/* DMLP_TUNE is read as documented: forced choices are what the library reports. */
static void check_forcing(void)
{
    setenv("DMLP_TUNE", "prefetch=nta,distance=2k,narrow_prefetch=none,narrow_distance=0,"
                        "stream_from=12m,chunk=512k,softsign=recip,unroll=on,bogus=1,"
                        "compare_f16=halves,clip=max,threshold=keys,clip=sometimes,"
                        "table16=gather",
           1);
    dmlp__tune_reset();
    const dmlp__streaming_tune *t = dmlp__tune_streaming();
    CHECK(t->prefetch == DMLP__PREFETCH_NTA && t->prefetch_distance == 2048,
          "prefetch %u distance %u", t->prefetch, t->prefetch_distance);
    CHECK(t->narrow_prefetch == DMLP__PREFETCH_NONE && t->narrow_distance == 0,
          "narrow prefetch %u distance %u", t->narrow_prefetch, t->narrow_distance);
    CHECK(t->stream_from == 12u << 20 && t->chunk_bytes == 512u << 10,
          "stream_from %llu chunk %llu", (unsigned long long)t->stream_from,
          (unsigned long long)t->chunk_bytes);
    dmlp__isa isa = dmlp__isa_detect();
    uint32_t want = dmlp__softsign_has_recip(isa) ? 7 : 0;
    CHECK(dmlp__tune_softsign_recip(isa) == want, "softsign recip bits %u, want %u",
          dmlp__tune_softsign_recip(isa), want);
    uint32_t unroll = isa != DMLP__ISA_SCALAR;
    CHECK(dmlp__tune_unroll(isa) == unroll, "unroll %u, want %u", dmlp__tune_unroll(isa),
          unroll);
    int gather = dmlp__table16_has_gather(isa);
    uint32_t forms = DMLP__TUNE_F16_HALVES | DMLP__TUNE_THRESHOLD | want |
                     (unroll ? DMLP__TUNE_UNROLL : 0) | (gather ? DMLP__TUNE_TABLE16_GATHER : 0);
    CHECK(isa == DMLP__ISA_SCALAR || dmlp__tune_forms(isa) == forms, "forms %u, want %u",
          dmlp__tune_forms(isa), forms);
    char text[4096];
    dmlp__tune_describe(text, sizeof text);
    CHECK(strstr(text, "forced by DMLP_TUNE") != NULL, "describe says forced: %s", text);
    CHECK(strstr(text, "some forced") == NULL, "describe says 'forced' once: %s", text);
    CHECK(isa == DMLP__ISA_SCALAR ||
              strstr(text, gather ? "16-bit tables by gathers" : "16-bit tables by a loop"),
          "describe names the 16-bit tables' lookup: %s", text);
    CHECK(strstr(text, "prefetch nta 2K ahead (narrowing: none)") != NULL,
          "describe names each prefetch, a distance only with one: %s", text);
    CHECK(strstr(text, "'bogus=1'") != NULL && strstr(text, "'clip=sometimes'") != NULL,
          "describe names what was ignored: %s", text);
    CHECK(isa == DMLP__ISA_SCALAR ||
              strstr(text, "FLOAT16 comparisons on binary32 halves; Clip 16/32/64-bit on "
                           "max/max/max; Threshold on keys/keys/keys") != NULL,
          "describe names the comparisons' and the clamps' forms: %s", text);
    CHECK(isa == DMLP__ISA_SCALAR || strstr(text, "loops unrolled") != NULL,
          "describe says the loops unroll: %s", text);
}

static void write_file(const char *path, const void *bytes, size_t n)
{
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL, "open %s", path);
    if (f) {
        fwrite(bytes, 1, n, f);
        fclose(f);
    }
}

/* One Softsign f32 result under the current environment (the division method is read
   from the file or measured, which writes the file). */
static void softsign_sample(unsigned char *out)
{
    dmlp__tune_reset();
    dmlp_device *device = NULL;
    dmlp_device_desc d = {DML_FEATURE_LEVEL_6_4, 1, DMLP_DEVICE_FLAG_EXTENSIONS};
    CHECK(dmlp_device_create(&d, &device) == DMLP_OK, "device");
    run_case(device, &kinds[5], PACKED, 3, out);
    dmlp_device_destroy(device);
    /* Where the plan does not ask (no kernel level with a choice), ask here. */
    dmlp__tune_softsign_recip(dmlp__isa_detect());
}

static int contains(const char *needle)
{
    char text[4096];
    dmlp__tune_describe(text, sizeof text);
    if (strstr(text, needle))
        return 1;
    fprintf(stderr, "describe: %s", text);
    return 0;
}

static double test_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The calibration keeps to the memory budget: its buffers are sized to a quarter of it,
   and a budget too small for them leaves the built-in defaults without measuring, not
   kept in the file (the cache file at `path` is removed first). */
static void check_memory_budget(const char *path)
{
    static const struct {
        uint64_t budget, llc, bytes;
    } sizes[] = {
        {UINT64_MAX, 32 * MIB_, 64 * MIB_}, {512 * MIB_, 32 * MIB_, 64 * MIB_},
        {511 * MIB_, 32 * MIB_, 0},         {200 * MIB_, 32 * MIB_, 0},
        {128 * MIB_, 8 * MIB_, 16 * MIB_},  {127 * MIB_, 8 * MIB_, 0},
        {256 * MIB_, 4 * MIB_, 32 * MIB_},  {16384 * MIB_, 320 * MIB_, 256 * MIB_},
        {2048 * MIB_, 320 * MIB_, 96 * MIB_}, {300 * MIB_, 320 * MIB_, 0},
        {300 * MIB_, 20 * MIB_, 0},         {700 * MIB_, 20 * MIB_, 64 * MIB_},
        {0, 32 * MIB_, 0},
    };
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        CHECK_EQ_U64(dmlp__tune_calibration_bytes(sizes[i].budget, sizes[i].llc),
                     sizes[i].bytes, "budget %llu MiB, cache %llu MiB",
                     (unsigned long long)(sizes[i].budget >> 20),
                     (unsigned long long)(sizes[i].llc >> 20));
    /* 100 MiB: a job in a small container is not killed by the calibration */
    unsetenv("DMLP_TUNE");
    remove(path);
    dmlp__budget_set(100 * MIB_);
    dmlp__tune_reset();
    double t0 = test_seconds();
    dmlp__tune_streaming();
    CHECK(test_seconds() - t0 < 0.2, "a small budget measures nothing (%.2f s)",
          test_seconds() - t0);
    CHECK(contains("streaming (built-in defaults)") &&
              contains("the memory budget, 100 MiB, leaves too little to measure in"),
          "a small budget: the defaults, and why");
    struct stat st;
    CHECK(stat(path, &st) != 0, "a small budget's defaults are not kept");
    /* a DMLP_MAX_MEMORY that is no size: no budget, the defaults */
    dmlp__budget_set(0);
    setenv("DMLP_MAX_MEMORY", "5mb", 1);
    dmlp__tune_reset();
    dmlp__tune_streaming();
    CHECK(contains("none (DMLP_MAX_MEMORY is no size)"), "an invalid DMLP_MAX_MEMORY");
    unsetenv("DMLP_MAX_MEMORY");
}

static void check_cache_file(void)
{
    char dir[] = "/tmp/dmlp_test_tune_XXXXXX";
    CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    /* Streaming forced (not measured, not written); Softsign's method measured. */
    setenv("DMLP_TUNE", "prefetch=t0,distance=4k,stream_from=4m,chunk=1m", 1);
    setenv("XDG_CACHE_HOME", dir, 1);
    unsetenv("DMLP_TUNE_CACHE");
    size_t bytes = (size_t)ROWS * COLS * 4;
    unsigned char *want = malloc(bytes), *got = malloc(bytes);
    CHECK(want && got, "memory");
    if (!want || !got)
        goto done;
    softsign_sample(want);
    dmlp__tune_softsign_recip(dmlp__isa_detect());
    CHECK(contains(": written"), "a fresh cache file is written");
    char path[512];
    snprintf(path, sizeof path, "%s", dmlp__tune_cache_path());
    CHECK(strncmp(path, dir, strlen(dir)) == 0, "the file is under XDG_CACHE_HOME: %s", path);
    struct stat st;
    CHECK(stat(path, &st) == 0 && st.st_size > 0, "%s exists", path);
    /* Written through a private temporary (mkstemp: mode 0600), none of it left behind. */
    CHECK((st.st_mode & 0777) == 0600, "%s has mode %o, expected 0600", path,
          (unsigned)(st.st_mode & 0777));
    char parent[512];
    snprintf(parent, sizeof parent, "%s", path);
    char *slash = strrchr(parent, '/');
    if (slash)
        *slash = '\0';
    DIR *d = opendir(parent);
    unsigned entries = 0;
    for (struct dirent *e; d && (e = readdir(d)) != NULL;)
        entries += e->d_name[0] != '.';
    if (d)
        closedir(d);
    CHECK(entries == 1, "%s holds %u entries; only the cache file expected", parent, entries);

    dmlp__tune_reset();
    dmlp__tune_softsign_recip(dmlp__isa_detect());
    CHECK(contains(": read"), "the file is read back");

    /* Corrupt in several ways: each is ignored, results unchanged, the file rewritten. */
    static const char garbage[] = "dmlp-tune 4\nkey x\nforms 3 99999\n\0\xff\xfe binary";
    static const char cut[] = "dmlp-tune 4\nforms 3 7\nforms_why 3 cut he";
    static const char huge[] = "dmlp-tune 4\nstreaming 9 999999999 7 1 0 0\n";
    struct {
        const char *bytes;
        size_t n;
        const char *note;
    } bad[] = {{garbage, sizeof garbage - 1, "ignored"},
               {cut, sizeof cut - 1, "ignored"},
               {huge, sizeof huge - 1, "ignored"},
               {"", 0, "ignored"}};
    for (size_t b = 0; b < sizeof bad / sizeof bad[0]; b++) {
        write_file(path, bad[b].bytes, bad[b].n);
        memset(got, 0, bytes);
        softsign_sample(got);
        CHECK(memcmp(got, want, bytes) == 0, "corrupt file %zu: same results", b);
        CHECK(contains(": written"), "corrupt file %zu: measured again and rewritten", b);
    }
    /* A file from another CPU or version: ignored, rewritten. */
    FILE *f = fopen(path, "r");
    char text[4096] = "";
    size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
    if (f)
        fclose(f);
    text[n] = '\0';
    char *key = strstr(text, "\nkey ");
    CHECK(key != NULL, "the file has a key line: %s", text);
    if (key) {
        key[5] = key[5] == 'X' ? 'Y' : 'X';
        write_file(path, text, n);
        dmlp__tune_reset();
        dmlp__tune_softsign_recip(dmlp__isa_detect());
        CHECK(contains(": written"), "a foreign key is ignored: measured and rewritten");
    }

    /* Unwritable: the cache directory lies under a regular file. */
    char blocker[600];
    snprintf(blocker, sizeof blocker, "%s/not_a_dir", dir);
    write_file(blocker, "x", 1);
    setenv("XDG_CACHE_HOME", blocker, 1);
    memset(got, 0, bytes);
    softsign_sample(got);
    CHECK(memcmp(got, want, bytes) == 0, "unwritable cache: same results");
    CHECK(contains("not written"), "unwritable cache: said so");

    /* DMLP_TUNE_CACHE=off: no file at all. */
    setenv("XDG_CACHE_HOME", dir, 1);
    setenv("DMLP_TUNE_CACHE", "off", 1);
    remove(path);
    softsign_sample(got);
    CHECK(stat(path, &st) != 0, "DMLP_TUNE_CACHE=off writes no file");
    CHECK(contains("DMLP_TUNE_CACHE=off"), "DMLP_TUNE_CACHE=off is reported");
    unsetenv("DMLP_TUNE_CACHE");

    /* A calibration over its time budget keeps defaults for the rest, says so, and keeps
       what it measured in the file, so that the next process does not measure again. */
    setenv("DMLP_TUNE", "budget=0", 1);
    remove(path);
    dmlp__tune_reset();
    dmlp__tune_streaming();
    CHECK(contains("partly measured"), "budget=0: the streaming choice says it is partial");
    CHECK(contains("over the 0.00 s budget"), "budget=0: the reason is given");
    f = fopen(path, "r");
    n = f ? fread(text, 1, sizeof text - 1, f) : 0;
    if (f)
        fclose(f);
    text[n] = '\0';
    CHECK(strstr(text, "\nstreaming ") != NULL && strstr(text, "over the 0.00 s budget"),
          "budget=0: the partial streaming choice is kept, saying so: %s", text);
    dmlp__tune_reset();
    double t0 = test_seconds();
    dmlp__tune_streaming();
    CHECK(test_seconds() - t0 < 0.2, "a kept partial choice is not measured again (%.2f s)",
          test_seconds() - t0);
    CHECK(contains("streaming (from the cache file)") && contains("over the 0.00 s budget"),
          "the partial choice is read back, saying it is partial");
    check_memory_budget(path);
    setenv("DMLP_TUNE", "budget=61", 1);
    dmlp__tune_reset();
    dmlp__tune_softsign_recip(dmlp__isa_detect());
    CHECK(contains("'budget=61'"), "a budget over 60 s is refused and named");

    remove(blocker);
    remove(path);
    char sub[600];
    snprintf(sub, sizeof sub, "%s/dmlp", dir);
    rmdir(sub);
    rmdir(dir);
done:
    free(want);
    free(got);
}

int main(void)
{
    check_forcing();
    check_cache_file();
    check_strategies();
    unsetenv("DMLP_TUNE");
    dmlp__tune_reset();
    return test_finish("test_tune");
}
