/* `dmlp bench`: every operator x type through the public API at memory-sized,
   cache-resident, broadcast/padded and 16-element sizes, on 1 and all threads, each as a
   ratio to the fastest of several independent copies of the same bytes measured in the
   same run (docs/performance.md). Two-input operators run with A and B packed and with B
   a broadcast scalar, their bytes counted on every tensor; the operators along axes
   (Softmax and its kin) rows of several lengths (bench_rows.c). Progress goes to stderr;
   the table (or --json) to stdout. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "cli/cli_bench.h"
#include "bench_report.h"
#include "core/bench_hooks.h"

/* Every op x type of the kernel lists (one-input and two-input, in table order), named
   as the registry and the type table name them (sign, f32), then those of the operators
   along axes. The float8 types without infinities run only when --types names them:
   IsInfinity writes zeros whatever their input. */
static const dmlp__bench_row *list_rows, *axes_rows;
static size_t list_count, axes_count, kind_count;

static struct kind_entry {
    bench_kind kind;
    int optional;
} *kinds; /* kind_count of them, kept for the process */

static int make_kinds(void)
{
    static const char *const optional[] = {"e4m3fn", "e4m3fnuz", "e5m2fnuz"};
    if (kinds)
        return 1;
    list_rows = dmlp__bench_rows(&list_count);
    axes_rows = dmlp__bench_axes_rows(&axes_count);
    kind_count = list_count + axes_count;
    kinds = calloc(kind_count, sizeof *kinds);
    if (!kinds)
        return 0;
    for (size_t k = 0; k < kind_count; k++) {
        unsigned axes = k >= list_count;
        const dmlp__bench_row *row = axes ? &axes_rows[k - list_count] : &list_rows[k];
        const char *type_name = row->type_name;
        bench_kind b = {row->op_name, type_name,     row->op,     row->type,
                        row->in_size, row->out_size, row->inputs, axes};
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
    unsigned inputs;         /* 1: one-input operators, 2: two-input, 3: both */
    unsigned cases;
    unsigned threads[4], thread_count;
    unsigned reps;
    size_t large_mib;
    int json;
    int quick; /* --quick: also leaves out the slow large cases along axes */
} options;

static const char usage_head[] =
    "usage: dmlp bench [--quick] [--json] [--ops LIST] [--inputs LIST] [--types LIST]\n"
    "                  [--cases LIST] [--threads LIST] [--reps N] [--large-mib N]\n";
static const char usage_tail[] =
    "  --inputs    one,two: the operators of one input, of two (A and B: run with both\n"
    "              packed and with B a broadcast scalar; bytes of every tensor counted).\n"
    "              Default: one; both when --ops is given. Two-input reference kernels\n"
    "              are slow (f16, bf16: about 0.1 GB/s): a row of a slow kernel takes\n"
    "              fewer calls and repetitions (JSON \"reps\")\n"
    "  --types     i8,u8,i16,u16,i32,u32,i64,u64,f16,f32,f64,bf16,e5m2,e4m3fn,e4m3fnuz,\n"
    "              e5m2fnuz (default: all but the three float8 types without infinities)\n"
    "  --cases     large,cache,strided,latency,graphs (default: all; graphs: FLOAT32\n"
    "              chains compiled into one graph, against one Softsign and the nodes one\n"
    "              by one, at the large size; the operators along axes run large and\n"
    "              cache only)\n"
    "  --threads   1,all or counts, e.g. 1,2 (default: 1,all)\n"
    "  --reps      repetitions per figure, the median is reported (default 5)\n"
    "  --large-mib input size of the large case in MiB (default 256)\n"
    "  --quick     --reps 3 --large-mib 64, and no large case along axes whose execute\n"
    "              would take over a second (a probe of 1 MiB tells)\n"
    "  --json      machine-readable output\n";

/* The usage text; --ops names every operator of the kernel list, in its order (the rows
   of one operator stay together there). */
static void print_usage(FILE *to)
{
    fputs(usage_head, to);
    fputs("  --ops       ", to);
    for (size_t k = 0; k < list_count; k++)
        if (k == 0 || list_rows[k].op != list_rows[k - 1].op)
            fprintf(to, "%s%s", k ? "," : "", list_rows[k].op_name);
    fputs(" (default: all)\n              along axes: ", to);
    for (size_t k = 0; k < axes_count; k++)
        if (k == 0 || axes_rows[k].op != axes_rows[k - 1].op)
            fprintf(to, "%s%s", k ? "," : "", axes_rows[k].op_name);
    fputs("\n              (the row the last axis, of 64, 1Ki, 32Ki and 1Mi elements: cases\n"
          "              large-row*, cache-row*)\n              two-input: ", to);
    int first = 1;
    for (size_t k = 0; k < list_count; k++)
        if (list_rows[k].inputs == 2 && (k == 0 || list_rows[k].op != list_rows[k - 1].op)) {
            fprintf(to, "%s%s", first ? "" : ",", list_rows[k].op_name);
            first = 0;
        }
    fputs("\n              (operators of three or more inputs, ELEMENT_WISE_IF's `if`, run the\n"
          "              N-input plan and are not benched here)\n", to);
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
    o->inputs = 0; /* not given: one, or both with --ops */
    o->cases = CASE_LARGE | CASE_CACHE | CASE_STRIDED | CASE_LATENCY | CASE_GRAPHS;
    o->reps = 5;
    o->large_mib = 256;
    o->json = 0;
    o->quick = 0;
    o->threads[0] = 1;
    o->threads[1] = all_threads();
    o->thread_count = o->threads[1] == 1 ? 1 : 2;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int takes = strcmp(a, "--ops") == 0 || strcmp(a, "--types") == 0 ||
                    strcmp(a, "--inputs") == 0 ||
                    strcmp(a, "--cases") == 0 || strcmp(a, "--threads") == 0 ||
                    strcmp(a, "--reps") == 0 || strcmp(a, "--large-mib") == 0;
        if (takes && !v)
            return usage_error("an option needs a value");
        if (strcmp(a, "--quick") == 0) {
            o->quick = 1;
            o->reps = 3;
            o->large_mib = 64;
        } else if (strcmp(a, "--json") == 0) {
            o->json = 1;
        } else if (strcmp(a, "--ops") == 0) {
            o->ops = v;
        } else if (strcmp(a, "--types") == 0) {
            o->types = v;
        } else if (strcmp(a, "--inputs") == 0) {
            o->inputs = (in_list(v, "one") ? 1u : 0u) | (in_list(v, "two") ? 2u : 0u);
            if (!o->inputs)
                return usage_error("--inputs names none of one,two");
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
    if (!o->inputs)
        o->inputs = o->ops ? 3 : 1;
    return -1; /* go on */
}

static int selected(const options *o, size_t k)
{
    const bench_kind *b = &kinds[k].kind;
    if (!(o->inputs & (b->inputs == 2 ? 2u : 1u)))
        return 0;
    if (o->ops && !in_list(o->ops, b->op_name))
        return 0;
    if (o->types)
        return in_list(o->types, b->type_name);
    return !kinds[k].optional;
}

/* The run's shared state: buffers, one device and one copy team per thread count. `in`
   holds the input (a two-input operator's A), `in_b` B; `in` and `out` are large enough
   for a copy of half the bytes a two-input operator moves when one is selected. */
typedef struct run {
    const options *o;
    unsigned char *in, *out, *in_b;
    size_t buffer_bytes, b_bytes;
    dmlp_device *devices[4];
    bench_team *teams[4];
    bench_report *report;
} run;

/* Inputs like real data: integers and float8 random bits; floats random signs and
   mantissas with exponents from 2^-5 to 2^3 (no subnormals, infinities or NaNs, whose
   division can take microcode assists on some CPUs). A two-input operator's B (`seed`
   1) has its own values and no zero integer (an integer Divide refuses one). */
static void fill_input(unsigned char *p, size_t n, const bench_kind *k, unsigned seed)
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
    uint64_t s = seed ? 0x9e3779b97f4a7c15u : 0x2545f4914f6cdd1du;
    for (size_t i = 0; i + size <= n; i += size) {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        uint64_t v = s;
        if (bias) {
            uint64_t sign = (s >> 63) << (8 * size - 1);
            uint64_t exponent = bias - 5 + (s >> 40) % 9;
            v = sign | exponent << mantissa | (s & (((uint64_t)1 << mantissa) - 1));
        } else if (seed) {
            uint64_t low = size == 8 ? ~(uint64_t)0 : ((uint64_t)1 << (8 * size)) - 1;
            v = (v & low) ? v : 1;
        }
        memcpy(p + i, &v, size);
    }
}

/* Cache-resident targets: Sign and IsInfinity move bytes like a copy; Softsign is bound by
   the divider (f16 and bf16: one f32 quotient per 4 bytes moved). SPEC.md names none for
   two-input operators: the bench asks what it asks of Sign, and of Divide what it asks of
   Softsign (both wait on the divider). */
static double cache_target(const bench_kind *k)
{
    if (k->op != DML_OPERATOR_ACTIVATION_SOFTSIGN && k->op != DML_OPERATOR_ELEMENT_WISE_DIVIDE)
        return 0.8;
    return k->in_size == 2 ? 0.33 : 0.5;
}

/* How a row's inputs are laid out (table column and JSON "inputs"). */
static const char *inputs_name(const bench_kind *k, bench_layout layout)
{
    if (k->inputs != 2)
        return "x";
    return layout == BENCH_SCALAR ? "a,b=scalar" : "a,b";
}

/* Bytes an execute moves: every element of A (the input) and of the output, and of a
   two-input operator B's distinct elements: all of them packed or padded, one row when
   broadcast along rows, none when B is a broadcast scalar (A + output). One-input rows
   count the logical tensor, a broadcast input's too. */
static uint64_t bytes_moved(const bench_kind *k, uint32_t rows, uint32_t cols,
                            bench_layout layout)
{
    uint64_t elements = (uint64_t)rows * cols;
    uint64_t bytes = elements * (k->in_size + k->out_size);
    if (k->inputs == 2)
        bytes += layout == BENCH_SCALAR      ? 0
                 : layout == BENCH_BROADCAST ? (uint64_t)cols * k->in_size
                                             : elements * k->in_size;
    return bytes;
}

/* The traffic loop on the operator's bytes: both inputs' lines when A and B are packed,
   A's alone when B is a scalar. */
static double traffic_time(run *r, const bench_kind *k, unsigned t, uint64_t elements,
                           bench_layout layout, int streaming, unsigned calls)
{
    const void *b = k->inputs == 2 && layout == BENCH_PACKED ? r->in_b : NULL;
    return bench_traffic2_time(r->teams[t], r->out, r->in, b, elements, k->in_size,
                               k->out_size, streaming, calls);
}

/* Seconds of one kernel a repetition takes at most where it has several calls (cache
   cases), and after which no repetition of a row begins: the limits a slow kernel meets
   (the two-input reference kernels of f16 and bf16 move 0.1 GB/s, 10 s per execute of
   the large case), which a fast one stays far below. */
#define REP_SECONDS 0.02
#define ROW_SECONDS 2.0

/* Measures one op x type x shape on team/device t and adds a row; returns the median
   seconds or -1. Packed cases (and a two-input operator's broadcast scalar B) time every
   copy of the same bytes (bytes moved / 2 copied) in turn with the operator, repetition
   by repetition, so that whatever else the machine is doing weighs on both alike. */
static double measure(run *r, const bench_kind *k, const char *case_name, unsigned t,
                      uint32_t rows, uint32_t cols, bench_layout layout, unsigned calls,
                      double baseline_seconds)
{
    const options *o = r->o;
    const char *inputs = inputs_name(k, layout);
    fprintf(stderr, "bench: %s %s %s%s%s on %u thread(s)\n", k->op_name, k->type_name,
            case_name, k->inputs == 2 ? " " : "", k->inputs == 2 ? inputs : "", o->threads[t]);
    bench_op *op = bench_op_create(r->devices[t], k, rows, cols, layout, 16);
    if (!op)
        return -1;
    bench_row row;
    memset(&row, 0, sizeof row);
    row.kind = k;
    row.case_name = case_name;
    row.inputs = inputs;
    row.threads = o->threads[t];
    row.elements = (uint64_t)rows * cols;
    row.bytes = bytes_moved(k, rows, cols, layout);
    int latency = strcmp(case_name, "latency") == 0;
    int against_copy = layout == BENCH_PACKED || layout == BENCH_SCALAR;
    int with_copy = against_copy && !latency;
    size_t copy_bytes = (size_t)(row.bytes / 2) & ~(size_t)63;
    /* The traffic loop streams where the case is memory-sized, as the kernels do. */
    int streaming = strncmp(case_name, "cache", 5) != 0;
    double ts[64], tc[BENCH_COPY_COUNT][64], tt[64], s = -1;
    unsigned reps = 0;
    double first = -1;
    if (bench_op_input_bytes(op) <= r->b_bytes && copy_bytes <= r->buffer_bytes)
        first = bench_op_time(op, r->in, r->in_b, r->out, 1);
    if (first > 0) {
        /* A slow kernel (a reference one) repeats less: no more calls than REP_SECONDS
           of it, and no repetition begins after ROW_SECONDS of it. */
        if (!latency && calls > 1 && first * calls > REP_SECONDS)
            calls = REP_SECONDS / first >= 1 ? (unsigned)(REP_SECONDS / first) : 1;
        for (unsigned c = 0; with_copy && c < BENCH_COPY_COUNT; c++) /* warm-up */
            if (bench_copy_available((bench_copy)c))
                bench_copy_time(r->teams[t], r->out, r->in, copy_bytes, (bench_copy)c, 1);
        if (with_copy)
            traffic_time(r, k, t, row.elements, layout, streaming, 1);
        double spent = 0;
        for (unsigned i = 0; i < o->reps && (i == 0 || spent < ROW_SECONDS); i++) {
            ts[i] = bench_op_time(op, r->in, r->in_b, r->out, calls);
            spent += ts[i] * calls;
            reps = i + 1;
            for (unsigned c = 0; with_copy && c < BENCH_COPY_COUNT; c++)
                if (bench_copy_available((bench_copy)c))
                    tc[c][i] = bench_copy_time(r->teams[t], r->out, r->in, copy_bytes,
                                               (bench_copy)c, calls);
            if (with_copy)
                tt[i] = traffic_time(r, k, t, row.elements, layout, streaming, calls);
        }
        s = bench_median(ts, reps);
    }
    bench_op_destroy(op);
    if (s <= 0)
        return -1;
    row.seconds = s;
    row.reps = reps;
    row.gbps = (double)row.bytes / s / 1e9;
    if (!against_copy) {
        row.ratio = baseline_seconds / s; /* to the packed figure */
        row.target = 0.5;
    } else if (latency) {
        row.ratio = 100e-9 / s;
        row.target = 1.0;
    } else {
        /* The limit: the fastest copy, each copy's figure a median like the operator's. */
        for (unsigned c = 0; c < BENCH_COPY_COUNT; c++) {
            if (!bench_copy_available((bench_copy)c))
                continue;
            row.copy_gbps[c] = 2.0 * (double)copy_bytes / bench_median(tc[c], reps) / 1e9;
            if (row.copy_gbps[c] > row.limit_gbps) {
                row.limit_gbps = row.copy_gbps[c];
                row.limit_by = (bench_copy)c;
            }
        }
        row.ratio = row.gbps / row.limit_gbps;
        row.traffic_gbps = (double)row.bytes / bench_median(tt, reps) / 1e9;
        row.target = k->along_axes              ? bench_rows_target(k, case_name, cols)
                     : strcmp(case_name, "large") == 0 ? 0.9
                                                       : cache_target(k);
    }
    bench_report_add(r->report, &row);
    return s;
}

/* Whether --quick leaves out a large row case: when a probe of about 1 MiB of its rows
   says one execute of the case would take longer than BENCH_ROWS_QUICK_SECONDS (the
   rows of a kernel at reference speed: 64 MiB of f64 Softmax take several seconds). */
static int quick_leaves_out(run *r, const bench_kind *k, unsigned t, const bench_rows_case *c)
{
    uint64_t row_bytes = (uint64_t)c->cols * k->in_size;
    uint32_t rows = row_bytes >= (1u << 20) ? 1 : (uint32_t)((1u << 20) / row_bytes);
    if (!r->o->quick || rows >= c->rows)
        return 0;
    bench_op *op = bench_op_create(r->devices[t], k, rows, c->cols, BENCH_PACKED, 0);
    if (!op)
        return 0; /* measure() says why */
    double s = bench_op_time(op, r->in, NULL, r->out, 1);
    if (s > 0) /* the first execute warmed the pages: the second is timed */
        s = bench_op_time(op, r->in, NULL, r->out, 1);
    bench_op_destroy(op);
    double estimate = s * c->rows / rows;
    if (s <= 0 || estimate <= BENCH_ROWS_QUICK_SECONDS)
        return 0;
    fprintf(stderr, "bench: %s %s %s on %u thread(s): left out by --quick (about %.1f s an "
            "execute)\n", k->op_name, k->type_name, c->name, r->o->threads[t], estimate);
    return 1;
}

/* The row cases of an operator along axes (bench_rows.c): the large ones on every thread
   count, then those in cache on the first, as the other cache cases (a team's copy of
   256 KiB times its barriers more than its bytes). */
static void bench_axes_all(run *r, const bench_kind *k)
{
    const options *o = r->o;
    bench_rows_case cases[BENCH_ROWS_CASES];
    uint64_t large = (uint64_t)o->large_mib << 20;
    fill_input(r->in, r->b_bytes, k, 0);
    for (unsigned t = 0; t <= o->thread_count; t++) {
        /* t == thread_count: the cache cases, on the first thread count */
        int cache = t == o->thread_count;
        unsigned n = bench_rows_cases(k, large, !cache && (o->cases & CASE_LARGE),
                                      cache && (o->cases & CASE_CACHE), cases);
        for (unsigned i = 0; i < n; i++)
            if (cache || !quick_leaves_out(r, k, t, &cases[i]))
                measure(r, k, cases[i].name, cache ? 0 : t, cases[i].rows, cases[i].cols,
                        BENCH_PACKED, cases[i].calls, 0);
    }
}

/* Every case of one op x type. A two-input operator runs each packed case twice: A and B
   packed, then B a broadcast scalar (the common model case: a tensor and a constant);
   its rows-broadcast case broadcasts B along rows, its rows-padded pads A and B. */
static void bench_kind_all(run *r, const bench_kind *k)
{
    const options *o = r->o;
    uint64_t large = (uint64_t)o->large_mib << 20;
    uint32_t cols = 4096, rows = (uint32_t)(large / k->in_size / cols);
    int binary = k->inputs == 2;
    if (k->along_axes) {
        bench_axes_all(r, k);
        return;
    }
    fill_input(r->in, r->b_bytes, k, 0); /* the input; the copies read past it too */
    if (binary)
        fill_input(r->in_b, r->b_bytes, k, 1);
    for (unsigned t = 0; t < o->thread_count; t++) {
        if (o->cases & CASE_LARGE) {
            measure(r, k, "large", t, rows, cols, BENCH_PACKED, 1, 0);
            if (binary)
                measure(r, k, "large", t, rows, cols, BENCH_SCALAR, 1, 0);
        }
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
            if (binary)
                measure(r, k, names[i], 0, elems / 256, 256, BENCH_SCALAR, calls, 0);
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
        return usage_error(o.ops && in_list(o.ops, "if")
                               ? "--ops if: operators of three or more inputs are not benched "
                                 "(their N-input plan is measured by no case here)"
                               : "--ops, --inputs and --types select no operator x type");
    int binary = 0;
    for (size_t k = 0; k < kind_count; k++)
        binary |= selected(&o, k) && kinds[k].kind.inputs == 2;
    run r = {&o, NULL, NULL, NULL, 0, 0, {0}, {0}, NULL};
    /* An input of the large size, padded rows included; with a two-input operator, `in`
       and `out` hold the copy of half its bytes (A + B + output) too. */
    r.b_bytes = ((o.large_mib << 20) + ((o.large_mib << 20) >> 4) + 4095) & ~(size_t)4095;
    r.buffer_bytes = binary ? (r.b_bytes + r.b_bytes / 2 + 4095) & ~(size_t)4095 : r.b_bytes;
    r.in = dmlp__bench_alloc(4096, r.buffer_bytes);
    r.out = dmlp__bench_alloc(4096, r.buffer_bytes);
    r.in_b = binary ? dmlp__bench_alloc(4096, r.b_bytes) : NULL;
    r.report = bench_report_create();
    rc = 1;
    if (!r.in || !r.out || (binary && !r.in_b) || !r.report) {
        fail("out of memory");
        goto done;
    }
    fprintf(stderr, "bench: preparing %zu MiB buffers\n",
            (2 * r.buffer_bytes + (binary ? r.b_bytes : 0)) >> 20);
    memset(r.in, 0, r.buffer_bytes);
    memset(r.out, 0, r.buffer_bytes);
    if (binary)
        memset(r.in_b, 0, r.b_bytes);
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
                          DML_TENSOR_DATA_TYPE_FLOAT32, 4, 4, 1, 0};
        fill_input(r.in, r.buffer_bytes, &f32, 0);
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
    dmlp__bench_free(r.in_b);
    return rc;
}
