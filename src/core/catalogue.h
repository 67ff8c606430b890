/* Internal: the front ends' view of the registry. A front end that offers every operator
   (the Python module) reads the operators from here and nowhere else in core: the rows
   (registry.h) and their scalar members read in a type (scalar.h), their feature-level
   tables (support.h), the one place a descriptor is made (dmlp__desc_build_inputs), and
   the few facts below that the rows hold but no accessor of registry.h gives. Each is computed from the operator files (src/ops/) or by
   the validator itself, so it cannot disagree with what the library does. */
#ifndef DMLP_CORE_CATALOGUE_H
#define DMLP_CORE_CATALOGUE_H

#include <stdbool.h>
#include <stdint.h>

#include "core/registry.h"
#include "core/scalar.h" /* the DML_SCALAR_UNION members read in a type */
#include "core/support.h"

/* The execution flags (DMLP_EXECUTION_FLAG_*) that change op's results: those its ONNX
   versions run with to give ONNX's results (Sign: NAN_PROPAGATE; Cast: CAST_ONNX). 0 for
   an operator whose results are ONNX's without a flag, or that has no ONNX name. */
uint32_t dmlp__catalogue_result_flags(DML_OPERATOR_TYPE op);

/* Whether op takes ONNX's bool, held as UINT8 0/1 bytes: some ONNX version of it lists
   "bool" among its input types (LogicalAnd, LogicalOr, Identity, Cast). For these a
   UINT8 input of 0s and 1s gives the results of the operator on booleans. */
bool dmlp__catalogue_takes_bool(DML_OPERATOR_TYPE op);

/* Whether op's UINT8 output holds ONNX's bool, 0 or 1: some ONNX version of it has a
   bool output (IsInfinity, LogicalGreaterThan). A front end gives such a result as a
   boolean; a UINT8 output of another operator (BitCount's counts) is a number. */
bool dmlp__catalogue_bool_result(DML_OPERATOR_TYPE op);

/* Whether the validator accepts `activation` as the FusedActivation of def's descriptor
   (def has a DMLP__FIELD_FUSED_ACTIVATION field) at the highest feature level with the
   extensions, on FLOAT32 tensors. Asks dmlp__validate_operator itself; on a refusal the
   thread's last error message is left as the validator set it. */
bool dmlp__catalogue_fusable(const dmlp__op_def *def, DML_OPERATOR_TYPE activation);

#endif
