/* Taking from the memory budget (budget.h); its size is core/memory_budget.c's. */
#include "io/budget.h"

#include <stdio.h>

#include "core/error.h"

void dmlp__budget_describe(char *out, size_t size, uint64_t bytes)
{
    static const char *const units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    if (bytes < 1024) {
        snprintf(out, size, "%llu bytes", (unsigned long long)bytes);
        return;
    }
    double v = (double)bytes;
    int u = -1;
    while (v >= 1024 && u < 5) {
        v /= 1024;
        u++;
    }
    snprintf(out, size, "%llu bytes (%.1f %s)", (unsigned long long)bytes, v, units[u]);
}

dmlp_status dmlp__budget_take(uint64_t *used, const char *what, uint64_t bytes)
{
    dmlp_status valid = dmlp__budget_check();
    if (valid != DMLP_OK)
        return valid;
    uint64_t budget = dmlp__budget();
    uint64_t already = used ? *used : 0;
    if (bytes > budget || already > budget - bytes) {
        char asks[64], has[64];
        dmlp__budget_describe(asks, sizeof asks, bytes);
        dmlp__budget_describe(has, sizeof has, budget);
        if (already)
            return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY,
                               "%s asks for %s on top of %llu bytes already taken; the memory "
                               "budget is %s (--max-memory or DMLP_MAX_MEMORY change it)",
                               what, asks, (unsigned long long)already, has);
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY,
                           "%s asks for %s; the memory budget is %s (--max-memory or "
                           "DMLP_MAX_MEMORY change it)",
                           what, asks, has);
    }
    if (used)
        *used = already + bytes;
    return DMLP_OK;
}
