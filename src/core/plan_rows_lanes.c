/* Binary32, binary16 and bfloat16 rows on the ISA's vector lanes
   (kernels/softmax_lanes.h): see plan_rows.h.
   The three passes of numeric/softmax_row.h, each over runs of the row: the row itself
   where both tensors hold it packed, otherwise up to RUN elements gathered through the
   strides; 16-bit values are widened to binary32 and the results narrowed back, both
   exactly (the results are rounded to the output's format on the lanes). The
   exponentials of pass 2 are kept for pass 3 when the row fits the scratch.
   A lane the kernels leave open is decided by numeric/softmax_row.h's fast path with
   the same sum; an element neither decides takes the exact path (its sum on the lanes,
   then that element alone again: the other results are already the exact path's); a
   row with more than plan->undecided_max such elements runs pass 3 again after the
   exact sum, its open lanes taking the exact path. A row with a NaN or a +inf goes back
   to plan_rows.c's scalar walk, which starts it again. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/plan_rows.h"
#include "core/row_cursor.h"
#include "numeric/cr_round.h"
#include "numeric/fp_convert.h"
#include "numeric/softmax_row.h"

#define RUN DMLP__SOFTMAX_SUM_RUN /* elements per run: at most a sum run */

struct dmlp__rows_scratch {
    float x[RUN], y[RUN];
    uint16_t h[RUN]; /* a 16-bit run gathered, or to be scattered */
    uint32_t open[RUN];
    uint64_t out_offsets[RUN];
    double undecided_x[DMLP__ROWS_UNDECIDED_MAX];    /* the elements neither fast path
                                                        decides, */
    uint64_t undecided_at[DMLP__ROWS_UNDECIDED_MAX]; /* and their bytes in the output */
    const unsigned char *held; /* the row x holds whole (with its offsets), if any */
    int keeps_terms;           /* terms has room for a row */
    double terms[]; /* the row's exponentials, when it has at most plan->terms_max */
};

/* Rows up to plan->terms_max (1 Mi: 8 MiB a worker) keep their exponentials: computing
   them again cost more than their 16 bytes an element of traffic, even from memory (AMD
   EPYC family 26, one thread: 16 rows of 1 Mi, 24.8 ms again against 17.1 kept; a row
   of 128 Ki, 0.181 against 0.116 ms). Without the room when that memory is not to be
   had. */
dmlp__rows_scratch *dmlp__rows_scratch_new(const dmlp__rows_plan *plan)
{
    size_t terms = plan->row_length <= plan->terms_max ? (size_t)plan->row_length : 0;
    dmlp__rows_scratch *s = malloc(sizeof(dmlp__rows_scratch) + terms * sizeof(double));
    if (!s && terms) {
        terms = 0;
        s = malloc(sizeof(dmlp__rows_scratch));
    }
    if (s)
        s->keeps_terms = terms != 0;
    return s;
}

/* One pass's walk through a row, a run at a time. */
typedef struct walk {
    const dmlp__rows_plan *p;
    const unsigned char *in;
    int packed;   /* both tensors hold the row packed, aligned to the element */
    row_cursor cursor;
    uint64_t done; /* elements before the current run */
    size_t n;      /* the current run's */
} walk;

static void walk_start(walk *w, const dmlp__rows_plan *p, const unsigned char *in, int packed)
{
    w->p = p;
    w->in = in;
    w->packed = packed;
    cursor_start(&w->cursor);
    w->done = 0;
    w->n = 0;
}

/* walk_next's run when it is not the row itself: gathered through the strides into s,
   16-bit values widened; its elements' output offsets too when asked. */
static const float *walk_fetch(walk *w, dmlp__rows_scratch *s, int offsets)
{
    const dmlp__rows_plan *p = w->p;
    size_t eb = p->element_bytes;
    const void *run = w->in + w->done * eb;
    /* a row of one run is gathered and widened once, for every pass */
    int whole = w->n == p->row_length;
    if (whole && s->held == w->in)
        return s->x;
    s->held = whole ? w->in : NULL;
    if (!w->packed) {
        void *into = eb == 4 ? (void *)s->x : (void *)s->h;
        cursor_gather(p, w->in, &w->cursor, w->n, into,
                      offsets || whole ? s->out_offsets : NULL);
        run = into;
    }
    if (p->type == DML_TENSOR_DATA_TYPE_FLOAT32)
        return run;
    if (p->type == DML_TENSOR_DATA_TYPE_FLOAT16) {
        p->lanes->widen_f16(run, w->n, s->x);
    } else {
        const uint16_t *b = run;
        for (size_t i = 0; i < w->n; i++) {
            uint32_t bits = (uint32_t)b[i] << 16;
            memcpy(&s->x[i], &bits, sizeof bits);
        }
    }
    return s->x;
}

/* The next run as binary32 values (NULL after the last): the row itself for a packed
   binary32 row (inline: short rows pay for every call), else walk_fetch's. */
static inline const float *walk_next(walk *w, dmlp__rows_scratch *s, int offsets)
{
    const dmlp__rows_plan *p = w->p;
    w->done += w->n;
    uint64_t left = p->row_length - w->done;
    w->n = left < RUN ? (size_t)left : RUN;
    if (w->n == 0)
        return NULL;
    if (p->type == DML_TENSOR_DATA_TYPE_FLOAT32 && w->packed)
        return (const float *)(const void *)(w->in + w->done * 4);
    return walk_fetch(w, s, offsets);
}

/* Where a run's results go as binary32 values: the output itself for a packed binary32
   row, else the scratch (put_run takes them on). */
static float *run_out(const walk *w, dmlp__rows_scratch *s, unsigned char *out)
{
    int direct = w->packed && w->p->type == DML_TENSOR_DATA_TYPE_FLOAT32;
    return direct ? (float *)(void *)out + w->done : s->y;
}

/* A run's results (values of the output's type) to the output: 16-bit ones narrowed
   (exactly), then through the offsets unless packed. */
static void put_run(const walk *w, dmlp__rows_scratch *s, const float *y, unsigned char *out)
{
    const dmlp__rows_plan *p = w->p;
    size_t eb = p->element_bytes;
    if (eb == 4 && w->packed)
        return;
    const void *from = y;
    if (eb == 2) {
        uint16_t *h = w->packed ? (uint16_t *)(void *)(out + w->done * 2) : s->h;
        if (p->type == DML_TENSOR_DATA_TYPE_FLOAT16) {
            p->lanes->narrow_f16(y, w->n, h);
        } else {
            for (size_t i = 0; i < w->n; i++) {
                uint32_t bits;
                memcpy(&bits, &y[i], sizeof bits);
                h[i] = (uint16_t)(bits >> 16);
            }
        }
        if (w->packed)
            return;
        from = h;
    }
    row_put(p, out, s->out_offsets, from, w->n);
}

/* The binary32 value of a result's bits in the output's type. */
static float result_value(const dmlp__rows_plan *p, uint64_t bits)
{
    if (p->type == DML_TENSOR_DATA_TYPE_FLOAT16)
        return dmlp__f16_to_f32((uint16_t)bits);
    if (p->type == DMLP_TENSOR_DATA_TYPE_BFLOAT16)
        return dmlp__bf16_to_f32((uint16_t)bits);
    float f;
    uint32_t b = (uint32_t)bits;
    memcpy(&f, &b, sizeof f);
    return f;
}

static void hardmax_row(const dmlp__rows_plan *p, dmlp__rows_scratch *s, const unsigned char *in,
                        unsigned char *out, int packed, uint64_t argmax)
{
    walk w;
    walk_start(&w, p, in, packed);
    while (walk_next(&w, s, 1)) {
        float *y = run_out(&w, s, out);
        memset(y, 0, w.n * sizeof(float));
        if (argmax - w.done < w.n)
            y[argmax - w.done] = 1.0f;
        put_run(&w, s, y, out);
    }
}

/* Hardmax of a packed row: the first largest found on the lanes (binary32 values or the
   16-bit keys, nothing widened), then zeros and the one written; 0 for a row with a NaN
   (the scalar walk's). */
static int hardmax_packed(const dmlp__rows_plan *p, const unsigned char *in, unsigned char *out)
{
    size_t n = (size_t)p->row_length, eb = p->element_bytes;
    uint64_t first;
    int found;
    uint32_t one;
    if (eb == 4) {
        found = p->lanes->hardmax_first_f32((const float *)(const void *)in, n, &first);
        one = 0x3f800000u;
    } else {
        int half = p->type == DML_TENSOR_DATA_TYPE_FLOAT16;
        found = p->lanes->hardmax_first_16((const uint16_t *)(const void *)in, n,
                                           half ? 0x7c00u : 0x7f80u, &first);
        one = half ? 0x3c00u : 0x3f80u;
    }
    if (!found)
        return 0;
    memset(out, 0, n * eb);
    row_put_bits(p, out + first * eb, one);
    return 1;
}

/* The exact path's sum on the lanes, into r (numeric/softmax_row.h). */
static void exact_sum(const dmlp__rows_plan *p, dmlp__rows_scratch *s, dmlp__softmax_row *r,
                      const unsigned char *in, int packed, uint64_t argmax)
{
    dmlp__softmax_exact_lanes sum;
    memset(&sum, 0, sizeof sum);
    walk w;
    const float *x;
    walk_start(&w, p, in, packed);
    while ((x = walk_next(&w, s, 0)) != NULL) {
        size_t skip = argmax - w.done < w.n ? (size_t)(argmax - w.done) : w.n;
        p->lanes->sum_exact_f32(x, w.n, r->max, skip, &sum);
    }
    dmlp__softmax_row_found_exact(r, &sum);
}

/* The exact path's results of the elements pass 3 left undecided (every other result
   is already the exact path's). */
static void exact_results(const dmlp__rows_plan *p, const dmlp__rows_scratch *s,
                          const dmlp__softmax_row *r, unsigned char *out, size_t undecided)
{
    for (size_t k = 0; k < undecided; k++)
        row_put_bits(p, out + s->undecided_at[k],
                     dmlp__softmax_row_exact_one(r, s->undecided_x[k]));
}

int dmlp__rows_lanes_row(const dmlp__rows_plan *p, dmlp__rows_scratch *s,
                         const unsigned char *in, unsigned char *out)
{
    const dmlp__softmax_lanes *lanes = p->lanes;
    size_t eb = p->element_bytes;
    s->held = NULL;
    int packed = p->row_dims == 1 && p->in_row_strides[0] == eb &&
                 p->out_row_strides[0] == eb && ((uintptr_t)in | (uintptr_t)out) % eb == 0;
    int format = p->type == DML_TENSOR_DATA_TYPE_FLOAT16    ? DMLP__SOFTMAX_LANES_F16
                 : p->type == DMLP_TENSOR_DATA_TYPE_BFLOAT16 ? DMLP__SOFTMAX_LANES_BF16
                                                             : DMLP__SOFTMAX_LANES_F32;
    if (p->kind == DMLP__HARDMAX && packed)
        return hardmax_packed(p, in, out);
    walk w;
    const float *x;
    /* pass 1: the largest value and the first index of it */
    dmlp__softmax_scan scan = {-INFINITY, 0, 0, 0, 0, INFINITY, INFINITY};
    walk_start(&w, p, in, packed);
    while ((x = walk_next(&w, s, 0)) != NULL)
        lanes->scan_f32(x, w.n, &scan);
    if (scan.special || scan.max == -INFINITY)
        return 0;
    uint64_t argmax = scan.first;
    if (p->kind == DMLP__HARDMAX) {
        hardmax_row(p, s, in, out, packed, argmax);
        return 1;
    }
    /* pass 2: the other elements' exponentials */
    int plain = dmlp__softmax_differences_plain(&scan);
    double *terms = s->keeps_terms ? s->terms : NULL;
    dmlp__dd tail = {0, 0};
    walk_start(&w, p, in, packed);
    while ((x = walk_next(&w, s, 0)) != NULL) {
        size_t skip = argmax - w.done < w.n ? (size_t)(argmax - w.done) : w.n;
        tail = dmlp__dd_add(tail, lanes->sum_f32(x, w.n, scan.max, skip,
                                                 terms ? terms + w.done : NULL, plain));
    }
    dmlp__softmax_row r;
    dmlp__rows_row_begin(p, &r);
    dmlp__softmax_row_found(&r, scan.max, argmax, scan.finite, tail);
    /* pass 3; with too many undecided elements to keep, again after the exact sum,
       every open lane then taking the exact path */
    size_t undecided = 0;
    for (int exact = 0; exact < 2; exact++) {
        walk_start(&w, p, in, packed);
        while ((x = walk_next(&w, s, 1)) != NULL) {
            float *y = run_out(&w, s, out);
            size_t open = p->kind == DMLP__SOFTMAX
                              ? lanes->softmax(x, terms ? terms + w.done : NULL, w.n, scan.max,
                                               1.0 / r.sum.hi, plain, format, y, s->open)
                              : lanes->log_softmax(x, w.n, scan.max, r.log_sum_fast, format, y,
                                                   s->open);
            for (size_t k = 0; k < open; k++) {
                uint64_t bits;
                if (exact)
                    bits = dmlp__softmax_row_exact_one(&r, x[s->open[k]]);
                else if (!dmlp__softmax_row_decide(&r, x[s->open[k]], &bits)) {
                    if (undecided < p->undecided_max) {
                        s->undecided_x[undecided] = x[s->open[k]];
                        s->undecided_at[undecided] =
                            w.packed ? (w.done + s->open[k]) * eb : s->out_offsets[s->open[k]];
                    }
                    undecided++;
                    continue;
                }
                y[s->open[k]] = result_value(p, bits);
            }
            put_run(&w, s, y, out);
        }
        if (undecided == 0)
            break;
        exact_sum(p, s, &r, in, packed, argmax);
        if (undecided <= p->undecided_max) {
            exact_results(p, s, &r, out, undecided);
            break;
        }
    }
    return 1;
}
