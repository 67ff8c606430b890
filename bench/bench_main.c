/* `dmlp bench`: every operator x type through the public API at memory-sized,
   cache-resident, broadcast/padded and 16-element sizes, on 1 and all threads, each as a
   ratio to the fastest of several independent copies of the same bytes measured in the
   same run (docs/performance.md). Progress goes to stderr; the table (or --json) to stdout. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "cli/cli_bench.h"
#include "bench_report.h"
#include "core/bench_hooks.h"

/* Every op x type of the kernel list, named as the registry and the type table name
   them (sign, f32). The float8 types without infinities run only when --types names
   them: IsInfinity writes zeros whatever their input. */
static const dmlp__bench_row *list_rows;
static size_t kind_count;

static struct kind_entry {
    bench_kind kind;
    int optional;
} *kinds; /* kind_count of them, kept for the process */

static int make_kinds(void)
{
    static const char *const optional[] = {"e4m3fn", "e4m3fnuz", "e5m2fnuz"};
    if (kinds)
        return 1;
    list_rows = dmlp__bench_rows(&kind_count);
    kinds = calloc(kind_count, sizeof *kinds);
    if (!kinds)
        return 0;
    for (size_t k = 0; k < kind_count; k++) {
        const char *type_name = list_rows[k].type_name;
        bench_kind b = {list_rows[k].op_name, type_name, list_rows[k].op,
                        list_rows[k].type, list_rows[k].in_size, list_rows[k].out_size};
        kinds[k].kind = b;
        kinds[k].optional = 0;
        for (size_t i = 0; i < sizeof optional / sizeof optional[0]; i++)
            kinds[k].optional |= strcmp(type_name, optional[i]) == 0;
    }
    return 1;
}


enum { CASE_LARGE = 1, CASE_CACHE = 2, CASE_STRIDED = 4, CASE_LATENCY = 8, CASE_GRAPHS = 16 };
#define CASE_NAMES 5

typedef struct options {
    const char *ops, *types; /* comma lists, NULL = all */
    unsigned cases;
    unsigned threads[4], thread_count;
    unsigned reps;
    size_t large_mib;
    int json;
} options;

static const char usage_head[] =
    "usage: dmlp bench [--quick] [--json] [--ops LIST] [--types LIST] [--cases LIST]\n"
    "                  [--threads LIST] [--reps N] [--large-mib N]\n";
static const char usage_tail[] =
    "  --types     i8,u8,i16,u16,i32,u32,i64,u64,f16,f32,f64,bf16,e5m2,e4m3fn,e4m3fnuz,\n"
    "              e5m2fnuz (default: all but the three float8 types without infinities)\n"
    "  --cases     large,cache,strided,latency,graphs (default: all; graphs: FLOAT32\n"
    "              chains compiled into one graph, against one Softsign and the nodes one\n"
    "              by one, at the large size)\n"
    "  --threads   1,all or counts, e.g. 1,2 (default: 1,all)\n"
    "  --reps      repetitions per figure, the median is reported (default 5)\n"
    "  --large-mib input size of the large case in MiB (default 256)\n"
    "  --quick     --reps 3 --large-mib 64\n"
    "  --json      machine-readable output\n";

/* The usage text; --ops names every operator of the kernel list, in its order (the rows
   of one operator stay together there). */
static void print_usage(FILE *to)
{
    fputs(usage_head, to);
    fputs("  --ops       ", to);
    for (size_t k = 0; k < kind_count; k++)
        if (k == 0 || list_rows[k].op != list_rows[k - 1].op)
            fprintf(to, "%s%s", k ? "," : "", list_rows[k].op_name);
    fputs(" (default: all)\n", to);
    fputs(usage_tail, to);
}

/* Wrong usage: the message and the usage text on stderr, exit status 2 (as every dmlp
   subcommand does). */
static int usage_error(const char *message)
{
    fprintf(stderr, "dmlp: bench: %s\n", message);
    print_usage(stderr);
    return 2;
}

static int fail(const char *why)
{
    fprintf(stderr, "dmlp: bench: %s\n", why);
    return 1;
}

static int in_list(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; p && *p;) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len == n && strncmp(p, name, n) == 0)
            return 1;
        p = end ? end + 1 : NULL;
    }
    return 0;
}

static unsigned all_threads(void)
{
    const char *env = getenv("DMLP_NUM_THREADS");
    long n = env ? strtol(env, NULL, 10) : sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 256 ? 256 : (unsigned)n;
}

static int parse_threads(options *o, const char *list)
{
    o->thread_count = 0;
    for (const char *p = list; *p && o->thread_count < 4;) {
        char *end;
        unsigned long v = strncmp(p, "all", 3) == 0 ? all_threads() : strtoul(p, &end, 10);
        if (strncmp(p, "all", 3) == 0)
            end = (char *)p + 3;
        if (v < 1 || v > 256 || (*end && *end != ','))
            return 0;
        int seen = 0;
        for (unsigned i = 0; i < o->thread_count; i++)
            seen |= o->threads[i] == v;
        if (!seen)
            o->threads[o->thread_count++] = (unsigned)v;
        p = *end ? end + 1 : end;
    }
    return o->thread_count > 0;
}

static int parse(int argc, char **argv, options *o)
{
    static const char *case_names[CASE_NAMES] = {"large", "cache", "strided", "latency",
                                                 "graphs"};
    o->ops = o->types = NULL;
    o->cases = CASE_LARGE | CASE_CACHE | CASE_STRIDED | CASE_LATENCY | CASE_GRAPHS;
    o->reps = 5;
    o->large_mib = 256;
    o->json = 0;
    o->threads[0] = 1;
    o->threads[1] = all_threads();
    o->thread_count = o->threads[1] == 1 ? 1 : 2;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int takes = strcmp(a, "--ops") == 0 || strcmp(a, "--types") == 0 ||
                    strcmp(a, "--cases") == 0 || strcmp(a, "--threads") == 0 ||
                    strcmp(a, "--reps") == 0 || strcmp(a, "--large-mib") == 0;
        if (takes && !v)
            return usage_error("an option needs a value");
        if (strcmp(a, "--quick") == 0) {
            o->reps = 3;
            o->large_mib = 64;
        } else if (strcmp(a, "--json") == 0) {
            o->json = 1;
        } else if (strcmp(a, "--ops") == 0) {
            o->ops = v;
        } else if (strcmp(a, "--types") == 0) {
            o->types = v;
        } else if (strcmp(a, "--cases") == 0) {
            o->cases = 0;
            for (unsigned c = 0; c < CASE_NAMES; c++)
                o->cases |= in_list(v, case_names[c]) ? 1u << c : 0;
            if (!o->cases)
                return usage_error("--cases names none of large,cache,strided,latency,graphs");
        } else if (strcmp(a, "--threads") == 0) {
            if (!parse_threads(o, v))
                return usage_error("--threads takes 1 to 4 of: all, 1..256");
        } else if (strcmp(a, "--reps") == 0) {
            long r = strtol(v, NULL, 10);
            if (r < 1 || r > 64)
                return usage_error("--reps takes 1 to 64");
            o->reps = (unsigned)r;
        } else if (strcmp(a, "--large-mib") == 0) {
            long m = strtol(v, NULL, 10);
            if (m < 1 || m > 16384)
                return usage_error("--large-mib takes 1 to 16384");
            o->large_mib = (size_t)m;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            print_usage(stdout);
            return 0;
        } else {
            return usage_error("unknown option");
        }
        i += takes;
    }
    return -1; /* go on */
}

static int selected(const options *o, size_t k)
{
    const bench_kind *b = &kinds[k].kind;
    if (o->ops && !in_list(o->ops, b->op_name))
        return 0;
    if (o->types)
        return in_list(o->types, b->type_name);
    return !kinds[k].optional;
}

/* The run's shared state: buffers, one device and one copy team per thread count. */
typedef struct run {
    const options *o;
    unsigned char *in, *out;
    size_t buffer_bytes;
    dmlp_device *devices[4];
    bench_team *teams[4];
    bench_report *report;
} run;

/* Inputs like real data: integers and float8 random bits; floats random signs and
   mantissas with exponents from 2^-5 to 2^3 (no subnormals, infinities or NaNs, whose
   division can take microcode assists on some CPUs). */
static void fill_input(unsigned char *p, size_t n, const bench_kind *k)
{
    static const struct {
        DML_TENSOR_DATA_TYPE type;
        unsigned mantissa, bias;
    } floats[] = {{DML_TENSOR_DATA_TYPE_FLOAT16, 10, 15},
                  {DMLP_TENSOR_DATA_TYPE_BFLOAT16, 7, 127},
                  {DML_TENSOR_DATA_TYPE_FLOAT32, 23, 127},
                  {DML_TENSOR_DATA_TYPE_FLOAT64, 52, 1023}};
    unsigned mantissa = 0, bias = 0;
    for (size_t i = 0; i < sizeof floats / sizeof floats[0]; i++)
        if (floats[i].type == k->type) {
            mantissa = floats[i].mantissa;
            bias = floats[i].bias;
        }
    size_t size = k->in_size;
    uint64_t s = 0x2545f4914f6cdd1du;
    for (size_t i = 0; i + size <= n; i += size) {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        uint64_t v = s;
        if (bias) {
            uint64_t sign = (s >> 63) << (8 * size - 1);
            uint64_t exponent = bias - 5 + (s >> 40) % 9;
            v = sign | exponent << mantissa | (s & (((uint64_t)1 << mantissa) - 1));
        }
        memcpy(p + i, &v, size);
    }
}

/* Cache-resident targets: Sign and IsInfinity move bytes like a copy; Softsign is bound by
   the divider (f16 and bf16: one f32 quotient per 4 bytes moved). */
static double cache_target(const bench_kind *k)
{
    if (k->op != DML_OPERATOR_ACTIVATION_SOFTSIGN)
        return 0.8;
    return k->in_size == 2 ? 0.33 : 0.5;
}

/* Measures one op x type x shape on team/device t and adds a row; returns the median
   seconds or -1. Packed cases time every copy of the same bytes (bytes moved / 2
   copied) in turn with the operator, repetition by repetition, so that whatever else
   the machine is doing weighs on both alike. */
static double measure(run *r, const bench_kind *k, const char *case_name, unsigned t,
                      uint32_t rows, uint32_t cols, bench_layout layout, unsigned calls,
                      double baseline_seconds)
{
    const options *o = r->o;
    fprintf(stderr, "bench: %s %s %s on %u thread(s)\n", k->op_name, k->type_name, case_name,
            o->threads[t]);
    bench_op *op = bench_op_create(r->devices[t], k, rows, cols, layout, 16);
    if (!op)
        return -1;
    bench_row row;
    memset(&row, 0, sizeof row);
    row.kind = k;
    row.case_name = case_name;
    row.threads = o->threads[t];
    row.elements = (uint64_t)rows * cols;
    row.bytes = row.elements * (k->in_size + k->out_size);
    int latency = strcmp(case_name, "latency") == 0, with_copy = layout == BENCH_PACKED && !latency;
    size_t copy_bytes = (size_t)(row.bytes / 2) & ~(size_t)63;
    /* The traffic loop streams where the case is memory-sized, as the kernels do. */
    int streaming = strncmp(case_name, "cache", 5) != 0;
    double ts[64], tc[BENCH_COPY_COUNT][64], tt[64], s = -1;
    if (bench_op_input_bytes(op) <= r->buffer_bytes && bench_op_time(op, r->in, r->out, 1) > 0) {
        for (unsigned k = 0; with_copy && k < BENCH_COPY_COUNT; k++) /* warm-up */
            if (bench_copy_available((bench_copy)k))
                bench_copy_time(r->teams[t], r->out, r->in, copy_bytes, (bench_copy)k, 1);
        if (with_copy)
            bench_traffic_time(r->teams[t], r->out, r->in, row.elements, k->in_size,
                               k->out_size, streaming, 1);
        for (unsigned i = 0; i < o->reps; i++) {
            ts[i] = bench_op_time(op, r->in, r->out, calls);
            for (unsigned k = 0; with_copy && k < BENCH_COPY_COUNT; k++)
                if (bench_copy_available((bench_copy)k))
                    tc[k][i] = bench_copy_time(r->teams[t], r->out, r->in, copy_bytes,
                                               (bench_copy)k, calls);
            if (with_copy)
                tt[i] = bench_traffic_time(r->teams[t], r->out, r->in, row.elements,
                                           k->in_size, k->out_size, streaming, calls);
        }
        s = bench_median(ts, o->reps);
    }
    bench_op_destroy(op);
    if (s <= 0)
        return -1;
    row.seconds = s;
    row.gbps = (double)row.bytes / s / 1e9;
    if (layout != BENCH_PACKED) {
        row.ratio = baseline_seconds / s; /* to the packed figure */
        row.target = 0.5;
    } else if (latency) {
        row.ratio = 100e-9 / s;
        row.target = 1.0;
    } else {
        /* The limit: the fastest copy, each copy's figure a median like the operator's. */
        for (unsigned k = 0; k < BENCH_COPY_COUNT; k++) {
            if (!bench_copy_available((bench_copy)k))
                continue;
            row.copy_gbps[k] = 2.0 * (double)copy_bytes / bench_median(tc[k], o->reps) / 1e9;
            if (row.copy_gbps[k] > row.limit_gbps) {
                row.limit_gbps = row.copy_gbps[k];
                row.limit_by = (bench_copy)k;
            }
        }
        row.ratio = row.gbps / row.limit_gbps;
        row.traffic_gbps = (double)row.bytes / bench_median(tt, o->reps) / 1e9;
        row.target = strcmp(case_name, "large") == 0 ? 0.9 : cache_target(k);
    }
    bench_report_add(r->report, &row);
    return s;
}

static void bench_kind_all(run *r, const bench_kind *k)
{
    const options *o = r->o;
    uint64_t large = (uint64_t)o->large_mib << 20;
    uint32_t cols = 4096, rows = (uint32_t)(large / k->in_size / cols);
    fill_input(r->in, r->buffer_bytes, k);
    for (unsigned t = 0; t < o->thread_count; t++) {
        if (o->cases & CASE_LARGE)
            measure(r, k, "large", t, rows, cols, BENCH_PACKED, 1, 0);
        if (o->cases & CASE_STRIDED) {
            /* A quarter of the large size, rows of 1024 elements. */
            uint32_t srows = (uint32_t)(large / 4 / k->in_size / 1024);
            double packed = measure(r, k, "rows-packed", t, srows, 1024, BENCH_PACKED, 1, 0);
            if (packed > 0) {
                measure(r, k, "rows-broadcast", t, srows, 1024, BENCH_BROADCAST, 1, packed);
                measure(r, k, "rows-padded", t, srows, 1024, BENCH_PADDED, 1, packed);
            }
        }
    }
    if (o->cases & CASE_CACHE) {
        static const size_t kib[] = {64, 256, 1024};
        static const char *names[] = {"cache-64KiB", "cache-256KiB", "cache-1MiB"};
        for (unsigned i = 0; i < 3; i++) {
            uint32_t elems = (uint32_t)((kib[i] << 10) / k->in_size);
            unsigned calls = (unsigned)((64u << 20) / (kib[i] << 10));
            measure(r, k, names[i], 0, elems / 256, 256, BENCH_PACKED, calls, 0);
        }
    }
    if (o->cases & CASE_LATENCY)
        measure(r, k, "latency", o->thread_count - 1, 1, 16, BENCH_PACKED, 20000, 0);
}

int dmlp_cli_bench(int argc, char **argv)
{
    options o;
    if (!make_kinds())
        return fail("out of memory");
    int rc = parse(argc, argv, &o);
    if (rc >= 0)
        return rc;
    size_t chosen = 0;
    for (size_t k = 0; k < kind_count; k++)
        chosen += (size_t)selected(&o, k);
    if (!chosen)
        return usage_error("--ops and --types select no operator x type");
    run r = {&o, NULL, NULL, 0, {0}, {0}, NULL};
    r.buffer_bytes = ((o.large_mib << 20) + ((o.large_mib << 20) >> 4) + 4095) & ~(size_t)4095;
    r.in = dmlp__bench_alloc(4096, r.buffer_bytes);
    r.out = dmlp__bench_alloc(4096, r.buffer_bytes);
    r.report = bench_report_create();
    rc = 1;
    if (!r.in || !r.out || !r.report) {
        fail("out of memory");
        goto done;
    }
    fprintf(stderr, "bench: preparing %zu MiB buffers\n", r.buffer_bytes >> 20);
    memset(r.in, 0, r.buffer_bytes);
    memset(r.out, 0, r.buffer_bytes);
    for (unsigned t = 0; t < o.thread_count; t++) {
        dmlp_device_desc d = {dmlp__bench_feature_level(), o.threads[t],
                             DMLP_DEVICE_FLAG_EXTENSIONS};
        if (dmlp_device_create(&d, &r.devices[t]) != DMLP_OK ||
            !(r.teams[t] = bench_team_create(o.threads[t]))) {
            fail(dmlp_last_error());
            goto done;
        }
    }
    bench_report_set_machine(r.report, dmlp__bench_isa(), all_threads(),
                             o.large_mib, o.reps);
    /* The measured choices, made now so that no timed case pays for them. */
    fprintf(stderr, "bench: measuring the streaming and division choices\n");
    char tune[4096];
    dmlp__bench_tune(tune, sizeof tune);
    bench_report_set_tune(r.report, tune);
    for (size_t k = 0; k < kind_count && (o.cases & ~CASE_GRAPHS); k++)
        if (selected(&o, k))
            bench_kind_all(&r, &kinds[k].kind);
    static bench_graph_rows graphs;
    if (o.cases & CASE_GRAPHS) {
        bench_kind f32 = {"softsign", "f32", DML_OPERATOR_ACTIVATION_SOFTSIGN,
                          DML_TENSOR_DATA_TYPE_FLOAT32, 4, 4};
        fill_input(r.in, r.buffer_bytes, &f32);
        if (!bench_graphs(r.devices, o.threads, o.thread_count, r.in, r.out, o.large_mib,
                          o.reps, &graphs))
            goto done;
        char cpu[128];
        dmlp__bench_cpu_model(cpu, sizeof cpu);
        bench_report_set_graphs(r.report, &graphs, cpu);
    }
    if (o.json)
        bench_report_json(r.report, stdout);
    else
        bench_report_table(r.report, stdout);
    rc = 0;
done:
    for (unsigned t = 0; t < 4; t++) {
        dmlp_device_destroy(r.devices[t]);
        bench_team_destroy(r.teams[t]);
    }
    bench_report_destroy(r.report);
    dmlp__bench_free(r.in);
    dmlp__bench_free(r.out);
    return rc;
}
