/* The strategies chosen by measurement on the running CPU (core/tune.h): what to try,
   how it is timed, DMLP_TUNE, and the file that keeps the choices between processes. */
#include "core/tune.h"

#include <math.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/memory_budget.h"
#include "core/threadpool.h"
#include "dmlp.h"
#include "numeric/fp_convert.h"
#include "platform/clock.h"
#include "platform/compiler.h"
#include "platform/cpu.h"
#include "platform/whole_file.h"
#include "platform/fp_env.h"
#include "platform/memory.h"
#include "platform/thread.h"

#define KIB 1024u
#define MIB (1024u * 1024u)

/* Built-in defaults: what DMLP_TUNE=defaults takes, and what stands when a measurement
   cannot be made (no memory). T0 rather than NTA: NTA halved an Intel Xeon's read rate,
   while T0 is within a few percent of the best on every CPU measured so far. */
static const dmlp__streaming_tune defaults = {
    DMLP__PREFETCH_T0, 4 * KIB, DMLP__PREFETCH_T0, 4 * KIB, 4 * MIB, 1 * MIB,
};

/* The streaming calibration's time budget (DMLP_TUNE=budget=SECONDS changes it). On an
   idle 2-core Zen 5 it takes about 0.8 s; a loaded or slow machine (or an instrumented
   build) stops at the budget and keeps the built-in defaults for what it had no time to
   measure. That partial result is kept in the file like a whole one, saying it is
   partial: measuring again in every later process cost each 1.6 s and 530 MB on a
   loaded machine, for choices within a few percent of the defaults. */
#define BUDGET_SECONDS 1.5

/* The smallest output that may stream: below it no measurement is needed to decide. */
#define STREAM_FLOOR (1u * MIB)

/* The calibration's two buffers take at most this share of the memory budget (1/4): the
   first operator large enough to need it already holds its own tensors. */
#define CALIBRATION_SHARE 8

typedef enum source { NOT_YET, MEASURED, PARTLY, CACHED, FORCED, DEFAULTS } source;
static const char *const source_names[] = {"not measured yet", "measured",
                                           "partly measured: over the time budget",
                                           "from the cache file", "forced by DMLP_TUNE",
                                           "built-in defaults"};

/* ---- state ---------------------------------------------------------------------------- */

#define WHY_BYTES 1536
#define KEY_BYTES 160
#define FORMS_WHY_BYTES 1024

typedef struct forced {
    int defaults; /* DMLP_TUNE=defaults */
    int prefetch, distance, narrow_prefetch, narrow_distance, stream_from, chunk; /* set? */
    dmlp__streaming_tune values;
    uint32_t forms_mask, forms_set; /* cache-resident form bits forced, and their values */
    double budget;                          /* the calibration's seconds (budget=) */
    char ignored[128];                      /* what DMLP_TUNE said that was not understood */
} forced;

static struct {
    atomic_int ready;          /* DMLP_TUNE read, file loaded */
    atomic_int streaming_done; /* `streaming` is final */
    dmlp__streaming_tune streaming;
    source streaming_from;
    char streaming_why[WHY_BYTES];
    atomic_int forms_done[DMLP__ISA_COUNT]; /* cache-resident forms per kernel level */
    uint32_t forms[DMLP__ISA_COUNT];        /* DMLP__TUNE_* bits */
    source forms_from[DMLP__ISA_COUNT];
    char forms_why[DMLP__ISA_COUNT][FORMS_WHY_BYTES];
    forced force;
    char key[KEY_BYTES];
    char path[512];
    char file_note[800];
} state;

/* The lock that makes one thread measure while the others wait, made on first use (the
   platform's mutexes are objects, not static initialisers). NULL only without memory;
   then callers go unlocked, which at worst measures twice. */
static _Atomic(dmlp__mutex *) lock_object;

static dmlp__mutex *the_lock(void)
{
    dmlp__mutex *m = atomic_load(&lock_object);
    if (m)
        return m;
    dmlp__mutex *made = dmlp__mutex_create();
    if (!made)
        return NULL;
    if (!atomic_compare_exchange_strong(&lock_object, &m, made)) {
        dmlp__mutex_destroy(made); /* another thread's won */
        return m;
    }
    return made;
}

static void lock(void)
{
    dmlp__mutex *m = the_lock();
    if (m)
        dmlp__mutex_lock(m);
}

static void unlock(void)
{
    dmlp__mutex *m = atomic_load(&lock_object);
    if (m)
        dmlp__mutex_unlock(m);
}

static double now(void)
{
    return dmlp__clock_seconds();
}

static void append(char *buf, size_t size, const char *fmt, ...)
    DMLP__PRINTF(3, 4);
static void append(char *buf, size_t size, const char *fmt, ...)
{
    size_t used = strlen(buf);
    if (used + 1 >= size)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + used, size - used, fmt, ap);
    va_end(ap);
}

static const char *const prefetch_names[DMLP__PREFETCH_COUNT] = {"none", "t0", "nta"};

static void size_text(char *buf, size_t size, uint64_t bytes)
{
    if (bytes == DMLP__STREAM_NEVER)
        snprintf(buf, size, "never");
    else if (bytes >= MIB && bytes % MIB == 0)
        snprintf(buf, size, "%lluM", (unsigned long long)(bytes / MIB));
    else if (bytes >= KIB && bytes % KIB == 0)
        snprintf(buf, size, "%lluK", (unsigned long long)(bytes / KIB));
    else
        snprintf(buf, size, "%llu", (unsigned long long)bytes);
}

/* ---- DMLP_TUNE ------------------------------------------------------------------------ */

/* "4096", "4k", "8M", "1g", "never" (only where `never_ok`). */
/* "none", or the hint and how far ahead: "t0 4K ahead". */
static void prefetch_text(char *buf, size_t size, uint32_t kind, uint32_t distance)
{
    char d[32];
    size_text(d, sizeof d, distance);
    if (kind == DMLP__PREFETCH_NONE)
        snprintf(buf, size, "none");
    else
        snprintf(buf, size, "%s %s ahead", prefetch_names[kind], d);
}

static int parse_size(const char *s, size_t len, uint64_t *out, int never_ok)
{
    if (never_ok && len == 5 && strncmp(s, "never", 5) == 0) {
        *out = DMLP__STREAM_NEVER;
        return 1;
    }
    uint64_t v = 0;
    size_t i = 0;
    for (; i < len && s[i] >= '0' && s[i] <= '9'; i++) {
        if (v > UINT64_MAX / 10 - 1)
            return 0;
        v = v * 10 + (uint64_t)(s[i] - '0');
    }
    if (i == 0)
        return 0;
    if (i + 1 == len) {
        int shift = s[i] == 'k' || s[i] == 'K' ? 10 : s[i] == 'm' || s[i] == 'M' ? 20
                    : s[i] == 'g' || s[i] == 'G'                            ? 30
                                                                            : -1;
        if (shift < 0 || v > (UINT64_MAX >> shift))
            return 0;
        v <<= shift;
    } else if (i != len) {
        return 0;
    }
    *out = v;
    return 1;
}

static int parse_prefetch(const char *s, size_t len, uint32_t *out)
{
    for (uint32_t k = 0; k < DMLP__PREFETCH_COUNT; k++)
        if (strlen(prefetch_names[k]) == len && strncmp(s, prefetch_names[k], len) == 0) {
            *out = k;
            return 1;
        }
    return 0;
}

/* One of two words: `off` gives 0, `on` 1 (div/recip, off/on). */
static int parse_pair(const char *s, size_t len, const char *off, const char *on, uint32_t *out)
{
    if (len == strlen(off) && strncmp(s, off, len) == 0)
        *out = 0;
    else if (len == strlen(on) && strncmp(s, on, len) == 0)
        *out = 1;
    else
        return 0;
    return 1;
}

/* Seconds from 0 to 60, decimals allowed ("0.25"). */
static int parse_seconds(const char *s, size_t len, double *out)
{
    char text[16];
    if (len == 0 || len >= sizeof text)
        return 0;
    memcpy(text, s, len);
    text[len] = '\0';
    char *end;
    double v = strtod(text, &end);
    if (*end || !(v >= 0 && v <= 60) || strspn(text, "0123456789.") != len)
        return 0;
    *out = v;
    return 1;
}

/* One "key=value" of DMLP_TUNE; 0 when not understood. */
static int parse_item(forced *f, const char *item, size_t len)
{
    if (len == 8 && strncmp(item, "defaults", 8) == 0) {
        f->defaults = 1;
        return 1;
    }
    const char *eq = memchr(item, '=', len);
    if (!eq)
        return 0;
    size_t klen = (size_t)(eq - item), vlen = len - klen - 1;
    const char *v = eq + 1;
    uint64_t size;
    uint32_t u;
#define KEY(name) (klen == sizeof(name) - 1 && strncmp(item, name, klen) == 0)
    if (KEY("prefetch") && parse_prefetch(v, vlen, &u)) {
        f->prefetch = f->narrow_prefetch = 1;
        f->values.prefetch = f->values.narrow_prefetch = u;
    } else if (KEY("narrow_prefetch") && parse_prefetch(v, vlen, &u)) {
        f->narrow_prefetch = 1;
        f->values.narrow_prefetch = u;
    } else if ((KEY("distance") || KEY("narrow_distance")) && parse_size(v, vlen, &size, 0) &&
               size % 64 == 0 && size <= 1 * MIB) {
        if (KEY("distance")) {
            f->distance = 1;
            f->values.prefetch_distance = (uint32_t)size;
        }
        f->narrow_distance = 1;
        f->values.narrow_distance = (uint32_t)size;
    } else if (KEY("stream_from") && parse_size(v, vlen, &size, 1)) {
        f->stream_from = 1;
        f->values.stream_from = size;
    } else if (KEY("chunk") && parse_size(v, vlen, &size, 0) && size >= 4 * KIB &&
               size <= 1024 * MIB) {
        f->chunk = 1;
        f->values.chunk_bytes = size;
    } else if (KEY("budget") && parse_seconds(v, vlen, &f->budget)) {
    } else if (((KEY("softsign") || KEY("softsign_f32") || KEY("softsign_f16") ||
                 KEY("softsign_bf16")) &&
                parse_pair(v, vlen, "div", "recip", &u)) ||
               (KEY("unroll") && parse_pair(v, vlen, "off", "on", &u)) ||
               (KEY("compare_f16") && parse_pair(v, vlen, "keys", "halves", &u)) ||
               ((KEY("clip") || KEY("threshold")) && parse_pair(v, vlen, "max", "keys", &u)) ||
               (KEY("table16") && parse_pair(v, vlen, "loop", "gather", &u))) {
        uint32_t bits = KEY("softsign")       ? DMLP__TUNE_SOFTSIGN
                        : KEY("softsign_f32") ? DMLP__TUNE_F32
                        : KEY("softsign_f16") ? DMLP__TUNE_F16
                        : KEY("softsign_bf16") ? DMLP__TUNE_BF16
                        : KEY("unroll")        ? DMLP__TUNE_UNROLL
                        : KEY("compare_f16")   ? DMLP__TUNE_F16_HALVES
                        : KEY("clip")          ? DMLP__TUNE_CLIP
                        : KEY("table16")       ? DMLP__TUNE_TABLE16_GATHER
                                               : DMLP__TUNE_THRESHOLD;
        f->forms_mask |= bits;
        f->forms_set = u ? f->forms_set | bits : f->forms_set & ~bits;
    } else {
        return 0;
    }
#undef KEY
    return 1;
}

static void read_env(forced *f)
{
    memset(f, 0, sizeof *f);
    f->budget = BUDGET_SECONDS;
    const char *env = getenv("DMLP_TUNE");
    for (const char *p = env; p && *p;) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len && !parse_item(f, p, len))
            append(f->ignored, sizeof f->ignored, "%s'%.*s'", f->ignored[0] ? ", " : "",
                   (int)len, p);
        p = end ? end + 1 : NULL;
    }
}

static int all_streaming_forced(const forced *f)
{
    return f->prefetch && f->distance && f->narrow_prefetch && f->narrow_distance &&
           f->stream_from && f->chunk;
}

static void apply_forced(dmlp__streaming_tune *t, const forced *f)
{
    if (f->prefetch)
        t->prefetch = f->values.prefetch;
    if (f->distance)
        t->prefetch_distance = f->values.prefetch_distance;
    if (f->narrow_prefetch)
        t->narrow_prefetch = f->values.narrow_prefetch;
    if (f->narrow_distance)
        t->narrow_distance = f->values.narrow_distance;
    if (f->stream_from)
        t->stream_from = f->values.stream_from;
    if (f->chunk)
        t->chunk_bytes = f->values.chunk_bytes;
}

/* ---- the cache file ------------------------------------------------------------------- */

static unsigned online_cpus(void)
{
    uint32_t n = dmlp__cpu_count();
    return n > 256 ? 256 : n;
}

/* The key names the kind of build doing the timing (DMLP__BUILD_FLAVOR): a sanitized or
   unoptimized build measures its own instrumented kernels, and its choices must not stand
   for an optimized build's. */
static void make_key(void)
{
    char model[96];
    dmlp__cpu_model(model, sizeof model);
    snprintf(state.key, sizeof state.key, "%s|%s|%u threads|dmlp %d.%d.%d %s", model,
             dmlp__isa_name(dmlp__isa_detect()), online_cpus(), DMLP_VERSION_MAJOR,
             DMLP_VERSION_MINOR, DMLP_VERSION_PATCH, DMLP__BUILD_FLAVOR);
}

static void make_path(void)
{
    state.path[0] = '\0';
    const char *off = getenv("DMLP_TUNE_CACHE");
    if (off && strcmp(off, "off") == 0) {
        snprintf(state.file_note, sizeof state.file_note, "not kept (DMLP_TUNE_CACHE=off)");
        return;
    }
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    int n;
    if (xdg && xdg[0] == '/')
        n = snprintf(state.path, sizeof state.path, "%s/dmlp/tune-%d.%d.%d", xdg,
                     DMLP_VERSION_MAJOR, DMLP_VERSION_MINOR, DMLP_VERSION_PATCH);
    else if (home && home[0] == '/')
        n = snprintf(state.path, sizeof state.path, "%s/.cache/dmlp/tune-%d.%d.%d", home,
                     DMLP_VERSION_MAJOR, DMLP_VERSION_MINOR, DMLP_VERSION_PATCH);
    else
        n = -1;
    if (n < 0 || (size_t)n >= sizeof state.path) {
        state.path[0] = '\0';
        snprintf(state.file_note, sizeof state.file_note, "not kept (no usable cache directory)");
    }
}

/* The file's first line; 3 added the comparisons' and the clamps' forms, whose bits a
   file of 2 would have read as measured and absent; 4 the 16-bit tables' lookup. */
#define FILE_FORMAT "dmlp-tune 4"

/* Reads the file; anything unexpected (another key, a bad number, a missing line) and it
   is ignored as a whole. */
static void load_file(void)
{
    if (!state.path[0])
        return;
    FILE *f = fopen(state.path, "r");
    if (!f) {
        snprintf(state.file_note, sizeof state.file_note, "%s: none yet", state.path);
        return;
    }
    char text[8192];
    size_t n = fread(text, 1, sizeof text - 1, f);
    int too_long = !feof(f);
    fclose(f);
    text[n] = '\0';
    dmlp__streaming_tune t;
    int have_streaming = 0, key_ok = 0, bad = too_long || strlen(text) != n;
    uint32_t forms[DMLP__ISA_COUNT] = {0};
    int have_forms[DMLP__ISA_COUNT] = {0};
    char swhy[WHY_BYTES] = "", fwhy[DMLP__ISA_COUNT][FORMS_WHY_BYTES];
    memset(fwhy, 0, sizeof fwhy);
    for (char *line = text; !bad && *line;) {
        char *end = strchr(line, '\n');
        if (!end) {
            bad = 1; /* every line ends with a newline: a cut file is not read */
            break;
        }
        *end = '\0';
        unsigned a, b, c, d, isa, bits;
        unsigned long long from, chunk;
        char tail;
        if (strncmp(line, "key ", 4) == 0) {
            key_ok = strcmp(line + 4, state.key) == 0;
        } else if (sscanf(line, "streaming %u %u %u %u %llu %llu%c", &a, &b, &c, &d, &from,
                          &chunk, &tail) == 6) {
            bad = a >= DMLP__PREFETCH_COUNT || c >= DMLP__PREFETCH_COUNT || b % 64 ||
                  d % 64 || b > MIB || d > MIB || chunk < 4 * KIB || chunk > 1024ull * MIB;
            t.prefetch = a;
            t.prefetch_distance = b;
            t.narrow_prefetch = c;
            t.narrow_distance = d;
            t.stream_from = from;
            t.chunk_bytes = chunk;
            have_streaming = 1;
        } else if (strncmp(line, "streaming_why ", 14) == 0) {
            snprintf(swhy, sizeof swhy, "%.1500s", line + 14);
        } else if (sscanf(line, "forms %u %u%c", &isa, &bits, &tail) == 2) {
            bad = isa >= DMLP__ISA_COUNT || bits > DMLP__TUNE_ALL;
            if (!bad) {
                forms[isa] = bits;
                have_forms[isa] = 1;
            }
        } else if (sscanf(line, "forms_why %u", &isa) == 1 && isa < DMLP__ISA_COUNT &&
                   strchr(line + 10, ' ')) {
            snprintf(fwhy[isa], sizeof fwhy[isa], "%.1000s", strchr(line + 10, ' ') + 1);
        } else if (strcmp(line, FILE_FORMAT) != 0) {
            bad = 1;
        }
        line = end + 1;
    }
    if (bad || !key_ok) {
        snprintf(state.file_note, sizeof state.file_note, "%s: ignored (%s)", state.path,
                 bad ? "unreadable or corrupt" : "another CPU or version");
        return;
    }
    if (have_streaming) {
        state.streaming = t;
        state.streaming_from = CACHED;
        snprintf(state.streaming_why, sizeof state.streaming_why, "%s", swhy);
    }
    for (unsigned i = 0; i < DMLP__ISA_COUNT; i++)
        if (have_forms[i]) {
            state.forms[i] = forms[i];
            state.forms_from[i] = CACHED;
            memcpy(state.forms_why[i], fwhy[i], sizeof state.forms_why[i]);
        }
    snprintf(state.file_note, sizeof state.file_note, "%s: read", state.path);
}

/* Writes every measured choice, partly measured ones included (never forced or default
   ones), whole or not at all: a temporary file renamed over the old one. */
static void save_file(void)
{
    if (!state.path[0])
        return;
    char text[8192] = "";
    append(text, sizeof text, FILE_FORMAT "\nkey %s\n", state.key);
    if (state.streaming_from == MEASURED || state.streaming_from == PARTLY ||
        state.streaming_from == CACHED) {
        const dmlp__streaming_tune *t = &state.streaming;
        append(text, sizeof text, "streaming %u %u %u %u %llu %llu\nstreaming_why %s\n",
               t->prefetch, t->prefetch_distance, t->narrow_prefetch, t->narrow_distance,
               (unsigned long long)t->stream_from, (unsigned long long)t->chunk_bytes,
               state.streaming_why);
    }
    for (unsigned i = 0; i < DMLP__ISA_COUNT; i++)
        if (state.forms_from[i] == MEASURED || state.forms_from[i] == CACHED)
            append(text, sizeof text, "forms %u %u\nforms_why %u %s\n", i, state.forms[i], i,
                   state.forms_why[i]);
    char why[128];
    if (dmlp__file_replace(state.path, text, strlen(text), why, sizeof why) != 0)
        snprintf(state.file_note, sizeof state.file_note, "%s: not written (%s)", state.path,
                 why);
    else
        snprintf(state.file_note, sizeof state.file_note, "%s: written", state.path);
}

/* Once per process (or after dmlp__tune_reset): DMLP_TUNE, then the file. */
static void ensure_ready(void)
{
    if (atomic_load(&state.ready))
        return;
    read_env(&state.force);
    make_key();
    make_path();
    if (!state.force.defaults)
        load_file();
    atomic_store(&state.ready, 1);
}

/* ---- timing kernels ------------------------------------------------------------------- */

typedef struct team_job {
    dmlp__unary_kernel kernel;
    const dmlp__kernel_args *args;
    const unsigned char *in;
    unsigned char *out;
    size_t in_size, out_size, count, chunk; /* elements */
} team_job;

static void run_one_chunk(void *context, size_t index)
{
    const team_job *j = context;
    size_t begin = index * j->chunk;
    size_t n = j->count - begin < j->chunk ? j->count - begin : j->chunk;
    j->kernel(n, j->in + begin * j->in_size, j->out + begin * j->out_size, j->args);
}

/* Seconds for one pass over `count` elements: on the calling thread alone as one call
   (as the core runs a tensor on one thread), or in chunks over the pool. */
static double time_pass(dmlp__threadpool *pool, uint32_t helpers, team_job *j)
{
    double t0 = now();
    if (!helpers)
        j->kernel(j->count, j->in, j->out, j->args);
    else
        dmlp__threadpool_run(pool, run_one_chunk, j, (j->count + j->chunk - 1) / j->chunk,
                             helpers);
    return now() - t0;
}

/* The last-level cache, from the OS; 32 MiB when it does not say. */
static uint64_t llc_bytes(void)
{
    uint64_t v = dmlp__cpu_llc_bytes();
    return v ? v : 32ull * MIB;
}

/* A streaming configuration tried by the calibration. */
typedef struct candidate {
    uint32_t streaming; /* 0: regular stores */
    uint32_t prefetch, distance;
    double best[2];     /* fastest pass, 1 thread and all threads */
} candidate;

static void describe_candidate(char *buf, size_t size, const candidate *c)
{
    if (!c->streaming)
        snprintf(buf, size, "regular stores");
    else if (c->prefetch == DMLP__PREFETCH_NONE)
        snprintf(buf, size, "nt, no prefetch");
    else
        snprintf(buf, size, "nt+%s %uK", prefetch_names[c->prefetch], c->distance / KIB);
}

/* Times every candidate on one kernel, 1 thread and all threads, rounds interleaved so a
   burst of other work weighs on all (one round at least, more while before `deadline`);
   the fastest pass of each counts. A candidate's score is its worse thread count's time
   over that count's best. The candidates come simplest first (no software prefetch,
   then T0, then NTA), and the first within NEAR_BEST of the best score is chosen: a
   prefetch must win by more than the measurement can tell apart. On a Zen 5 the passes
   of one candidate spread over 10-20%, and no prefetch, T0 16 KiB and NTA 8 KiB took
   turns at the top; `dmlp bench` forced to each ran the same-size operators at 256 MiB at
   1.01-1.02 of its traffic loop with no prefetch, 0.96-0.99 with NTA 8 KiB and 0.93-0.95
   with T0 4 KiB on one thread (1.01-1.03, 0.95-1.02 and 0.94-0.95 on two). */
#define NEAR_BEST 1.05
static size_t pick(candidate *cands, size_t n, team_job *j,
                   dmlp__threadpool *pool, uint32_t helpers, unsigned rounds, double deadline,
                   double bytes, char *why, size_t why_size, const char *label)
{
    unsigned modes = helpers ? 2 : 1;
    for (size_t c = 0; c < n; c++)
        cands[c].best[0] = cands[c].best[1] = 1e30;
    for (unsigned r = 0; r < rounds && (r == 0 || now() < deadline); r++)
        for (size_t c = 0; c < n; c++)
            for (unsigned m = 0; m < modes; m++) {
                dmlp__kernel_args args = *j->args;
                args.streaming = cands[c].streaming;
                args.prefetch = cands[c].prefetch;
                args.prefetch_distance = cands[c].distance;
                team_job job = *j;
                job.args = &args;
                double t = time_pass(pool, m ? helpers : 0, &job);
                if (t < cands[c].best[m])
                    cands[c].best[m] = t;
            }
    double top[2] = {1e30, 1e30};
    for (size_t c = 0; c < n; c++)
        for (unsigned m = 0; m < modes; m++)
            top[m] = cands[c].best[m] < top[m] ? cands[c].best[m] : top[m];
    size_t chosen = 0;
    double score[16], best_score = 1e30;
    for (size_t c = 0; c < n && c < 16; c++) {
        score[c] = 0;
        for (unsigned m = 0; m < modes; m++) {
            double s = cands[c].best[m] / top[m];
            score[c] = s > score[c] ? s : score[c];
        }
        best_score = score[c] < best_score ? score[c] : best_score;
    }
    while (chosen + 1 < n && chosen + 1 < 16 && score[chosen] > best_score * NEAR_BEST)
        chosen++;
    append(why, why_size, "%s, GB/s at 1%s thread%s:", label, helpers ? " and all" : "",
           helpers ? "s" : "");
    for (size_t c = 0; c < n; c++) {
        char name[48];
        describe_candidate(name, sizeof name, &cands[c]);
        append(why, why_size, " %s%s %.1f", c == chosen ? "chosen: " : "", name,
               bytes / cands[c].best[0] / 1e9);
        if (helpers)
            append(why, why_size, "/%.1f", bytes / cands[c].best[1] / 1e9);
        append(why, why_size, "%s", c + 1 < n ? "," : ";");
    }
    return chosen;
}

/* The calibration's preferred buffer size. 64 MiB in and out is twice a 32 MiB cache. A
   CPU that reports more (some VMs report the whole host's) gets 256 MiB where the budget
   is 8 GiB or more, else 96 MiB: on a Zen 5 VM reporting 384 MiB, T0 16 KiB and NTA 8 KiB
   lay within 3% of each other on 96 MiB while NTA 8 KiB was 7-9% faster on every kernel
   at 256 MiB, and the 96 MiB measurement picked T0 in half the runs. */
static uint64_t preferred_bytes(uint64_t budget, uint64_t llc)
{
    return llc <= 32ull * MIB ? 64u * MIB : budget >= 8192ull * MIB ? 256u * MIB : 96u * MIB;
}

/* The smallest it may be halved to: twice the cache (else it times the cache), at least
   16 MiB, at most the preferred size. */
static uint64_t least_bytes(uint64_t budget, uint64_t llc)
{
    uint64_t least = 2 * llc < 16u * MIB ? 16u * MIB : 2 * llc, want = preferred_bytes(budget, llc);
    return least > want ? want : least;
}

size_t dmlp__tune_calibration_bytes(uint64_t budget, uint64_t llc)
{
    uint64_t want = preferred_bytes(budget, llc), least = least_bytes(budget, llc);
    while (want > budget / CALIBRATION_SHARE && want / 2 >= least)
        want /= 2;
    return want <= budget / CALIBRATION_SHARE ? (size_t)want : 0;
}

/* The streaming calibration, on buffers well beyond the last-level cache. MEASURED when
   every choice was measured within the time budget, PARTLY when it ran out, DEFAULTS
   when nothing could be measured (too small a memory budget, no memory). */
static source measure_streaming(dmlp__streaming_tune *t, double budget, char *why,
                                size_t why_size)
{
    source result = DEFAULTS;
    *t = defaults;
    why[0] = '\0';
    uint64_t llc = llc_bytes(), memory = dmlp__budget();
    size_t bytes = dmlp__tune_calibration_bytes(memory, llc);
    if (!bytes) {
        char has[48];
        snprintf(has, sizeof has, "%llu MiB", (unsigned long long)(memory >> 20));
        snprintf(why, why_size,
                 "built-in defaults: the memory budget, %s, leaves too little to measure in "
                 "(two buffers of at least %llu MiB each, taking at most 1/%u of it)",
                 memory ? has : "none (DMLP_MAX_MEMORY is no size)",
                 (unsigned long long)(least_bytes(memory, llc) >> 20), CALIBRATION_SHARE / 2);
        return DEFAULTS;
    }
    dmlp__isa isa = dmlp__isa_detect();
    dmlp__kernel_choice same = dmlp__kernel_select(DML_OPERATOR_ELEMENT_WISE_SIGN,
                                                   DML_TENSOR_DATA_TYPE_INT32, isa);
    dmlp__kernel_choice narrow = dmlp__kernel_select(DML_OPERATOR_ELEMENT_WISE_IS_INFINITY,
                                                     DML_TENSOR_DATA_TYPE_FLOAT64, isa);
    unsigned char *in = dmlp__aligned_alloc(4096, bytes), *out = dmlp__aligned_alloc(4096, bytes);
    dmlp__threadpool *pool = NULL;
    unsigned cpus = online_cpus();
    uint32_t helpers = cpus > 1 ? cpus - 1 : 0;
    if (helpers && dmlp__threadpool_create(helpers, &pool) != DMLP_OK)
        helpers = 0;
    if (!in || !out || !same.fn || !narrow.fn) {
        snprintf(why, why_size, "no memory for the calibration: built-in defaults");
        goto done;
    }
    double t_start = now(), deadline = t_start + budget;
    memset(in, 0x3c, bytes); /* finite in every float width; the kernels' speed does not
                                depend on the values */
    memset(out, 0, bytes);
    dmlp__kernel_args args = {.mode = DML_IS_INFINITY_MODE_EITHER};
    size_t chunk_elems = (size_t)(defaults.chunk_bytes / 8) & ~(size_t)63;
    team_job j = {same.fn, &args, in, out, 4, 4, bytes / 4, chunk_elems};
    /* Non-temporal stores with each prefetch, simplest first (pick). */
    candidate cands[] = {
        {1, DMLP__PREFETCH_NONE, 0, {0, 0}},      {1, DMLP__PREFETCH_T0, 4 * KIB, {0, 0}},
        {1, DMLP__PREFETCH_T0, 16 * KIB, {0, 0}}, {1, DMLP__PREFETCH_NTA, 1 * KIB, {0, 0}},
        {1, DMLP__PREFETCH_NTA, 8 * KIB, {0, 0}},
    };
    size_t n = sizeof cands / sizeof cands[0];
    time_pass(pool, 0, &j); /* first touch of the output */
    append(why, why_size, "on %zu MiB (last-level cache reported: %llu MiB): ", bytes >> 20,
           (unsigned long long)(llc >> 20));
    size_t c = pick(cands, n, &j, pool, helpers, 3, t_start + budget * 0.3,
                    2.0 * (double)bytes, why, why_size, "same-size (Sign i32)");
    t->prefetch = cands[c].prefetch;
    t->prefetch_distance = cands[c].distance ? cands[c].distance : defaults.prefetch_distance;
    /* Narrowing (IsInfinity f64: 8 bytes read per byte written) may want another prefetch. */
    team_job k = {narrow.fn, &args, in, out, 8, 1, bytes / 8, chunk_elems};
    if (now() > deadline)
        goto over_budget;
    c = pick(cands, n, &k, pool, helpers, 3, t_start + budget * 0.55,
             (double)bytes * 9 / 8, why, why_size, " narrowing (IsInfinity f64)");
    t->narrow_prefetch = cands[c].prefetch;
    t->narrow_distance = cands[c].distance ? cands[c].distance : defaults.narrow_distance;
    if (now() > deadline)
        goto over_budget;
    /* From which output size do non-temporal stores pay? Repeated passes over the same
       buffers, as a program calling an operator in a loop makes them. Below the largest
       size regular stores are the incumbent and non-temporal ones must be 10% faster
       (streaming a tensor that would have stayed in cache costs more than the gain); at
       the largest size non-temporal stores are the incumbent and regular ones must be 3%
       faster. */
    args.prefetch = t->prefetch;
    args.prefetch_distance = t->prefetch_distance;
    uint64_t from = DMLP__STREAM_NEVER;
    append(why, why_size, " non-temporal/regular stores, 1 thread, GB/s:");
    uint64_t largest = bytes / 2;
    for (uint64_t size = STREAM_FLOOR; size <= largest; size *= 2) {
        team_job s = {same.fn, &args, in, out, 4, 4, (size_t)(size / 4), chunk_elems};
        double best[2] = {1e30, 1e30};
        unsigned reps = size >= 16 * MIB ? 1 : (unsigned)(16 * MIB / size);
        for (unsigned r = 0; r < 3; r++)
            for (unsigned kind = 0; kind < 2; kind++) {
                args.streaming = kind;
                time_pass(pool, 0, &s); /* the buffers as this kind leaves them */
                double total = 0;
                for (unsigned q = 0; q < reps; q++)
                    total += time_pass(pool, 0, &s);
                total /= reps;
                best[kind] = total < best[kind] ? total : best[kind];
            }
        char text[32];
        size_text(text, sizeof text, size);
        append(why, why_size, " %s %.1f/%.1f", text, 2.0 * (double)size / best[1] / 1e9,
               2.0 * (double)size / best[0] / 1e9);
        int nt_wins = size * 2 > largest ? best[0] >= best[1] * 0.97 : best[1] < best[0] * 0.90;
        if (nt_wins) {
            if (from == DMLP__STREAM_NEVER)
                from = size;
        } else {
            from = DMLP__STREAM_NEVER; /* must win from there on */
        }
        if (now() > deadline)
            goto over_budget;
    }
    /* Stream strictly above `from / 2`: the largest size that did not win. */
    t->stream_from = from == DMLP__STREAM_NEVER ? DMLP__STREAM_NEVER : from / 2;
    char text[32];
    size_text(text, sizeof text, t->stream_from);
    append(why, why_size, "; non-temporal above %s of output;", text);
    if (helpers) {
        /* The largest chunk a thread claims: each chunk restarts the prefetch stream. */
        args.streaming = t->stream_from < bytes ? 1 : 0;
        args.prefetch = t->prefetch;
        args.prefetch_distance = t->prefetch_distance;
        static const uint64_t sizes[] = {256 * KIB, 1 * MIB, 4 * MIB};
        double best[3] = {1e30, 1e30, 1e30};
        for (unsigned r = 0; r < 3 && (r == 0 || now() < deadline); r++)
            for (unsigned s = 0; s < 3; s++) {
                team_job q = j;
                q.chunk = (size_t)(sizes[s] / 8) & ~(size_t)63;
                double d = time_pass(pool, helpers, &q);
                best[s] = d < best[s] ? d : best[s];
            }
        unsigned chosen = 1; /* 1 MiB unless another is clearly faster */
        for (unsigned s = 0; s < 3; s++)
            if (best[s] < best[chosen] * 0.97)
                chosen = s;
        t->chunk_bytes = sizes[chosen];
        append(why, why_size, " chunk, GB/s on all threads: 256K %.1f, 1M %.1f, 4M %.1f;",
               2.0 * (double)bytes / best[0] / 1e9, 2.0 * (double)bytes / best[1] / 1e9,
               2.0 * (double)bytes / best[2] / 1e9);
    } else {
        append(why, why_size, " chunk: one thread, not measured;");
    }
    append(why, why_size, " %.2f s", now() - t_start);
    result = MEASURED;
    goto done;
over_budget:
    /* Stream from the built-in size, with what was measured so far. */
    append(why, why_size, " over the %.2f s budget after %.2f s: the rest are defaults",
           budget, now() - t_start);
    result = PARTLY;
done:
    dmlp__threadpool_destroy(pool);
    dmlp__aligned_free(in);
    dmlp__aligned_free(out);
    return result;
}

const dmlp__streaming_tune *dmlp__tune_streaming(void)
{
    if (atomic_load_explicit(&state.streaming_done, memory_order_acquire))
        return &state.streaming;
    lock();
    if (!atomic_load(&state.streaming_done)) {
        ensure_ready();
        const forced *f = &state.force;
        if (f->defaults || all_streaming_forced(f)) {
            state.streaming = defaults;
            state.streaming_from = f->defaults ? DEFAULTS : FORCED;
            state.streaming_why[0] = '\0';
        } else if (state.streaming_from != CACHED) {
            dmlp__fp_env saved = dmlp__fp_env_enter();
            state.streaming_from = measure_streaming(&state.streaming, f->budget,
                                                     state.streaming_why,
                                                     sizeof state.streaming_why);
            dmlp__fp_env_leave(saved);
            if (state.streaming_from != DEFAULTS)
                save_file();
        }
        apply_forced(&state.streaming, f);
        atomic_store_explicit(&state.streaming_done, 1, memory_order_release);
    }
    unlock();
    return &state.streaming;
}

/* ---- Cache-resident forms: Softsign's division method, unrolled loops ------------------ */

/* The cache-resident measurements' buffers, in and out: the largest size they time. */
#define SCRATCH_BYTES (256u * 1024)

/* One kernel call to time: a one-input kernel (`unary`) from a to out, or a two-input one
   (`binary`, both inputs packed) from a and b to out, on n elements. */
typedef struct timed_call {
    dmlp__unary_kernel unary;
    dmlp__binary_kernel binary;
    size_t n;
    const unsigned char *a, *b;
    unsigned char *out;
} timed_call;

/* Seconds per call of two forms of a kernel on the same buffers: `rounds` rounds, each
   `calls` calls of one form then of the other, the fastest round of each counting. */
static void time_two_forms(const timed_call *tc, const dmlp__kernel_args forms[2],
                           unsigned rounds, unsigned calls, double best[2])
{
    best[0] = best[1] = 1e30;
    for (unsigned r = 0; r < rounds; r++)
        for (unsigned m = 0; m < 2; m++) {
            double t0 = now();
            for (unsigned q = 0; q < calls; q++) {
                if (tc->unary)
                    tc->unary(tc->n, tc->a, tc->out, &forms[m]);
                else
                    tc->binary(tc->n, tc->a, tc->b, tc->out, 0, &forms[m]);
            }
            double t = (now() - t0) / calls;
            best[m] = t < best[m] ? t : best[m];
        }
}

/* n random floats of `type` (size bytes) at p, |x| from `least` to least + 8 with random
   signs and mantissas: the values of an activation's input. */
static void fill_floats(unsigned char *p, size_t n, DML_TENSOR_DATA_TYPE type, size_t size,
                        uint64_t seed, double least)
{
    for (size_t i = 0; i < n; i++) {
        seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
        float f = (float)((double)(seed >> 40) / (double)(1u << 24) * 8.0 + least);
        if (seed & 1)
            f = -f;
        if (size == 8) {
            double d = f;
            memcpy(p + i * 8, &d, 8);
        } else if (size == 4) {
            memcpy(p + i * 4, &f, 4);
        } else {
            uint16_t h = type == DML_TENSOR_DATA_TYPE_FLOAT16 ? dmlp__f32_to_f16(f)
                                                              : dmlp__f32_to_bf16(f);
            memcpy(p + i * 2, &h, 2);
        }
    }
}

/* Cache-resident: 32 KiB in and out (of the scratch buffers `in` and `out`), the divide
   and the reciprocal form alternating, the fastest of several rounds each. The
   reciprocal form must be 3% faster to be taken (the divide is the reference's own
   form). */
static void measure_softsign(dmlp__isa isa, unsigned char *in, unsigned char *out,
                             uint32_t *recip, char *why, size_t why_size)
{
    static const struct {
        DML_TENSOR_DATA_TYPE type;
        uint32_t bit;
        size_t size;
        const char *name;
    } types[] = {{DML_TENSOR_DATA_TYPE_FLOAT32, DMLP__TUNE_F32, 4, "f32"},
                 {DML_TENSOR_DATA_TYPE_FLOAT16, DMLP__TUNE_F16, 2, "f16"},
                 {DMLP_TENSOR_DATA_TYPE_BFLOAT16, DMLP__TUNE_BF16, 2, "bf16"}};
    *recip = 0;
    if (!dmlp__softsign_has_recip(isa)) {
        append(why, why_size, "Softsign: divide (no reciprocal form at this level);");
        return;
    }
    enum { BYTES = 32 * 1024, CALLS = 16, ROUNDS = 9 };
    append(why, why_size, "Softsign GB/s in cache, divide/reciprocal:");
    for (size_t k = 0; k < sizeof types / sizeof types[0]; k++) {
        dmlp__kernel_choice c = dmlp__kernel_select(DML_OPERATOR_ACTIVATION_SOFTSIGN,
                                                    types[k].type, isa);
        if (!c.fn || !dmlp__softsign_has_recip(c.isa))
            continue;
        /* Realistic values: |x| between 2^-5 and 2^3 + 2^-5. */
        size_t n = BYTES / types[k].size;
        fill_floats(in, n, types[k].type, types[k].size, 0x2545f4914f6cdd1du, 0.03125);
        const dmlp__kernel_args forms[2] = {{.mode = DML_IS_INFINITY_MODE_EITHER},
                                            {.mode = DML_IS_INFINITY_MODE_EITHER, .recip = 1}};
        double best[2];
        time_two_forms(&(timed_call){.unary = c.fn, .n = n, .a = in, .out = out}, forms, ROUNDS,
                       CALLS, best);
        int use = best[1] < best[0] * 0.97;
        if (use)
            *recip |= types[k].bit;
        append(why, why_size, " %s %.0f/%.0f %s;", types[k].name, 2.0 * BYTES / best[0] / 1e9,
               2.0 * BYTES / best[1] / 1e9, use ? "reciprocal" : "divide");
    }
}

/* Whether the cache-resident loops unroll: four one-vector-a-block kernels (as most
   are) on 64 KiB and on 256 KiB of input, both ways alternating, the fastest of several
   rounds each. Unrolled loops must be 3% faster over all eight (the geometric mean of the
   ratios) to be taken. Several kernels, because the loser differs from kernel to kernel:
   on a Zen 5 at AVX2, one block per iteration ran some at 130 GB/s and others at 200-220
   in the same build, unrolled loops none below 167; at AVX-512 unrolling lost 3-9% at
   64 KiB. */
static void measure_unroll(dmlp__isa isa, unsigned char *in, unsigned char *out,
                           uint32_t *unroll, char *why, size_t why_size)
{
    static const struct {
        DML_OPERATOR_TYPE op;
        DML_TENSOR_DATA_TYPE type;
        size_t size;
    } kinds[] = {{DML_OPERATOR_ELEMENT_WISE_SIGN, DML_TENSOR_DATA_TYPE_INT8, 1},
                 {DML_OPERATOR_ELEMENT_WISE_SIGN, DML_TENSOR_DATA_TYPE_FLOAT32, 4},
                 {DML_OPERATOR_ELEMENT_WISE_ABS, DML_TENSOR_DATA_TYPE_INT32, 4},
                 {DML_OPERATOR_ELEMENT_WISE_NEGATE, DML_TENSOR_DATA_TYPE_FLOAT16, 2}};
    enum { ROUNDS = 5 };
    static const size_t sizes[2] = {64 * 1024, SCRATCH_BYTES};
    *unroll = 0;
    for (size_t i = 0; i < SCRATCH_BYTES; i++)
        in[i] = (unsigned char)(i * 37 + 11);
    double log_sum = 0, best_total[2] = {0, 0};
    unsigned measured = 0;
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        dmlp__kernel_choice c = dmlp__kernel_select(kinds[k].op, kinds[k].type, isa);
        if (!c.fn || c.isa != isa)
            continue;
        const dmlp__kernel_args forms[2] = {{.mode = DML_IS_INFINITY_MODE_EITHER},
                                            {.mode = DML_IS_INFINITY_MODE_EITHER, .unroll = 1}};
        for (unsigned z = 0; z < 2; z++) {
            double best[2];
            time_two_forms(
                &(timed_call){.unary = c.fn, .n = sizes[z] / kinds[k].size, .a = in, .out = out},
                forms, ROUNDS, (unsigned)(512 * 1024 / sizes[z]), best);
            log_sum += log(best[1] / best[0]);
            best_total[0] += best[0] / (double)sizes[z];
            best_total[1] += best[1] / (double)sizes[z];
            measured++;
        }
    }
    if (measured) {
        *unroll = exp(log_sum / measured) < 0.97;
        append(why, why_size,
               " loops: %u kernel and size pairs in cache, unrolled at %.2f x the time of one "
               "block per iteration (geometric mean; mean GB/s %.0f/%.0f): %s;",
               measured, exp(log_sum / measured), 2.0 * measured / best_total[0] / 1e9,
               2.0 * measured / best_total[1] / 1e9,
               *unroll ? "unrolled" : "one block per iteration");
    } else {
        append(why, why_size, " loops: one block per iteration (no kernels at this level);");
    }
}

/* Whether to take the second of two forms timed at t[0] and t[1] seconds a call: the
   built-in one (the second where `second_builtin`) stays unless the other is 3% faster,
   so noise alone does not move a choice. */
static int take_second(const double t[2], int second_builtin)
{
    return second_builtin ? !(t[0] < t[1] * 0.97) : t[1] < t[0] * 0.97;
}

/* The float widths of Clip and Threshold (FLOAT16 stands for BFLOAT16: the same loops). */
static const struct {
    DML_TENSOR_DATA_TYPE type;
    size_t size;
    uint32_t clip, threshold;
    const char *name;
} clamp_widths[] = {
    {DML_TENSOR_DATA_TYPE_FLOAT16, 2, DMLP__TUNE_CLIP_16, DMLP__TUNE_THRESHOLD_16, "16"},
    {DML_TENSOR_DATA_TYPE_FLOAT32, 4, DMLP__TUNE_CLIP_32, DMLP__TUNE_THRESHOLD_32, "32"},
    {DML_TENSOR_DATA_TYPE_FLOAT64, 8, DMLP__TUNE_CLIP_64, DMLP__TUNE_THRESHOLD_64, "64"}};

/* Clip and Threshold of floats: Max's kernel and the ordering keys, alternating on 32 KiB,
   the fastest of several rounds each, with the loops as measured before (built-in: Clip
   on keys, Threshold on Max's). Clip's bounds -0 and 6, Threshold's -0: f32 and f64 run
   ReLU6's and ReLU's own bounds by the ISA's min and max (clamp_native, ops/clamp.h),
   and these forms only where a bound is -0 for Min, +0 for Max or NaN. On a Zen 5 the keys ran Clip at 1.2-2.9 x and Threshold at 0.6-0.9 x
   the other form; on a Zen 4 at SSE2, Threshold of 16 and 32 bits at 1.1-1.2 x
   (docs/performance.md): which wins depends on what the CPU does with masks. */
static void measure_clamp(dmlp__isa isa, unsigned char *in, unsigned char *out, uint32_t unroll,
                          uint32_t *bits, char *why, size_t why_size)
{
    enum { BYTES = 32 * 1024, CALLS = 16, ROUNDS = 9 };
    *bits = 0;
    for (int op = 0; op < 2; op++) {
        append(why, why_size, " %s GB/s in cache, Max's kernel/keys:",
               op ? "Threshold" : "Clip");
        for (size_t k = 0; k < sizeof clamp_widths / sizeof clamp_widths[0]; k++) {
            dmlp__kernel_choice c = dmlp__kernel_select(
                op ? DML_OPERATOR_ELEMENT_WISE_THRESHOLD : DML_OPERATOR_ELEMENT_WISE_CLIP,
                clamp_widths[k].type, isa);
            if (!c.fn || c.isa != isa)
                continue;
            size_t n = BYTES / clamp_widths[k].size;
            fill_floats(in, n, clamp_widths[k].type, clamp_widths[k].size,
                        0x9e3779b97f4a7c15u, 0);
            dmlp__kernel_args forms[2] = {
                {.param = {-0.0f, 6.0f}, .unroll = unroll},
                {.param = {-0.0f, 6.0f}, .unroll = unroll, .clamp_keys = 1}};
            double best[2];
            time_two_forms(&(timed_call){.unary = c.fn, .n = n, .a = in, .out = out}, forms,
                           ROUNDS, CALLS, best);
            uint32_t bit = op ? clamp_widths[k].threshold : clamp_widths[k].clip;
            int use = take_second(best, (DMLP__TUNE_BUILTIN & bit) != 0);
            if (use)
                *bits |= bit;
            append(why, why_size, " %s-bit %.0f/%.0f %s;", clamp_widths[k].name,
                   2.0 * BYTES / best[0] / 1e9, 2.0 * BYTES / best[1] / 1e9,
                   use ? "keys" : "max");
        }
    }
}

/* The FLOAT16 comparisons: 16-bit keys and binary32 halves, alternating on 16 KiB of
   each input and a UINT8 output (GreaterThan, both inputs packed), the fastest of several
   rounds each (built-in: the halves). On a Zen 5 the halves ran at 1.1-1.2 x the keys at
   AVX-512 and 0.8 x at AVX2; on a Zen 4 at AVX-512, level. */
static void measure_halves(dmlp__isa isa, unsigned char *in, unsigned char *out,
                           uint32_t *bits, char *why, size_t why_size)
{
    enum { ELEMENTS = 8 * 1024, CALLS = 16, ROUNDS = 9 };
    *bits = 0;
    dmlp__binary_kernel_choice c = dmlp__binary_kernel_select(
        DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN, DML_TENSOR_DATA_TYPE_FLOAT16, isa);
    if (!c.fn || c.isa != isa)
        return;
    unsigned char *a = in, *b = in + 2 * ELEMENTS;
    fill_floats(a, ELEMENTS, DML_TENSOR_DATA_TYPE_FLOAT16, 2, 0x9e3779b97f4a7c15u, 0);
    fill_floats(b, ELEMENTS, DML_TENSOR_DATA_TYPE_FLOAT16, 2, 0x2545f4914f6cdd1du, 0);
    const dmlp__kernel_args forms[2] = {{.out_size = 1}, {.out_size = 1, .f16_halves = 1}};
    double best[2];
    time_two_forms(&(timed_call){.binary = c.fn, .n = ELEMENTS, .a = a, .b = b, .out = out},
                   forms, ROUNDS, CALLS, best);
    int use = take_second(best, (DMLP__TUNE_BUILTIN & DMLP__TUNE_F16_HALVES) != 0);
    *bits = use ? DMLP__TUNE_F16_HALVES : 0;
    append(why, why_size, " FLOAT16 comparisons GB/s in cache, keys/halves: %.0f/%.0f %s;",
           5.0 * ELEMENTS / best[0] / 1e9, 5.0 * ELEMENTS / best[1] / 1e9,
           use ? "halves" : "keys");
}

/* The 16-bit tables of results: the scalar loop and the ISA's gathers, alternating on 32
   KiB of binary16 (Exp's kernel, its table made before the timing), the fastest of
   several rounds each (built-in: the loop). On a Zen 4 the loop ran 12-14 GB/s and the
   gathers 10 (AVX-512) and 8 (AVX2): a gather's throughput against four loads a cycle
   is the CPU's. */
static void measure_table16(dmlp__isa isa, unsigned char *in, unsigned char *out,
                            uint32_t *bits, char *why, size_t why_size)
{
    enum { ELEMENTS = 16 * 1024, CALLS = 16, ROUNDS = 9 };
    *bits = 0;
    dmlp__kernel_choice c =
        dmlp__kernel_select(DML_OPERATOR_ELEMENT_WISE_EXP, DML_TENSOR_DATA_TYPE_FLOAT16, isa);
    if (!dmlp__table16_has_gather(isa) || !c.fn || c.isa != isa)
        return;
    fill_floats(in, ELEMENTS, DML_TENSOR_DATA_TYPE_FLOAT16, 2, 0x9e3779b97f4a7c15u, 0);
    const dmlp__kernel_args forms[2] = {{.table16_gather = 0}, {.table16_gather = 1}};
    c.fn(ELEMENTS, in, out, &forms[0]); /* the table is made by the first call */
    double best[2];
    time_two_forms(&(timed_call){.unary = c.fn, .n = ELEMENTS, .a = in, .out = out}, forms,
                   ROUNDS, CALLS, best);
    int use = take_second(best, (DMLP__TUNE_BUILTIN & DMLP__TUNE_TABLE16_GATHER) != 0);
    *bits = use ? DMLP__TUNE_TABLE16_GATHER : 0;
    append(why, why_size, " 16-bit tables GB/s in cache, loop/gathers: %.0f/%.0f %s;",
           4.0 * ELEMENTS / best[0] / 1e9, 4.0 * ELEMENTS / best[1] / 1e9,
           use ? "gathers" : "loop");
}

/* The forms of level `isa`, measured (or read, or forced) once. */
static uint32_t forms_of(dmlp__isa isa)
{
    if ((unsigned)isa >= DMLP__ISA_COUNT || isa == DMLP__ISA_SCALAR)
        return 0;
    if (atomic_load_explicit(&state.forms_done[isa], memory_order_acquire))
        return state.forms[isa];
    lock();
    if (!atomic_load(&state.forms_done[isa])) {
        ensure_ready();
        const forced *f = &state.force;
        if (f->defaults || f->forms_mask == DMLP__TUNE_ALL) {
            state.forms[isa] = DMLP__TUNE_BUILTIN;
            state.forms_from[isa] = f->defaults ? DEFAULTS : FORCED;
            snprintf(state.forms_why[isa], sizeof state.forms_why[isa], "%s",
                     f->defaults ? "built-in" : "");
        } else if (state.forms_from[isa] != CACHED) {
            /* Without memory to measure in: the built-in forms, not kept in the file. */
            char *why = state.forms_why[isa];
            unsigned char *in = dmlp__aligned_alloc(64, SCRATCH_BYTES),
                          *out = dmlp__aligned_alloc(64, SCRATCH_BYTES);
            state.forms[isa] = DMLP__TUNE_BUILTIN;
            state.forms_from[isa] = DEFAULTS;
            snprintf(why, sizeof state.forms_why[isa], "no memory to measure: built-in");
            if (in && out) {
                uint32_t recip, unroll, halves, clamp, table16;
                dmlp__fp_env saved = dmlp__fp_env_enter();
                why[0] = '\0';
                measure_softsign(isa, in, out, &recip, why, sizeof state.forms_why[isa]);
                measure_unroll(isa, in, out, &unroll, why, sizeof state.forms_why[isa]);
                measure_halves(isa, in, out, &halves, why, sizeof state.forms_why[isa]);
                measure_clamp(isa, in, out, unroll, &clamp, why, sizeof state.forms_why[isa]);
                measure_table16(isa, in, out, &table16, why, sizeof state.forms_why[isa]);
                dmlp__fp_env_leave(saved);
                state.forms[isa] =
                    recip | (unroll ? DMLP__TUNE_UNROLL : 0) | halves | clamp | table16;
                state.forms_from[isa] = MEASURED;
                save_file();
            }
            dmlp__aligned_free(in);
            dmlp__aligned_free(out);
        }
        state.forms[isa] = (state.forms[isa] & ~f->forms_mask) | (f->forms_set & f->forms_mask);
        if (!dmlp__softsign_has_recip(isa))
            state.forms[isa] &= ~DMLP__TUNE_SOFTSIGN; /* the kernels divide there anyway */
        if (!dmlp__table16_has_gather(isa))
            state.forms[isa] &= ~DMLP__TUNE_TABLE16_GATHER; /* the loop there anyway */
        atomic_store_explicit(&state.forms_done[isa], 1, memory_order_release);
    }
    unlock();
    return state.forms[isa];
}

uint32_t dmlp__tune_softsign_recip(dmlp__isa isa)
{
    return forms_of(isa) & DMLP__TUNE_SOFTSIGN;
}

uint32_t dmlp__tune_unroll(dmlp__isa isa)
{
    return (forms_of(isa) & DMLP__TUNE_UNROLL) != 0;
}

uint32_t dmlp__tune_forms(dmlp__isa isa)
{
    return forms_of(isa);
}

/* ---- reporting ------------------------------------------------------------------------ */

void dmlp__tune_describe(char *buf, size_t size)
{
    if (!size)
        return;
    buf[0] = '\0';
    lock();
    ensure_ready();
    append(buf, size, "cpu: %s\n", state.key);
    if (state.force.ignored[0])
        append(buf, size, "DMLP_TUNE: not understood, ignored: %s\n", state.force.ignored);
    const dmlp__streaming_tune *t = &state.streaming;
    if (state.streaming_from == NOT_YET) {
        append(buf, size, "streaming: not measured yet (on the first operator with >= 1 MiB "
                          "of output)\n");
    } else {
        char from[32], chunk[32], same[48], narrow[48];
        size_text(from, sizeof from, t->stream_from);
        size_text(chunk, sizeof chunk, t->chunk_bytes);
        prefetch_text(same, sizeof same, t->prefetch, t->prefetch_distance);
        prefetch_text(narrow, sizeof narrow, t->narrow_prefetch, t->narrow_distance);
        append(buf, size,
               "streaming (%s%s): non-temporal stores above %s of output; prefetch %s "
               "(narrowing: %s); chunks up to %s\n",
               source_names[state.streaming_from],
               state.streaming_from != FORCED &&
                       (state.force.prefetch || state.force.distance || state.force.stream_from ||
                        state.force.chunk || state.force.narrow_prefetch ||
                        state.force.narrow_distance)
                   ? ", some forced by DMLP_TUNE"
                   : "",
               from, same, narrow, chunk);
        if (state.streaming_why[0])
            append(buf, size, "  why: %s\n", state.streaming_why);
    }
    for (unsigned i = DMLP__ISA_SSE2; i < DMLP__ISA_COUNT; i++) {
        if (!atomic_load(&state.forms_done[i]) && state.forms_from[i] != CACHED)
            continue;
        uint32_t r = state.forms[i];
        append(buf, size,
               "in cache, %s (%s%s): Softsign f32 %s, f16 %s, bf16 %s; loops %s; FLOAT16 "
               "comparisons on %s; Clip 16/32/64-bit on %s/%s/%s; Threshold on %s/%s/%s; "
               "16-bit tables by %s\n",
               dmlp__isa_name((dmlp__isa)i), source_names[state.forms_from[i]],
               state.forms_from[i] != FORCED && state.force.forms_mask
                   ? ", some forced by DMLP_TUNE"
                   : "",
               r & DMLP__TUNE_F32 ? "reciprocal" : "divide",
               r & DMLP__TUNE_F16 ? "reciprocal" : "divide",
               r & DMLP__TUNE_BF16 ? "reciprocal" : "divide",
               r & DMLP__TUNE_UNROLL ? "unrolled" : "one block per iteration",
               r & DMLP__TUNE_F16_HALVES ? "binary32 halves" : "16-bit keys",
               r & DMLP__TUNE_CLIP_16 ? "keys" : "max", r & DMLP__TUNE_CLIP_32 ? "keys" : "max",
               r & DMLP__TUNE_CLIP_64 ? "keys" : "max",
               r & DMLP__TUNE_THRESHOLD_16 ? "keys" : "max",
               r & DMLP__TUNE_THRESHOLD_32 ? "keys" : "max",
               r & DMLP__TUNE_THRESHOLD_64 ? "keys" : "max",
               r & DMLP__TUNE_TABLE16_GATHER ? "gathers" : "a loop");
        if (state.forms_why[i][0])
            append(buf, size, "  why: %s\n", state.forms_why[i]);
    }
    dmlp__isa isa = dmlp__isa_detect();
    if (isa != DMLP__ISA_SCALAR && !atomic_load(&state.forms_done[isa]) &&
        state.forms_from[isa] != CACHED)
        append(buf, size, "in cache: not measured yet (on the first operator)\n");
    append(buf, size, "cache file: %s\n", state.file_note[0] ? state.file_note : "-");
    unlock();
}

const char *dmlp__tune_cache_path(void)
{
    lock();
    ensure_ready();
    unlock();
    return state.path;
}

void dmlp__tune_reset(void)
{
    lock();
    atomic_store(&state.ready, 0);
    atomic_store(&state.streaming_done, 0);
    state.streaming_from = NOT_YET;
    state.streaming_why[0] = '\0';
    for (unsigned i = 0; i < DMLP__ISA_COUNT; i++) {
        atomic_store(&state.forms_done[i], 0);
        state.forms_from[i] = NOT_YET;
        state.forms[i] = 0;
        state.forms_why[i][0] = '\0';
    }
    state.file_note[0] = '\0';
    unlock();
}
