/* Internal: what an operator holds: its own copy of the validated descriptor, its plan
   and the facts execute checks bindings against. Read-only after create, so any number
   of executes may share it. */
#ifndef DMLP_CORE_OPERATOR_H
#define DMLP_CORE_OPERATOR_H

#include <stdbool.h>
#include <stdint.h>

#include "core/device.h"
#include "core/plan.h"
#include "core/plan_binary.h"
#include "core/plan_nary.h"
#include "core/plan_rows.h"
#include "core/registry.h"
#include "core/validate.h"
#include "dmlp.h"

struct dmlp_operator {
    dmlp_device *device;
    const dmlp__op_def *def; /* the operator's registry row */
    const char *name;   /* "ELEMENT_WISE_SIGN" ... for messages */
    dmlp__op_info info;
    dmlp__plan plan;                /* one input */
    dmlp__binary_plan binary;       /* two inputs (info.input_count == 2) */
    dmlp__nary_plan nary;           /* three or more (info.input_count > 2) */
    dmlp__rows_plan rows;           /* an operator along axes (info.row_axes != 0) */
    bool in_place_ok[DMLP__MAX_INPUTS]; /* output may be bound exactly onto input i */
    struct dmlp__graph *graph;      /* a compiled graph (core/graph.h); NULL otherwise */
};

/* The binding rules (docs/validation.md) that dmlp_operator_execute checks (counts, buffers,
   ranges, alignment, overlap), without running anything; front ends use it to refuse a
   model before its first command runs. On success in[i] (in has room for input_count
   pointers) and *out are the tensors' first bytes; an absent optional input's binding
   must have no buffer (DirectML's DML_BINDING_TYPE_NONE), and its in[i] is NULL. */
dmlp_status dmlp__operator_check_bindings(const dmlp_operator *op, uint32_t input_count,
                                          const dmlp_buffer_binding *inputs,
                                          uint32_t output_count,
                                          const dmlp_buffer_binding *outputs, const void **in,
                                          void **out);

#endif
