/* Internal: taking from the memory budget. Every allocation whose size a file decides
   (a tensor's payload, a DxDispatch buffer, an ONNX initializer, a whole file read into
   memory) is checked against it before it is made, so a short hostile file cannot make
   the process take the machine's memory. The budget's size: core/memory_budget.h. */
#ifndef DMLP_IO_BUDGET_H
#define DMLP_IO_BUDGET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/memory_budget.h"
#include "dmlp.h"

/* OK if bytes more fit in the budget beside *used (which then grows by bytes; used may
   be NULL for a single allocation). Else OUT_OF_MEMORY: "<what> asks for N bytes (X
   GiB); the memory budget is M bytes (--max-memory or DMLP_MAX_MEMORY)", or
   dmlp__budget_check's INVALID_ARGUMENT when DMLP_MAX_MEMORY is not a size. */
dmlp_status dmlp__budget_take(uint64_t *used, const char *what, uint64_t bytes);

/* "N bytes", or "N bytes (X.Y GiB)" from 1 KiB on, into out. */
void dmlp__budget_describe(char *out, size_t size, uint64_t bytes);

#endif
