/* Any other architecture: no fast kernels, a plain spin-wait, and a full fence after the
   (ordinary) stores. */
#include <stdatomic.h>
#include <stdio.h>

#include "platform/cpu.h"

uint32_t dmlp__cpu_features(void)
{
    return 0;
}

void dmlp__cpu_relax(void)
{
}

void dmlp__stream_fence(void)
{
    atomic_thread_fence(memory_order_seq_cst);
}

void dmlp__cpu_model(char *buf, size_t size)
{
    if (size)
        snprintf(buf, size, "unknown");
}
