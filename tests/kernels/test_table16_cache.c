/* The 16-bit kernels that look their results up in tables made for the run's FLOAT
   members (src/kernels/table16_cache.h), against the reference kernels bit for bit on
   all 65,536 inputs, at every level this CPU runs:
   - each operator of CR_PARAM_KERNEL_ROWS at members other than its defaults (one with
     a ScaleBias, which Identity's kernel applies first), fed in runs of 1,000 (the
     reference answers until 65,536 elements have been counted, the table after) and then
     whole, in place and out of place; each key makes exactly one table, shared by every
     level; two memberless functions with a ScaleBias, which make none;
   - two values of one member make two tables, each its own reference's;
   - Pow and AtanYX with either input broadcast, at several values: the table of the
     other input at that value;
   - four threads on one new key at once: the same bits, one table;
   - past the limits (DMLP__TABLE16_TABLES tables, DMLP__TABLE16_KEYS keys): no more
     tables, the reference's bits still. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernels.h"
#include "kernels/table16_cache.h"
#include "test_util.h"

#define ALL 65536u
#define PIECE 1000u

typedef struct table_case {
    DML_OPERATOR_TYPE op;
    const char *name;
    float param[4];
    int scale_bias;
    float scale, bias;
    int memberless; /* a function of the input alone: its ScaleBias runs go through
                       Identity's kernel to the table made once, none of the cache's */
} table_case;

static const table_case cases[] = {
    {DML_OPERATOR_ACTIVATION_ELU, "elu 0.75", {0.75f}, 0, 0, 0, 0},
    {DML_OPERATOR_ACTIVATION_ELU, "elu 2", {2.0f}, 0, 0, 0, 0},
    {DML_OPERATOR_ACTIVATION_SCALED_ELU, "selu", {1.5f, 0.625f}, 0, 0, 0, 0},
    {DML_OPERATOR_ACTIVATION_CELU, "celu", {0.3f}, 0, 0, 0, 0},
    {DML_OPERATOR_ACTIVATION_SCALED_TANH, "scaled_tanh", {1.7f, 0.6f}, 0, 0, 0, 0},
    {DML_OPERATOR_ACTIVATION_SWISH, "swish", {1.702f}, 0, 0, 0, 0},
    {DML_OPERATOR_ACTIVATION_SOFTPLUS, "softplus", {3.0f}, 0, 0, 0, 0},
    {DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS, "parametric_softplus", {0.5f, 2.0f}, 0, 0,
     0, 0},
    {DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW, "constant_pow 2.5", {2.5f}, 0, 0, 0, 0},
    {DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW, "constant_pow -1.5 scaled", {-1.5f}, 1, 0.5f,
     0.25f, 0},
    {DML_OPERATOR_ELEMENT_WISE_EXP, "exp", {0}, 1, 0.5f, 0.25f, 1},
    {DML_OPERATOR_ELEMENT_WISE_SIN, "sin", {0}, 1, -3.0f, 1.0f, 1},
};
#define CASE_COUNT (sizeof cases / sizeof cases[0])

static const DML_TENSOR_DATA_TYPE types[] = {DML_TENSOR_DATA_TYPE_FLOAT16,
                                             DMLP_TENSOR_DATA_TYPE_BFLOAT16};

static uint16_t inputs[ALL], want[ALL], got[ALL];

static dmlp__kernel_args args_of(const table_case *c)
{
    dmlp__kernel_args args;
    memset(&args, 0, sizeof args);
    memcpy(args.param, c->param, sizeof args.param);
    args.scale_bias = (uint32_t)c->scale_bias;
    args.scale = c->scale;
    args.bias = c->bias;
    return args;
}

static size_t first_mismatch(const uint16_t *a, const uint16_t *b)
{
    for (size_t i = 0; i < ALL; i++)
        if (a[i] != b[i])
            return i;
    return ALL;
}

/* A kernel under test, run on m elements from x into y (x is y in place). */
typedef struct kernel_run {
    dmlp__unary_kernel unary;   /* or */
    dmlp__binary_kernel binary; /* with input `scalar` broadcast, its element *one */
    uint32_t scalar;
    const uint16_t *one;
    const dmlp__kernel_args *args;
} kernel_run;

static void run(const kernel_run *r, size_t m, const uint16_t *x, uint16_t *y)
{
    if (r->unary)
        r->unary(m, x, y, r->args);
    else
        r->binary(m, r->scalar == DMLP__SCALAR_A ? r->one : x,
                  r->scalar == DMLP__SCALAR_B ? r->one : x, y, r->scalar, r->args);
}

/* One fast kernel on every input in runs of PIECE, then whole, then whole in place. */
static void check_kernel(const char *what, const kernel_run *r)
{
    for (int pass = 0; pass < 3; pass++) {
        memset(got, 0xa5, sizeof got);
        if (pass == 2)
            memcpy(got, inputs, sizeof got);
        const uint16_t *x = pass == 2 ? got : inputs;
        size_t step = pass == 0 ? PIECE : ALL;
        for (size_t i = 0; i < ALL; i += step)
            run(r, ALL - i < step ? ALL - i : step, x + i, got + i);
        size_t at = first_mismatch(got, want);
        CHECK(at == ALL, "%s, %s: input 0x%04zx gives 0x%04x, the reference 0x%04x", what,
              pass == 0 ? "runs of 1000" : pass == 1 ? "whole" : "in place", at, got[at % ALL],
              want[at % ALL]);
    }
}

/* The reference of op x type into want (r's kind: one input, or two with r.scalar's
   broadcast), then every fast level of it this CPU runs against it, and the tables the
   key should make: one, or none for a memberless function (its own table). */
static void check_levels(DML_OPERATOR_TYPE op, size_t t, const char *name, kernel_run r,
                         unsigned tables)
{
    int pair = r.scalar != 0;
    dmlp__kernel_choice uv[8];
    dmlp__binary_kernel_choice bv[8];
    size_t n = pair ? dmlp__binary_kernel_variants(op, types[t], bv, 8)
                    : dmlp__kernel_variants(op, types[t], uv, 8);
    r.unary = pair ? NULL : dmlp__reference_kernel(op, types[t]);
    r.binary = pair ? dmlp__binary_reference_kernel(op, types[t]) : NULL;
    CHECK(r.unary || r.binary, "%s: no reference kernel", name);
    if (!r.unary && !r.binary)
        return;
    run(&r, ALL, inputs, want);
    unsigned before = dmlp__table16_made();
    size_t fast = 0;
    for (size_t k = 0; k < n; k++) {
        dmlp__isa isa = pair ? bv[k].isa : uv[k].isa;
        if (isa == DMLP__ISA_SCALAR || isa > dmlp__isa_detect())
            continue;
        r.unary = pair ? NULL : uv[k].fn;
        r.binary = pair ? bv[k].fn : NULL;
        /* both lookups: the scalar loop and, where the level has them, the gathers */
        const dmlp__kernel_args *given = r.args;
        for (uint32_t gather = 0; gather < 2; gather++) {
            dmlp__kernel_args a = *given;
            a.table16_gather = gather;
            r.args = &a;
            char what[96];
            snprintf(what, sizeof what, "%s (%s%s)", pair ? bv[k].name : uv[k].name, name,
                     gather ? ", gathers" : "");
            check_kernel(what, &r);
        }
        r.args = given;
        fast++;
    }
    if (fast)
        CHECK(dmlp__table16_made() == before + tables, "%s %s: %u tables made, expected %u",
              name, t ? "bf16" : "f16", dmlp__table16_made() - before, tables);
}

/* Every case x type at every fast level this CPU runs; each key one new table. */
static void check_cases(void)
{
    for (size_t t = 0; t < 2; t++)
        for (size_t i = 0; i < CASE_COUNT; i++) {
            dmlp__kernel_args a = args_of(&cases[i]);
            check_levels(cases[i].op, t, cases[i].name, (kernel_run){NULL, NULL, 0, NULL, &a},
                         cases[i].memberless ? 0 : 1);
        }
}

/* Pow and AtanYX with one input broadcast: the table of the other input. */
typedef struct pair_case {
    DML_OPERATOR_TYPE op;
    const char *name;
    uint32_t scalar; /* the broadcast input */
    float value;     /* its value, rounded to the type */
    int scale_bias;
} pair_case;

static const pair_case pairs[] = {
    {DML_OPERATOR_ELEMENT_WISE_POW, "pow x^2", DMLP__SCALAR_B, 2.0f, 0},
    {DML_OPERATOR_ELEMENT_WISE_POW, "pow x^0.5", DMLP__SCALAR_B, 0.5f, 0},
    {DML_OPERATOR_ELEMENT_WISE_POW, "pow x^-1.5", DMLP__SCALAR_B, -1.5f, 0},
    {DML_OPERATOR_ELEMENT_WISE_POW, "pow (0.5x+0.25)^3", DMLP__SCALAR_B, 3.0f, 1},
    {DML_OPERATOR_ELEMENT_WISE_POW, "pow 10^x", DMLP__SCALAR_A, 10.0f, 0},
    {DML_OPERATOR_ELEMENT_WISE_POW, "pow (-2)^x", DMLP__SCALAR_A, -2.0f, 0},
    {DML_OPERATOR_ELEMENT_WISE_ATAN_YX, "atan2(y, 1)", DMLP__SCALAR_B, 1.0f, 0},
    {DML_OPERATOR_ELEMENT_WISE_ATAN_YX, "atan2(-0.5, x)", DMLP__SCALAR_A, -0.5f, 0},
};
#define PAIR_COUNT (sizeof pairs / sizeof pairs[0])

static uint16_t bits_of(float v, DML_TENSOR_DATA_TYPE type)
{
    uint32_t u;
    memcpy(&u, &v, 4); /* every value above is exact in both types */
    if (type == DMLP_TENSOR_DATA_TYPE_BFLOAT16)
        return (uint16_t)(u >> 16);
    uint32_t sign = u >> 31, exponent = (u >> 23) & 0xff, mantissa = u & 0x7fffff;
    return (uint16_t)(sign << 15 | (exponent - 127 + 15) << 10 | mantissa >> 13);
}

static void check_pairs(void)
{
    for (size_t t = 0; t < 2; t++)
        for (size_t i = 0; i < PAIR_COUNT; i++) {
            const pair_case *c = &pairs[i];
            table_case tc = {c->op, c->name, {0}, c->scale_bias, 0.5f, 0.25f, 0};
            dmlp__kernel_args a = args_of(&tc);
            uint16_t one = bits_of(c->value, types[t]);
            check_levels(c->op, t, c->name, (kernel_run){NULL, NULL, c->scalar, &one, &a}, 1);
        }
}

typedef struct worker {
    dmlp__unary_kernel fn;
    dmlp__kernel_args args;
    uint16_t out[ALL];
} worker;

static void *run_worker(void *p)
{
    worker *w = p;
    for (size_t i = 0; i < ALL; i += PIECE)
        w->fn(ALL - i < PIECE ? ALL - i : PIECE, inputs + i, w->out + i, &w->args);
    w->fn(ALL, inputs, w->out, &w->args);
    return NULL;
}

/* Four threads on one key no one has asked for yet. */
static void check_threads(dmlp__kernel_choice best, dmlp__unary_kernel ref)
{
    enum { THREADS = 4 };
    static worker w[THREADS];
    pthread_t id[THREADS];
    table_case c = {DML_OPERATOR_ACTIVATION_ELU, "elu", {0.125f}, 0, 0, 0, 0};
    dmlp__kernel_args a = args_of(&c);
    ref(ALL, inputs, want, &a);
    unsigned before = dmlp__table16_made();
    int started = 0;
    for (int k = 0; k < THREADS; k++) {
        w[k].fn = best.fn;
        w[k].args = a;
        started += pthread_create(&id[k], NULL, run_worker, &w[k]) == 0;
    }
    CHECK(started == THREADS, "%d of %d threads started", started, THREADS);
    for (int k = 0; k < started; k++) {
        pthread_join(id[k], NULL);
        size_t at = first_mismatch(w[k].out, want);
        CHECK(at == ALL, "thread %d: input 0x%04zx gives 0x%04x, the reference 0x%04x", k, at,
              w[k].out[at % ALL], want[at % ALL]);
    }
    CHECK(dmlp__table16_made() == before + 1, "four threads made %u tables, expected 1",
          dmlp__table16_made() - before);
}

/* New keys until no more tables are made, then until no more keys are taken: the bits
   stay the reference's. */
static void check_limits(dmlp__kernel_choice best, dmlp__unary_kernel ref)
{
    unsigned k = 0;
    for (; dmlp__table16_made() < DMLP__TABLE16_TABLES && k < 2 * DMLP__TABLE16_TABLES; k++) {
        table_case c = {DML_OPERATOR_ACTIVATION_ELU, "elu", {1.0f + (float)k / 64}, 0, 0, 0, 0};
        dmlp__kernel_args a = args_of(&c);
        best.fn(ALL, inputs, got, &a);
    }
    CHECK(dmlp__table16_made() == DMLP__TABLE16_TABLES, "%u tables made after %u new keys",
          dmlp__table16_made(), k);
    table_case c = {DML_OPERATOR_ACTIVATION_ELU, "elu", {-0.5f}, 0, 0, 0, 0};
    dmlp__kernel_args a = args_of(&c);
    ref(ALL, inputs, want, &a);
    check_kernel("elu past the table limit", &(kernel_run){best.fn, NULL, 0, NULL, &a});
    CHECK(dmlp__table16_made() == DMLP__TABLE16_TABLES, "%u tables made past the limit",
          dmlp__table16_made());
    /* tiny runs take keys, not tables */
    for (unsigned j = 0; j < DMLP__TABLE16_KEYS; j++) {
        table_case t = {DML_OPERATOR_ACTIVATION_ELU, "elu", {-1.0f - (float)j}, 0, 0, 0, 0};
        dmlp__kernel_args ta = args_of(&t);
        best.fn(1, inputs, got, &ta);
    }
    c.param[0] = 5.0f;
    a = args_of(&c);
    ref(ALL, inputs, want, &a);
    check_kernel("elu past the key limit", &(kernel_run){best.fn, NULL, 0, NULL, &a});
}

int main(void)
{
    for (uint32_t i = 0; i < ALL; i++)
        inputs[i] = (uint16_t)i;
    CHECK(dmlp__table16_made() == 0, "%u tables before any run", dmlp__table16_made());
    check_cases();
    check_pairs();
    dmlp__kernel_choice best =
        dmlp__kernel_select(DML_OPERATOR_ACTIVATION_ELU, DML_TENSOR_DATA_TYPE_FLOAT16,
                            dmlp__isa_detect());
    dmlp__unary_kernel ref =
        dmlp__reference_kernel(DML_OPERATOR_ACTIVATION_ELU, DML_TENSOR_DATA_TYPE_FLOAT16);
    if (best.isa == DMLP__ISA_SCALAR) {
        /* a build without fast kernels: nothing looks tables up */
        CHECK(dmlp__table16_made() == 0, "%u tables made by the reference kernels",
              dmlp__table16_made());
        return test_finish("test_table16_cache");
    }
    check_threads(best, ref);
    check_limits(best, ref);
    return test_finish("test_table16_cache");
}
