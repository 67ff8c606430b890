/* Whether two strided views share a byte: interleaved views of one array (a[::2] and
   a[1::2], a[:, :3] and a[:, 3:]) have overlapping extents but no common element, and
   must not be refused as overlapping.

   A byte of a at a.data + sum(i_k * sa_k) + u (0 <= i_k < na_k, 0 <= u < a.itemsize) is
   one of b's when that equals b.data + sum(j_k * sb_k) + v: a bounded linear equation in
   non-negative integers. Terms of a negative coefficient are flipped (x -> U - x), terms
   of one coefficient merged, and the equation searched depth first from the largest
   coefficient, each variable only over the values the rest can still balance. For the
   nested layouts slicing, transposing and reversing make this visits a handful of
   nodes; past a budget the answer is "they may overlap", which refuses and so never
   writes over an input. */
#include "dmlp_py.h"

#include <stdlib.h>

#define MAX_TERMS (2 * DMLP_PY_MAX_RANK + 2)
#define NODE_BUDGET 20000

typedef struct term {
    int64_t coef, bound; /* coef > 0; the variable runs over 0 .. bound */
} term;

typedef struct equation {
    term t[MAX_TERMS];
    int n;
    int64_t reach[MAX_TERMS + 1]; /* reach[i]: the largest sum terms i.. can make */
    long nodes;
} equation;

/* Adds coef * x, 0 <= x <= bound, to the left side; a negative coefficient is flipped
   and moves its largest value to the right side *rhs. */
static void add_term(equation *e, int64_t coef, int64_t bound, int64_t *rhs)
{
    if (coef == 0 || bound == 0)
        return;
    if (coef < 0) {
        coef = -coef;
        *rhs += coef * bound;
    }
    for (int i = 0; i < e->n; i++)
        if (e->t[i].coef == coef) {
            e->t[i].bound += bound;
            return;
        }
    e->t[e->n++] = (term){coef, bound};
}

static int by_coef_descending(const void *p, const void *q)
{
    const term *a = p, *b = q;
    return a->coef < b->coef ? 1 : a->coef > b->coef ? -1 : 0;
}

/* 1: a solution exists for terms i.. summing to rhs; 0: none; -1: the budget ran out. */
static int search(equation *e, int i, int64_t rhs)
{
    if (++e->nodes > NODE_BUDGET)
        return -1;
    if (rhs < 0 || rhs > e->reach[i])
        return 0;
    if (i == e->n)
        return rhs == 0;
    const term *t = &e->t[i];
    int64_t hi = rhs / t->coef;
    if (hi > t->bound)
        hi = t->bound;
    int64_t rest = e->reach[i + 1];
    int64_t lo = rhs > rest ? (rhs - rest + t->coef - 1) / t->coef : 0;
    for (int64_t x = hi; x >= lo; x--) {
        int found = search(e, i + 1, rhs - x * t->coef);
        if (found)
            return found;
    }
    return 0;
}

/* The first and one past the last byte v touches; 0 when v is empty. (layout.c has
   its own, for views it knows are not empty; this file stays a leaf.) */
static int extent(const dmlp_py_view *v, char **lo, char **hi)
{
    int64_t below = 0, above = 0;
    for (int k = 0; k < v->ndim; k++) {
        if (v->shape[k] == 0)
            return 0;
        int64_t step = (v->shape[k] - 1) * v->strides[k];
        if (step < 0)
            below -= step;
        else
            above += step;
    }
    *lo = v->data - below;
    *hi = v->data + above + v->itemsize;
    return 1;
}

int dmlp_py_views_overlap(const dmlp_py_view *a, const dmlp_py_view *b)
{
    char *a_lo, *a_hi, *b_lo, *b_hi;
    if (!extent(a, &a_lo, &a_hi) || !extent(b, &b_lo, &b_hi))
        return 0;
    if (a_hi <= b_lo || b_hi <= a_lo)
        return 0;
    /* Past here every sum is within the two extents, real memory: below 2^62 bytes. */
    if (a_hi - a_lo > ((int64_t)1 << 61) || b_hi - b_lo > ((int64_t)1 << 61))
        return 1;
    /* a.data + sum(sa * i) + u - b.data - sum(sb * j) - v == 0 */
    equation e;
    e.n = 0;
    e.nodes = 0;
    int64_t rhs = (int64_t)(b->data - a->data);
    for (int k = 0; k < a->ndim; k++)
        add_term(&e, a->strides[k], a->shape[k] - 1, &rhs);
    for (int k = 0; k < b->ndim; k++)
        add_term(&e, -b->strides[k], b->shape[k] - 1, &rhs);
    add_term(&e, 1, (int64_t)a->itemsize - 1, &rhs);
    add_term(&e, -1, (int64_t)b->itemsize - 1, &rhs);
    qsort(e.t, (size_t)e.n, sizeof e.t[0], by_coef_descending);
    e.reach[e.n] = 0;
    for (int i = e.n - 1; i >= 0; i--)
        e.reach[i] = e.reach[i + 1] + e.t[i].coef * e.t[i].bound;
    return search(&e, 0, rhs) != 0;
}
