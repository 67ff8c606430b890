/* Internal: Softmax, LogSoftmax and Hardmax of one row (src/numeric/softmax_row.c;
   docs/operators.md, docs/accuracy.md), fed in chunks so that the caller may walk the
   row through any strides.

   A row is read three times, in row order: scan (the maximum, NaN and +inf), sum (the
   exponentials; not for Hardmax), results. The values come as binary64 (each element
   of a binary16, bfloat16, binary32 or binary64 row, widened exactly); results go out
   as the bits of the output format, in the low bits of a uint64_t.

   What a row gives (m is its largest value):
   - a NaN anywhere: every result is the row's first NaN, made quiet, sign and payload
     kept (Hardmax instead follows argmax: see below);
   - otherwise +inf anywhere, or every element -inf: every result is the default NaN
     (positive, quiet): e^(x - m) has no value there;
   - otherwise Softmax: e^(x_i - m) / sum_j e^(x_j - m), the exact value rounded once to
     nearest-even for binary32, binary16 and bfloat16 outputs (so the same bits whatever
     the order of the sum); binary64 within 1 ULP. -inf elements give +0.
     LogSoftmax: (x_i - m) - log(sum_j e^(x_j - m)), likewise; -inf elements give -inf.
   - Hardmax: 1 at the first largest element in row order and 0 elsewhere, a NaN
     counting as larger than every number (numpy's argmax, ONNX's reference), -0 and +0
     equal (the first wins).

   The exact value is decided from a fast evaluation with a proven error bound
   (dmlp__round_decided; LogSoftmax: an interval around a double-double); an element it
   cannot decide asks for the double-double evaluation: softmax_row_results then returns
   a nonzero count, the caller runs dmlp__softmax_row_sum_exact over the whole row and
   softmax_row_results again (every element, from the row's start: the results already
   written are written again with the same bits). binary64 outputs always take the
   double-double evaluation. */
#ifndef DMLP_NUMERIC_SOFTMAX_ROW_H
#define DMLP_NUMERIC_SOFTMAX_ROW_H

#include <stddef.h>
#include <stdint.h>

#include "numeric/double_double.h"

typedef enum dmlp__softmax_kind {
    DMLP__SOFTMAX,
    DMLP__LOG_SOFTMAX,
    DMLP__HARDMAX
} dmlp__softmax_kind;

/* The output formats (frac, exp) of numeric/cr_round.h, and binary64's. */
#define DMLP__F64_FORMAT 52, 11

typedef struct dmlp__softmax_row {
    dmlp__softmax_kind kind;
    int frac, exp;       /* the output format */
    uint64_t index;      /* elements seen by the pass under way */
    /* scan */
    double max;          /* the largest number (-inf if none) */
    uint64_t argmax;     /* index of the first largest (NaN first); Softmax and LogSoftmax
                            leave it out of the sum (its exponential is 1) */
    uint64_t nan_bits;   /* binary64 bits of the first NaN; 0: none */
    int has_pos_inf;
    uint64_t finite;     /* how many finite elements: the sum is positive when above 1 */
    /* sum: the exponentials of every element but the first largest (whose is 1) */
    dmlp__dd tail;        /* binary64 terms, added as a double-double */
    dmlp__dd tail_exact;  /* double-double terms (sum_exact; pass 2 for binary64)... */
    dmlp__dd tail_exact_rest; /* ... and what their additions rounded off */
    dmlp__dd tail_tiny, tail_tiny_rest; /* binary64 LogSoftmax: the terms in
                                           [e^-1300, e^-600), times 2^1000 */
    int exact;            /* sum_exact has run: pass 3 takes the double-double
                             evaluation for every element */
    /* results: set by the first chunk of each pass 3, from the sum it uses */
    dmlp__dd sum;         /* Softmax: 1 + the tail */
    dmlp__dd log_sum;     /* LogSoftmax: log(1 + the tail), once log_sum_known */
    int log_sum_known;    /* the fast path computes it on its first need */
    double log_sum_fast;  /* LogSoftmax: the same in binary64, for the vector lanes */
} dmlp__softmax_row;

/* Starts a row: kind and output format (DMLP__F32_FORMAT, DMLP__F16_FORMAT,
   DMLP__BF16_FORMAT, DMLP__F64_FORMAT). */
void dmlp__softmax_row_begin(dmlp__softmax_row *r, dmlp__softmax_kind kind, int frac,
                             int exp);

/* Pass 1 over x[0..n), then the next chunk ...; the whole row in row order. */
void dmlp__softmax_row_scan(dmlp__softmax_row *r, const double *x, size_t n);

/* Pass 2 (Softmax and LogSoftmax; nothing for Hardmax). Call dmlp__softmax_row_pass
   before the first chunk of each pass after the first. */
void dmlp__softmax_row_sum(dmlp__softmax_row *r, const double *x, size_t n);

/* Pass 3: the results of x[0..n) into out[0..n). Returns how many it could not decide
   (their out[] is unspecified); see the top of this file. */
size_t dmlp__softmax_row_results(dmlp__softmax_row *r, const double *x, size_t n,
                                 uint64_t *out);

/* The pass that follows an undecided pass 3: the double-double sum over the whole row;
   then pass 3 again from the row's start. */
void dmlp__softmax_row_sum_exact(dmlp__softmax_row *r, const double *x, size_t n);

/* Passes 1 and 2 done elsewhere (a binary32 row on vector lanes, kernels/softmax_lanes.h):
   the row's largest value, the index of its first occurrence, its finite elements and
   the sum of the other elements' exponentials, within the fast path's bound (see
   softmax_row.c); readies pass 3. For a row with no NaN and no +inf and some finite
   element, of Softmax or LogSoftmax with a narrow output. */
void dmlp__softmax_row_found(dmlp__softmax_row *r, double max, uint64_t argmax,
                             uint64_t finite, dmlp__dd tail);

/* Pass 3's fast evaluation of one element x of the row (after dmlp__softmax_row_found or
   a first chunk of pass 3): 1 and its bits when decided, 0 when not (the row then needs
   dmlp__softmax_row_sum_exact as after an undecided pass 3). LogSoftmax's first call
   computes the double-double log_sum. */
int dmlp__softmax_row_decide(dmlp__softmax_row *r, double x, uint64_t *bits);

/* The exact path's sum as the vector lanes keep it (kernels/softmax_lanes.h:
   sum_exact_f32): lane j's sum hi[j] + lo[j] and the parts its additions rounded off
   rest_hi[j] + rest_lo[j]; all zeros to start. */
#define DMLP__SOFTMAX_EXACT_LANES 8
typedef struct dmlp__softmax_exact_lanes {
    double hi[DMLP__SOFTMAX_EXACT_LANES], lo[DMLP__SOFTMAX_EXACT_LANES];
    double rest_hi[DMLP__SOFTMAX_EXACT_LANES], rest_lo[DMLP__SOFTMAX_EXACT_LANES];
} dmlp__softmax_exact_lanes;

/* The exact path after dmlp__softmax_row_found, its sum from the lanes (added in lane
   order as sum_exact adds terms); then dmlp__softmax_row_exact_one gives any element's
   result, as pass 3 after dmlp__softmax_row_sum_exact does. */
void dmlp__softmax_row_found_exact(dmlp__softmax_row *r, const dmlp__softmax_exact_lanes *sum);
uint64_t dmlp__softmax_row_exact_one(const dmlp__softmax_row *r, double x);

/* Before each pass but the first: index back to the row's start. */
static inline void dmlp__softmax_row_pass(dmlp__softmax_row *r)
{
    r->index = 0;
}

#endif
