/* Binary32 rows on the ISA's vector lanes (kernels/softmax_lanes.h): see plan_rows.h.
   The three passes of numeric/softmax_row.h, each over runs of the row: the row itself
   where both tensors hold it packed, otherwise up to RUN elements gathered through the
   strides. The exponentials of pass 2 are kept for pass 3 when the row fits the
   scratch. A lane the kernels leave open is decided by numeric/softmax_row.h's fast
   path with the same sum; a row with an element neither decides, or with a NaN or a
   +inf, goes back to plan_rows.c's scalar walk, which starts it again. */
#include <stdlib.h>
#include <string.h>

#include "core/plan_rows.h"
#include "core/row_cursor.h"
#include "numeric/cr_round.h"
#include "numeric/softmax_row.h"

#define RUN DMLP__SOFTMAX_SUM_RUN /* elements per run: at most a sum run */
#define TERMS_MAX (32u * 1024u)   /* rows up to this long keep their exponentials (256 KiB) */

struct dmlp__rows_scratch {
    float x[RUN], y[RUN];
    uint32_t open[RUN];
    uint64_t out_offsets[RUN];
    double terms[]; /* the row's exponentials, when it has at most TERMS_MAX elements */
};

dmlp__rows_scratch *dmlp__rows_scratch_new(const dmlp__rows_plan *plan)
{
    size_t terms = plan->row_length <= TERMS_MAX ? (size_t)plan->row_length : 0;
    return malloc(sizeof(dmlp__rows_scratch) + terms * sizeof(double));
}

/* One pass's walk through a row, a run at a time. */
typedef struct walk {
    const dmlp__rows_plan *p;
    const unsigned char *in;
    int packed;
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

/* The next run (NULL after the last), gathered into s->x unless packed; its elements'
   output offsets too when asked. */
static const float *walk_next(walk *w, dmlp__rows_scratch *s, int offsets)
{
    w->done += w->n;
    uint64_t left = w->p->row_length - w->done;
    w->n = left < RUN ? (size_t)left : RUN;
    if (w->n == 0)
        return NULL;
    if (w->packed)
        return (const float *)(const void *)w->in + w->done;
    for (size_t i = 0; i < w->n; i++) {
        memcpy(&s->x[i], w->in + w->cursor.in_offset, sizeof(float));
        if (offsets)
            s->out_offsets[i] = w->cursor.out_offset;
        cursor_next(w->p, &w->cursor);
    }
    return s->x;
}

/* A run's results to the output: in place when packed, else through the offsets. */
static void put_run(const walk *w, const dmlp__rows_scratch *s, const float *y,
                    unsigned char *out)
{
    if (w->packed)
        return;
    for (size_t i = 0; i < w->n; i++)
        memcpy(out + s->out_offsets[i], &y[i], sizeof(float));
}

static float *run_out(const walk *w, dmlp__rows_scratch *s, unsigned char *out)
{
    return w->packed ? (float *)(void *)out + w->done : s->y;
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

int dmlp__rows_lanes_row(const dmlp__rows_plan *p, dmlp__rows_scratch *s,
                         const unsigned char *in, unsigned char *out)
{
    const dmlp__softmax_lanes *lanes = p->lanes;
    int packed = p->row_dims == 1 && p->in_row_strides[0] == sizeof(float) &&
                 p->out_row_strides[0] == sizeof(float) &&
                 ((uintptr_t)in | (uintptr_t)out) % sizeof(float) == 0;
    walk w;
    const float *x;
    /* pass 1: the largest value and the first index of it */
    dmlp__softmax_scan scan = {-INFINITY, 0, 0};
    walk_start(&w, p, in, packed);
    while ((x = walk_next(&w, s, 0)) != NULL)
        lanes->scan_f32(x, w.n, &scan);
    if (scan.special || scan.max == -INFINITY)
        return 0;
    uint64_t argmax = p->row_length;
    walk_start(&w, p, in, packed);
    while (argmax == p->row_length && (x = walk_next(&w, s, 0)) != NULL) {
        size_t i = lanes->first_f32(x, w.n, (float)scan.max);
        if (i < w.n)
            argmax = w.done + i;
    }
    if (p->kind == DMLP__HARDMAX) {
        hardmax_row(p, s, in, out, packed, argmax);
        return 1;
    }
    /* pass 2: the other elements' exponentials */
    double *terms = p->row_length <= TERMS_MAX ? s->terms : NULL;
    dmlp__dd tail = {0, 0};
    walk_start(&w, p, in, packed);
    while ((x = walk_next(&w, s, 0)) != NULL) {
        double *t = terms ? terms + w.done : NULL;
        size_t a = argmax - w.done < w.n ? (size_t)(argmax - w.done) : w.n;
        tail = dmlp__dd_add(tail, lanes->sum_f32(x, a, scan.max, t));
        if (a < w.n) {
            tail = dmlp__dd_add(tail, lanes->sum_f32(x + a + 1, w.n - a - 1, scan.max,
                                                     t ? t + a + 1 : NULL));
            if (t)
                t[a] = 1.0;
        }
    }
    dmlp__softmax_row r;
    dmlp__softmax_row_begin(&r, (dmlp__softmax_kind)p->kind, DMLP__F32_FORMAT);
    dmlp__softmax_row_found(&r, scan.max, argmax, scan.finite, tail);
    /* pass 3 */
    walk_start(&w, p, in, packed);
    while ((x = walk_next(&w, s, 1)) != NULL) {
        float *y = run_out(&w, s, out);
        size_t open = p->kind == DMLP__SOFTMAX
                          ? lanes->softmax_f32(x, terms ? terms + w.done : NULL, w.n, scan.max,
                                               1.0 / r.sum.hi, y, s->open)
                          : lanes->log_softmax_f32(x, w.n, scan.max, r.log_sum.hi, y, s->open);
        for (size_t k = 0; k < open; k++) {
            uint64_t bits;
            if (!dmlp__softmax_row_decide(&r, x[s->open[k]], &bits))
                return 0;
            uint32_t b = (uint32_t)bits;
            memcpy(&y[s->open[k]], &b, sizeof b);
        }
        put_run(&w, s, y, out);
    }
    return 1;
}
