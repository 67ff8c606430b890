/* A threaded sweep of a unary function's inputs: each block of input patterns goes through
   every kernel form under test (the reference, each fast kernel the CPU runs) and each
   result is compared with the expected one (the MPFR oracle, computed once per input).
   Used by the correctly rounded tests (tests/crmath/test_cr_*.c). */
#ifndef DMLP_TEST_CRMATH_CR_SWEEP_H
#define DMLP_TEST_CRMATH_CR_SWEEP_H

#include <stddef.h>
#include <stdint.h>

#define DMLP_CR_MAX_FORMS 12

/* A form under test: n elements of `in` to `out`. */
typedef void (*dmlp_cr_run)(size_t n, const void *in, void *out, void *ctx);
/* The expected result bits for one input pattern. */
typedef uint32_t (*dmlp_cr_expect)(uint32_t x, void *ctx);

typedef struct dmlp_cr_sweep {
    const char *name;     /* "exp f32": printed with each form's name */
    size_t size;          /* element bytes: 2 or 4 */
    uint64_t count;       /* patterns first + i * stride for i < count */
    uint64_t first, stride;
    const uint32_t *extra; /* patterns checked besides (known hard cases) */
    size_t extra_count;
    dmlp_cr_expect expect;
    dmlp_cr_run forms[DMLP_CR_MAX_FORMS];
    const char *form_names[DMLP_CR_MAX_FORMS];
    size_t form_count;
    void *ctx;
} dmlp_cr_sweep;

/* Runs the sweep on DMLP_TEST_THREADS or every online CPU, prints a line per form (count,
   mismatches, the first few with input, expected and result bits, time, MPFR calls) and
   returns the number of mismatches over all forms (UINT64_MAX if it could not run). */
uint64_t dmlp_cr_sweep_run(const dmlp_cr_sweep *s);

/* Every pattern of a 16-bit type; binary32 every `stride`-th pattern from an offset, or
   all 2^32 of them with stride 1 (the full target). */
void dmlp_cr_sweep_all16(dmlp_cr_sweep *s);
void dmlp_cr_sweep_f32(dmlp_cr_sweep *s, uint64_t stride);

/* The f32 stride of a test: 1 with --full on the command line (make test-exhaustive-full),
   N with --stride N (make test-exhaustive), else `normal` (the suite's; a test passes a
   thinner one under TEST_THIN). */
uint64_t dmlp_cr_stride_from_args(int argc, char **argv, uint64_t normal);

/* DMLP_CR_LEAN_MIX binary32 patterns for a sweep's extra: runs of 16 of the ordinary
   values, each run with one of the 16 specials (the values a lean block sets itself or
   declines) at a position that moves from run to run, so that every block of a fast
   kernel meets one beside ordinary lanes. */
#define DMLP_CR_LEAN_MIX 256
void dmlp_cr_lean_mix(uint32_t *out, const uint32_t specials[16], const float ordinary[8]);

/* --only NAME: the one function a test's sweeps are limited to (a full run of one at a
   time), or NULL. */
const char *dmlp_cr_only_from_args(int argc, char **argv);

#endif
