/* Internal: one binding against its tensor, the rule that dmlp_operator_execute
   (execute.c) and a graph's execute (graph_exec.c) both apply to every binding. */
#ifndef DMLP_CORE_BINDING_H
#define DMLP_CORE_BINDING_H

#include <stdint.h>

#include "core/validate.h"
#include "dmlp.h"

/* One binding against its tensor (docs/validation.md): non-NULL, no wrap, large enough,
   aligned as promised. On success *start is the tensor's first byte. Messages begin
   "op_name: tensor binding". */
dmlp_status dmlp__check_binding(const char *op_name, const char *tensor,
                                const dmlp__tensor *t, const dmlp_buffer_binding *b,
                                uintptr_t *start);

#endif
