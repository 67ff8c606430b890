/* The memory budget's size (core/memory_budget.h). */
#include "core/memory_budget.h"

#include <stdatomic.h>
#include <stdlib.h>

#include "core/error.h"
#include "platform/memory.h"

static _Atomic uint64_t chosen; /* 0: the default */
/* The machine's part of the default, read once: it costs two system calls (sysinfo and
   prlimit), which were most of a 16-element ONNX run when every allocation asked again. */
static _Atomic uint64_t machine; /* 0: not read yet */

bool dmlp__budget_parse(const char *text, uint64_t *bytes)
{
    if (!text || text[0] < '0' || text[0] > '9')
        return false;
    uint64_t v = 0;
    const char *p = text;
    for (; *p >= '0' && *p <= '9'; p++) {
        if (v > (UINT64_MAX - (uint64_t)(*p - '0')) / 10)
            return false;
        v = v * 10 + (uint64_t)(*p - '0');
    }
    int shift = 0;
    switch (*p) {
    case 'k': case 'K': shift = 10; break;
    case 'm': case 'M': shift = 20; break;
    case 'g': case 'G': shift = 30; break;
    case 't': case 'T': shift = 40; break;
    default: break;
    }
    if (shift) {
        p++;
        if (p[0] == 'i' && p[1] == 'B')
            p += 2;
        else if (p[0] == 'B')
            p++;
    } else if (p[0] == 'B') {
        p++;
    }
    if (*p || v == 0 || v > (UINT64_MAX >> shift))
        return false;
    *bytes = v << shift;
    return true;
}

uint64_t dmlp__budget(void)
{
    uint64_t b = atomic_load(&chosen);
    if (b)
        return b;
    const char *env = getenv("DMLP_MAX_MEMORY");
    if (env)
        return dmlp__budget_parse(env, &b) ? b : 0; /* 0: refuse (dmlp__budget_check) */
    b = atomic_load_explicit(&machine, memory_order_relaxed);
    if (!b) { /* racing first calls read the same value */
        b = dmlp__memory_limit();
        atomic_store_explicit(&machine, b ? b : 1, memory_order_relaxed);
    }
    return b;
}

void dmlp__budget_set(uint64_t bytes)
{
    atomic_store(&chosen, bytes);
}

dmlp_status dmlp__budget_check(void)
{
    uint64_t b;
    const char *env = getenv("DMLP_MAX_MEMORY");
    if (atomic_load(&chosen) || !env || dmlp__budget_parse(env, &b))
        return DMLP_OK;
    /* the value as given, cut short and with what a terminal would act on hidden */
    char shown[72];
    size_t n = 0;
    for (const char *p = env; *p && n < 64; p++)
        shown[n++] = (*p >= 0x20 && *p < 0x7f) ? *p : '?';
    shown[n] = '\0';
    return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                       "DMLP_MAX_MEMORY is '%s%s'; it must be a size such as 2G or 500M (a "
                       "whole number of bytes from 1, or one followed by K, M, G or T)",
                       shown, env[n] ? "..." : "");
}
