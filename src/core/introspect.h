/* Internal: everything the `dmlp` command (src/cli) sees of the library's internals, in
   one header; the command includes no other header of core/, kernels/, numeric/ or
   platform/ (tests/layout/check_includes.py keeps it so).

   - The registry view: the operators and their descriptor fields, `dmlp run` names and
     descriptor building (core/registry.h), the DML_SCALAR_UNION members' values read in
     a type (core/scalar.h), DirectML's support tables and feature levels
     (core/support.h), and the data types' names and sizes (core/types.h).
   - The exact conversions between f32 and f16/bf16/float8 that `dmlp show` and `dmlp
     onnx-test` print values with (numeric/fp_convert.h), and the library's error text
     (core/error.h), which the command's own messages share.
   - What `dmlp caps` reports of this machine: the kernel level chosen and the measured
     strategies (below), without the kernel and tuning headers. */
#ifndef DMLP_CORE_INTROSPECT_H
#define DMLP_CORE_INTROSPECT_H

#include <stdbool.h>
#include <stddef.h>

#include "core/error.h"
#include "core/registry.h"
#include "core/scalar.h"
#include "core/support.h"
#include "core/types.h"
#include "dmlp.h"
#include "numeric/fp_convert.h"

/* Whether the operator (a row with a FusedActivation) fuses the activation: what `dmlp
   run --fused` offers (core/catalogue.h's answer, from validation). */
bool dmlp__introspect_fusable(const dmlp__op_def *def, DML_OPERATOR_TYPE activation);

/* Whether the operator's UINT8 output holds a boolean, 0 or 1 (the comparisons, IsNaN,
   IsInfinity): what `dmlp run` writes as numpy's bool (core/catalogue.h's answer). */
bool dmlp__introspect_bool_result(const dmlp__op_def *def);

/* The name of the best kernel level this CPU runs, capped by DMLP_ISA ("avx2", "neon"). */
const char *dmlp__introspect_isa(void);

/* Measures now the strategies not yet chosen (core/tune.h): streaming, and the
   cache-resident forms of the kernel level in use. */
void dmlp__introspect_tune(void);

/* What was chosen and why, one line per choice, into buf (always terminated); measures
   nothing. */
void dmlp__introspect_tune_describe(char *buf, size_t size);

#endif
