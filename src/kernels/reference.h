/* Internal to src/kernels: how the reference kernels are written. Each row of
   kernel_list.inc names one, dmlp__<name>__reference, defined in reference_<op>.c;
   dispatch.c looks them up. */
#ifndef DMLP_KERNELS_REFERENCE_H
#define DMLP_KERNELS_REFERENCE_H

#include <string.h>

#include "kernels/kernels.h"

/* The head of reference kernel dmlp__<name>__reference (its prototype, then the
   definition's head). */
#define DMLP__REFERENCE_KERNEL(name)                                                        \
    void dmlp__##name##__reference(size_t n, const void *in, void *out,                     \
                                   const dmlp__kernel_args *args);                          \
    void dmlp__##name##__reference(size_t n, const void *in, void *out,                     \
                                   const dmlp__kernel_args *args)

/* Defines the reference kernel dmlp__<name>__reference: out[i] = (Tout)(expr) for each element, where expr
   reads the element as `x` (a Tin) and may read `args`. Loads and stores go through
   memcpy because a run carries no alignment promise beyond the element size. */
#define DMLP__REFERENCE_MAP(name, Tin, Tout, expr)                                          \
    DMLP__REFERENCE_KERNEL(name)                                                            \
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


#endif
