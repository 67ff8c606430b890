/* Internal to src/kernels: how the reference logical kernels are written (the logical
   operators' files, src/ops/logical_*.c, instantiate them). Each writes 1 or 0 into an
   output of args->out_size bytes (1: UINT8, 4: UINT32); And and Or are planned with the
   output of their inputs' type, so out_size is theirs. */
#ifndef DMLP_KERNELS_REFERENCE_LOGICAL_H
#define DMLP_KERNELS_REFERENCE_LOGICAL_H

#include <stdint.h>
#include <string.h>

#include "kernels/kernels.h"
#include "numeric/fp_convert.h"

/* dmlp__<t>_<op>__reference: out[i] = <t>_<op>(a[i], b[i]) as a UINT8 or UINT32 0 or 1.
   Loads and stores through memcpy: a run is aligned to its element size at most. Every
   a[i] and b[i] is read before out[i] is written (in place, out is a or b). */
#define LOGICAL_KERNEL(t, op, T)                                                            \
    void dmlp__##t##_##op##__reference(size_t n, const void *a, const void *b, void *out,   \
                                       uint32_t scalar, const dmlp__kernel_args *args);     \
    void dmlp__##t##_##op##__reference(size_t n, const void *a, const void *b, void *out,   \
                                       uint32_t scalar, const dmlp__kernel_args *args)      \
    {                                                                                       \
        const unsigned char *pa = a, *pb = b;                                               \
        unsigned char *po = out;                                                            \
        size_t sa = (scalar & DMLP__SCALAR_A) ? 0 : sizeof(T);                              \
        size_t sb = (scalar & DMLP__SCALAR_B) ? 0 : sizeof(T);                              \
        int wide = args->out_size == 4;                                                     \
        for (size_t i = 0; i < n; i++) {                                                    \
            T x, y;                                                                         \
            memcpy(&x, pa + i * sa, sizeof x);                                              \
            memcpy(&y, pb + i * sb, sizeof y);                                              \
            int r = t##_##op(x, y);                                                         \
            if (wide) {                                                                     \
                uint32_t v = (uint32_t)r;                                                   \
                memcpy(po + i * 4, &v, 4);                                                  \
            } else {                                                                        \
                po[i] = (unsigned char)r;                                                   \
            }                                                                               \
        }                                                                                   \
    }

#endif
