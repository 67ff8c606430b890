/* Prints the positive binary32 inputs that the binary64 fast paths of sinh, cosh, asinh,
   acosh and atanh (src/numeric/cr_sinh.c, cr_asinh.c, cr_atanh.c) leave undecided:
   dmlp__round_decided says their bound does not settle the rounding, so the kernels take
   the double-double paths. test_cr_hyperbolic adds them (and their negatives) to its
   float32 sweep, which would hardly ever meet them at its stride. Rerun after changing a
   fast path or its steps, and paste the lists into the test.

   cc -O2 -ffp-contract=off -Iinclude -Isrc tools/hyperbolic_hard_cases.c \
      build/src/libdmlp.a -lm -lpthread -o /tmp/hyp_hard && /tmp/hyp_hard */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "numeric/cr_asinh.h"
#include "numeric/cr_atanh.h"
#include "numeric/cr_round.h"
#include "numeric/cr_sinh.h"

static double from_bits(uint32_t b)
{
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

/* The domain each fast path is used on: finite, nonzero, below overflow for sinh and
   cosh, above 1 for acosh, below 1 for atanh. */
static int in_domain(int f, double x)
{
    return (f >= 2 || x < 100) && (f != 3 || x > 1) && (f != 4 || x < 1);
}

int main(void)
{
    static const char *names[5] = {"sinh", "cosh", "asinh", "acosh", "atanh"};
    double (*fast[5])(double) = {dmlp__sinh_fast, dmlp__cosh_fast, dmlp__asinh_fast,
                                 dmlp__acosh_fast, dmlp__atanh_fast};
    const uint64_t steps[5] = {DMLP__SINH_FAST_STEPS, DMLP__COSH_FAST_STEPS,
                               DMLP__ASINH_FAST_STEPS, DMLP__ACOSH_FAST_STEPS,
                               DMLP__ATANH_FAST_STEPS};
    for (int f = 0; f < 5; f++) {
        unsigned long count = 0;
        printf("%s:", names[f]);
        for (uint32_t b = 1; b < 0x7f800000u; b++) {
            double x = from_bits(b);
            uint32_t out;
            if (in_domain(f, x) && !dmlp__round_decided(fast[f](x), steps[f], DMLP__F32_FORMAT, &out))
                printf("%s0x%08xu,", count++ % 8 ? " " : "\n   ", (unsigned)b);
        }
        printf("\n(%lu)\n", count);
    }
    return 0;
}
