/* Internal: the passes of a Softmax or LogSoftmax row of binary32 values (binary16 and
   bfloat16 rows widened to them) on one ISA's binary64 lanes (kernels/vector_softmax.inc), for core/rows_lanes.c. Each works on a contiguous
   run of the row; the caller splits a row into runs and keeps the row's state between
   them. Their results are decided as numeric/softmax_row.c's fast path decides its own
   (a proven error bound, the 29 bits below binary32's last place farther than it from
   a half); a lane they cannot decide is returned as open, and the caller finishes it
   with numeric/softmax_row.h, which also takes every row with a NaN or a +inf. So the
   bits never depend on the ISA. */
#ifndef DMLP_KERNELS_SOFTMAX_LANES_H
#define DMLP_KERNELS_SOFTMAX_LANES_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "kernels/kernels.h"
#include "numeric/double_double.h"
#include "numeric/softmax_row.h"

/* Pass 1's findings over the runs so far (start: max -inf, the rest 0). */
typedef struct dmlp__softmax_scan {
    double max;      /* the largest number; meaningless where `special` */
    uint64_t first;  /* the index of its first occurrence (-0 and +0 equal); likewise */
    uint64_t seen;   /* elements scanned */
    uint64_t finite; /* elements neither infinite nor NaN */
    int special;     /* a NaN or a +inf seen: the row is numeric/softmax_row.h's */
    double min;      /* the least element (start: +inf) */
    float min_mag;   /* the least nonzero magnitude (start: +inf) */
} dmlp__softmax_scan;

/* Whether every x - m of a scanned row (no NaN, no +inf) is exact in binary64 and at
   least -600, so that its terms need neither two_sum nor the cut (`plain` below). Every
   element and m are binary32, multiples of 2^q with q the last place of the least
   nonzero magnitude (zeros are multiples of everything); so is x - m, exact when below
   2^(q + 53) in magnitude. The range m - min, rounded, at most 2^(q + 52) is below
   that. */
static inline int dmlp__softmax_differences_plain(const dmlp__softmax_scan *scan)
{
    if (!(scan->min > -INFINITY))
        return 0;
    if (scan->min_mag < INFINITY) {
        int e;
        frexp(scan->min_mag, &e); /* min_mag in [2^(e-1), 2^e) */
        int q = (e - 1 < -126 ? -126 : e - 1) - 23;
        if (!(scan->max - scan->min <= ldexp(1.0, q + 52)))
            return 0;
    }
    return scan->min - scan->max >= -600.0; /* exact now */
}

/* Most elements a sum run may have: its lanes' double-doubles are renormalised once per
   run (see vector_softmax.inc). */
#define DMLP__SOFTMAX_SUM_RUN 4096u

/* The results' formats: binary32, binary16, bfloat16. */
#define DMLP__SOFTMAX_LANES_F32 0
#define DMLP__SOFTMAX_LANES_F16 1
#define DMLP__SOFTMAX_LANES_BF16 2

/* Steps of binary64 patterns the results are tested with (the bounds need 14.5 and 14). */
#define DMLP__SOFTMAX_LANES_STEPS 32

typedef struct dmlp__softmax_lanes {
    /* adds x[0..n)'s findings to *s, x following the elements it has seen */
    void (*scan_f32)(const float *x, size_t n, dmlp__softmax_scan *s);
    /* the sum of e^(x[i] - m) over x[0..n) but x[skip] (none when skip >= n), n <=
       DMLP__SOFTMAX_SUM_RUN, terms with x[i] - m < -600 left out (as 0); each term also
       to terms[i] unless terms is NULL, 1 to terms[skip]. `plain`: the caller has shown
       every x[i] - m exact in binary64 and at least -600 (the terms skip two_sum) */
    dmlp__dd (*sum_f32)(const float *x, size_t n, double m, size_t skip, double *terms,
                        int plain);
    /* Softmax: out[i] = the rounding to `format` of e^(x[i] - m) times inv_s (1 / S),
       the exponential from terms[i] when terms is not NULL, as a binary32 value; the
       indices of the lanes left open to open[], their count returned (their out[]
       unspecified) */
    size_t (*softmax)(const float *x, const double *terms, size_t n, double m, double inv_s,
                      int plain, int format, float *out, uint32_t *open);
    /* LogSoftmax: out[i] = the rounding to `format` of (x[i] - m) - l; as above */
    size_t (*log_softmax)(const float *x, size_t n, double m, double l, int format,
                          float *out, uint32_t *open);
    /* binary16 to binary32 and back (values of binary16 only, infinities included),
       exact */
    void (*widen_f16)(const uint16_t *in, size_t n, float *out);
    void (*narrow_f16)(const float *in, size_t n, uint16_t *out);
    /* the exact path's sum (numeric/softmax_row.c's sum_exact) of e^(x[i] - m) over
       x[0..n) but x[skip], added to *sum: element i of the row to lane i mod
       DMLP__SOFTMAX_EXACT_LANES (runs but the last a multiple of it long); the same bits
       on every ISA. dmlp__softmax_row_found_exact takes the sum from it. */
    void (*sum_exact_f32)(const float *x, size_t n, double m, size_t skip,
                          dmlp__softmax_exact_lanes *sum);
    /* Hardmax on a packed row of binary32 values, or of binary16 or bfloat16 bits with
       `inf` their +inf: the index of the first largest element (-0 and +0 equal) to
       *first, and 1; 0 where the row holds a NaN */
    int (*hardmax_first_f32)(const float *x, size_t n, uint64_t *first);
    int (*hardmax_first_16)(const uint16_t *x, size_t n, uint16_t inf, uint64_t *first);
} dmlp__softmax_lanes;

/* The lanes of the best ISA at most max_isa this CPU runs; NULL where there are none
   (the scalar level, a processor family without binary64 lanes). */
const dmlp__softmax_lanes *dmlp__softmax_lanes_select(dmlp__isa max_isa);

#endif
