/* Internal: the memory budget's size, in the core so that the library's own large
   allocations (the streaming calibration, core/tune.c) keep to it as the front ends'
   do (io/budget.h takes from it). Default: the least of the physical memory, the
   address-space limit (RLIMIT_AS) and the control groups' room (platform/memory.h),
   read once per process (a limit set later is not seen); DMLP_MAX_MEMORY in the
   environment (read on every call), or dmlp__budget_set (the CLI's --max-memory),
   changes it; an invalid DMLP_MAX_MEMORY refuses instead (dmlp__budget_check). */
#ifndef DMLP_CORE_MEMORY_BUDGET_H
#define DMLP_CORE_MEMORY_BUDGET_H

#include <stdbool.h>
#include <stdint.h>

#include "dmlp.h"

/* The budget in bytes; 0 when DMLP_MAX_MEMORY is set but is not a size (and
   dmlp__budget_set has not chosen one), which refuses every allocation taken from it:
   the library does not fall back to the machine's memory when told something else. */
uint64_t dmlp__budget(void);

/* DMLP_OK, or INVALID_ARGUMENT when DMLP_MAX_MEMORY is set but is not a size (and
   dmlp__budget_set has not chosen one): "DMLP_MAX_MEMORY is '5mb'; it must be a size
   such as 2G or 500M (...)". Whatever takes from the budget asks this first. */
dmlp_status dmlp__budget_check(void);

/* Sets the budget for the whole process (0: back to the default). */
void dmlp__budget_set(uint64_t bytes);

/* Reads a size: digits, optionally followed by K, M, G or T (powers of 1024, an
   optional "iB" or "B" after them). False if text is not one, or is 0. */
bool dmlp__budget_parse(const char *text, uint64_t *bytes);

#endif
