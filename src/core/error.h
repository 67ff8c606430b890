/* Internal: the thread-local last-error message behind dmlp_last_error(). */
#ifndef DMLP_CORE_ERROR_H
#define DMLP_CORE_ERROR_H

#include "dmlp.h"
#include "platform/compiler.h"

/* Sets the calling thread's message (printf-style, one line; newlines are replaced by
   spaces, long messages truncated) and returns status, so a refusal reads
   `return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT, "ELEMENT_WISE_SIGN: ...");`. */
dmlp_status dmlp__error(dmlp_status status, const char *fmt, ...) DMLP__PRINTF(2, 3);

/* Prefixes the current message with "prefix: " (front ends add file or node names). */
void dmlp__error_prefix(const char *prefix);

#endif
