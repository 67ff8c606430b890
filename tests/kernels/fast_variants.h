/* Shared by the tests of one operator's fast kernels against its reference kernel:
   compare_variants runs every fast kernel of (op, type) this CPU can run on the same
   elements and arguments as the reference, out of place and in place, and tallies the
   kernels run and those that need a newer CPU; variants_finish closes the program, a
   skip (77) when none ran. Include after test_util.h. */
#ifndef DMLP_TEST_FAST_VARIANTS_H
#define DMLP_TEST_FAST_VARIANTS_H

#include "kernels/kernels.h"

typedef struct variant_counts {
    unsigned long run, skipped;
} variant_counts;

/* Bytes past the output a kernel must leave alone. */
#define VARIANT_GUARD 64

/* n >= 4 elements of `size` bytes at `in`: each fast kernel's output must match the
   reference's bit for bit, with nothing written past it; in place from the second
   element over n - 3, the elements around that run untouched. `what` names the case. */
static void compare_variants(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type, size_t size,
                             const dmlp__kernel_args *args, const void *in, size_t n,
                             const char *what, variant_counts *counts)
{
    dmlp__kernel_choice v[8];
    size_t count = dmlp__kernel_variants(op, type, v, 8);
    dmlp__unary_kernel ref = dmlp__reference_kernel(op, type);
    CHECK(count >= 2 && ref != NULL && v[count - 1].fn == ref,
          "%s: a fast kernel and the reference last", what);
    size_t bytes = n * size;
    unsigned char *want = malloc(bytes + VARIANT_GUARD), *got = malloc(bytes + VARIANT_GUARD);
    if (!want || !got) {
        CHECK(0, "%s: out of memory", what);
        free(want);
        free(got);
        return;
    }
    memset(want, 0x5a, bytes + VARIANT_GUARD);
    ref(n, in, want, args);
    for (size_t k = 0; k + 1 < count; k++) {
        if (v[k].isa > dmlp__isa_detect()) {
            counts->skipped++;
            continue;
        }
        counts->run++;
        memset(got, 0x5a, bytes + VARIANT_GUARD);
        v[k].fn(n, in, got, args);
        CHECK(memcmp(want, got, bytes + VARIANT_GUARD) == 0, "%s: %s", v[k].name, what);
        memcpy(got, in, bytes);
        v[k].fn(n - 3, got + size, got + size, args);
        CHECK(memcmp(want + size, got + size, (n - 3) * size) == 0 &&
                  memcmp(got, in, size) == 0 &&
                  memcmp(got + (n - 2) * size, (const unsigned char *)in + (n - 2) * size,
                         2 * size) == 0,
              "%s: %s, in place", v[k].name, what);
    }
    free(want);
    free(got);
}

static int variants_finish(const char *program, const variant_counts *counts)
{
    printf("%s: %lu fast kernel runs compared, %lu need a newer CPU\n", program, counts->run,
           counts->skipped);
    if (counts->run == 0) {
        printf("%s: skipped: no fast kernel this CPU runs\n", program);
        return TEST_SKIP;
    }
    return test_finish(program);
}

#endif
