/* Internal to src/kernels: the reference kernels of each operator, looked up by input
   type. Each returns {fn, DMLP__ISA_SCALAR, name}, with fn NULL when the operator has no
   kernel for that type. */
#ifndef DMLP_KERNELS_REFERENCE_H
#define DMLP_KERNELS_REFERENCE_H

#include <string.h>

#include "kernels/kernels.h"

/* Defines the reference kernel `name`: out[i] = (Tout)(expr) for each element, where expr
   reads the element as `x` (a Tin) and may read `args`. Loads and stores go through
   memcpy because a run carries no alignment promise beyond the element size. */
#define DMLP__REFERENCE_MAP(name, Tin, Tout, expr)                                          \
    static void name(size_t n, const void *in, void *out, const dmlp__kernel_args *args)   \
    {                                                                                       \
        const unsigned char *src = in;                                                      \
        unsigned char *dst = out;                                                           \
        (void)args;                                                                         \
        for (size_t i = 0; i < n; i++) {                                                    \
            Tin x;                                                                          \
            memcpy(&x, src + i * sizeof x, sizeof x);                                       \
            Tout y = (Tout)(expr);                                                          \
            memcpy(dst + i * sizeof y, &y, sizeof y);                                       \
        }                                                                                   \
    }

dmlp__kernel_choice dmlp__reference_sign(DML_TENSOR_DATA_TYPE type);
dmlp__kernel_choice dmlp__reference_softsign(DML_TENSOR_DATA_TYPE type);
dmlp__kernel_choice dmlp__reference_isinf(DML_TENSOR_DATA_TYPE type);

#endif
