/* Internal: the memory budget. Every allocation whose size a file decides (a tensor's
   payload, a DxDispatch buffer, an ONNX initializer, a whole file read into memory) is
   checked against it before it is made, so a short hostile file cannot make the process
   take the machine's memory. Default: the least of the physical memory, the
   address-space limit (RLIMIT_AS) and the control groups' room (platform/memory.h),
   read once per process (a limit set later is not
   seen); DMLP_MAX_MEMORY in the environment (read on every call), or dmlp__budget_set
   (the CLI's --max-memory), changes it. */
#ifndef DMLP_IO_BUDGET_H
#define DMLP_IO_BUDGET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dmlp.h"

/* The budget in bytes. */
uint64_t dmlp__budget(void);

/* Sets the budget for the whole process (0: back to the default). */
void dmlp__budget_set(uint64_t bytes);

/* Reads a size: digits, optionally followed by K, M, G or T (powers of 1024, an
   optional "iB" or "B" after them). False if text is not one, or is 0. */
bool dmlp__budget_parse(const char *text, uint64_t *bytes);

/* OK if bytes more fit in the budget beside *used (which then grows by bytes; used may
   be NULL for a single allocation). Else OUT_OF_MEMORY: "<what> asks for N bytes (X
   GiB); the memory budget is M bytes (--max-memory or DMLP_MAX_MEMORY)". */
dmlp_status dmlp__budget_take(uint64_t *used, const char *what, uint64_t bytes);

/* "N bytes", or "N bytes (X.Y GiB)" from 1 KiB on, into out. */
void dmlp__budget_describe(char *out, size_t size, uint64_t bytes);

#endif
