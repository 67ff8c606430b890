/* Internal: tables of a 16-bit float kernel's results for all 65,536 inputs under given
   FLOAT members and ScaleBias, for the correctly rounded functions whose reference costs
   tens of nanoseconds an element (ELU, Softplus, ConstantPow ... at their parameters;
   any of them with a ScaleBias). reference_table16.h holds the tables of the memberless
   functions without a ScaleBias, made on first use; these depend on the arguments, so
   they are made only once a key has seen 65,536 elements, as many as the table costs to
   make: a run pays at most twice the reference's time before the lookups begin, however
   few or many elements it has.

   A key is the reference kernel and the arguments it reads: param[0..3], and scale and
   bias where scale_bias is set (compared as bits); for a two-input function with one
   input broadcast (Pow's x^c and c^x), which input and its value too. Use it only for kernels whose
   reference reads nothing else of dmlp__kernel_args. The table is the reference's own
   output, so a lookup is the reference bit for bit.

   At most DMLP__TABLE16_KEYS keys and DMLP__TABLE16_TABLES tables (128 KiB each) in a
   process, kept for its life: a caller past either limit, or whose table could not be
   allocated, gets NULL and runs the reference. Safe from any number of threads: the
   lookups take no lock once a table is made. */
#ifndef DMLP_KERNELS_TABLE16_CACHE_H
#define DMLP_KERNELS_TABLE16_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernels.h"

#define DMLP__TABLE16_KEYS 256u
#define DMLP__TABLE16_TABLES 64u
/* Entries a table of results is allocated with, this one and kernels/reference_table16.h's:
   one past the 65,536, so that a 32-bit gather of the last entry stays inside. */
#define DMLP__TABLE16_ENTRIES (65536u + 1u)

/* The table of reference(., args) over every 16-bit input, once the key has seen 65,536
   elements (n counted to it now); NULL until then, and for the callers above. */
const uint16_t *dmlp__table16_for(dmlp__unary_kernel reference, size_t n,
                                  const dmlp__kernel_args *args);

/* The same for a two-input reference with one input broadcast (scalar DMLP__SCALAR_A or
   DMLP__SCALAR_B, that input's element `value`): the table of the other input. */
const uint16_t *dmlp__table16_for_pair(dmlp__binary_kernel reference, uint32_t scalar,
                                       uint16_t value, size_t n,
                                       const dmlp__kernel_args *args);

/* Looks each of n 16-bit elements up in table; in and out disjoint or identical (each
   element is read before it is written). */
void dmlp__table16_lookup(size_t n, const void *in, void *out, const uint16_t *table);

/* For tests: the tables made so far in this process. */
unsigned dmlp__table16_made(void);

#endif
