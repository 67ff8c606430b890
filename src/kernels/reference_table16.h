/* Internal: a 16-bit float function's results for all 65,536 inputs, made once by its
   reference kernel the first time a fast kernel asks (pthread_once), for the fast kernels
   of the functions whose 16-bit results cost more to compute than to look up (the
   correctly rounded ones: kernels/vector_stream.inc's TABLE16_KERNEL). The table is the
   reference's own output, so a lookup is the reference bit for bit.

   Only for operators whose result depends on the input alone: the table is made with
   default kernel arguments (no FLOAT members, no ScaleBias; a run with a ScaleBias looks
   up a table of its own, kernels/table16_cache.h). 128 KiB each, allocated on first use and kept for the life of
   the process: forty of them as static storage made every program 5 MiB of zero pages
   larger, which LeakSanitizer reads through at each exit. If the allocation fails the
   table is NULL and the caller runs the reference kernel instead. */
#ifndef DMLP_KERNELS_REFERENCE_TABLE16_H
#define DMLP_KERNELS_REFERENCE_TABLE16_H

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "kernels/reference.h"
#include "kernels/table16_cache.h"

/* Defines const uint16_t *dmlp__<name>__table(void) beside dmlp__<name>__reference:
   the table, or NULL when it could not be allocated. */
#define DMLP__REFERENCE_TABLE16(name)                                                       \
    const uint16_t *dmlp__##name##__table(void);                                            \
    static uint16_t *dmlp__##name##__values;                                                \
    static pthread_once_t dmlp__##name##__once = PTHREAD_ONCE_INIT;                         \
    static void dmlp__##name##__fill(void)                                                  \
    {                                                                                       \
        uint16_t *values = malloc(DMLP__TABLE16_ENTRIES * sizeof *values);                  \
        if (!values)                                                                        \
            return;                                                                         \
        values[65536] = 0;                                                                  \
        uint16_t inputs[1024];                                                              \
        dmlp__kernel_args args;                                                             \
        memset(&args, 0, sizeof args);                                                      \
        for (uint32_t base = 0; base < 65536; base += 1024) {                               \
            for (uint32_t i = 0; i < 1024; i++)                                             \
                inputs[i] = (uint16_t)(base + i);                                           \
            dmlp__##name##__reference(1024, inputs, values + base, &args);                  \
        }                                                                                   \
        dmlp__##name##__values = values;                                                    \
    }                                                                                       \
    const uint16_t *dmlp__##name##__table(void)                                             \
    {                                                                                       \
        pthread_once(&dmlp__##name##__once, dmlp__##name##__fill);                          \
        return dmlp__##name##__values;                                                      \
    }

#endif
