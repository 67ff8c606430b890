/* Internal: the feature-level support tables of docs/validation.md (and the extensions),
   as one static table. The validator reads it, `dmlp caps` prints it, tests walk it. */
#ifndef DMLP_CORE_SUPPORT_H
#define DMLP_CORE_SUPPORT_H

#include <stdbool.h>
#include <stdint.h>

#include "core/registry.h"
#include "dmlp.h"

#define DMLP__SUPPORT_MAX_TYPES 16
#define DMLP__SUPPORT_MAX_OUTPUT_TYPES 6
#define DMLP__SUPPORT_MAX_RULES 4
#define DMLP__SUPPORT_MAX_PAIRS 8

/* A rule between two tensors' data types (DMLP_SAME_TYPE_AS, DMLP_TYPE_PAIRS in an operator
   file), each named by its member (InputTensor, OutputTensor ...). It applies when both
   tensors are present. */
typedef struct dmlp__type_rule {
    const char *tensor; /* the tensor the rule restricts */
    const char *other;  /* the tensor whose type decides */
    uint32_t pair_count; /* 0: tensor has other's type; else the pairs */
    DML_TENSOR_DATA_TYPE pairs[DMLP__SUPPORT_MAX_PAIRS][2]; /* other's type, then a type
                                                                tensor may have with it */
} dmlp__type_rule;

/* The highest feature level: what a device is created at by default. */
#define DMLP__FEATURE_LEVEL_HIGHEST DML_FEATURE_LEVEL_6_4

typedef struct dmlp__support {
    uint32_t row_level;     /* the table row in force (a DML_FEATURE_LEVEL value) */
    uint32_t min_dims;
    uint32_t max_dims;
    uint32_t type_count;
    DML_TENSOR_DATA_TYPE input_types[DMLP__SUPPORT_MAX_TYPES]; /* with extension types
                                                                  when asked for */
    DML_TENSOR_DATA_TYPE output_type; /* UNKNOWN: the output has the input's type;
                                         DMLP__OUTPUT_LISTED: any of input_types; a type:
                                         the one the front ends make */
    /* When not 0: the output's types, whatever the input's (LogicalGreaterThan: UINT32,
       UINT8); validation accepts these, and output_type is then one of them. */
    uint32_t output_type_count;
    DML_TENSOR_DATA_TYPE output_types[DMLP__SUPPORT_MAX_OUTPUT_TYPES];
    /* Per input (member order): when own_type_count[i] is not 0, input i's types are its
       own (DMLP_INPUT_TYPES: ELEMENT_WISE_IF's ConditionTensor), whatever the others';
       the other inputs take input_types and share one type. */
    uint32_t own_type_count[DMLP__MAX_INPUTS];
    DML_TENSOR_DATA_TYPE own_types[DMLP__MAX_INPUTS][DMLP__SUPPORT_MAX_OUTPUT_TYPES];
    /* Rules between tensors' types beyond each one's list (QuantizeLinear: the output has
       the zero point's type; the scale is FLOAT32 for an INT32 input). */
    uint32_t rule_count;
    dmlp__type_rule rules[DMLP__SUPPORT_MAX_RULES];
    /* Per input: an optional input (DMLP_FIELD_OPTIONAL) that may be NULL only from a
       level on (DMLP_OPTIONAL_FROM) has that level here, above the one asked for while
       it is still required; 0 otherwise. */
    uint32_t optional_from[DMLP__MAX_INPUTS];
} dmlp__support;

/* The operators in table order, and their facts. */
uint32_t dmlp__operator_count(void);
DML_OPERATOR_TYPE dmlp__operator_at(uint32_t index);
/* "ELEMENT_WISE_SIGN", "ACTIVATION_SOFTSIGN", "ELEMENT_WISE_IS_INFINITY"; NULL otherwise. */
const char *dmlp__operator_name(DML_OPERATOR_TYPE op);
/* Level that introduced op (DML_FEATURE_LEVEL_2_0 for Sign); 0 for an unknown op. */
uint32_t dmlp__operator_introduced(DML_OPERATOR_TYPE op);

/* Whether op is one of dmlp's own operators (DMLP_EXTENSION_OPERATOR): only a device
   with DMLP_DEVICE_FLAG_EXTENSIONS takes it. */
bool dmlp__operator_is_extension(DML_OPERATOR_TYPE op);

/* What op supports at feature level `level` (any value >= 1_0; between rows the lower
   row applies). extensions adds the extension types (and the extension operators).
   Returns false (and leaves *out untouched) when op is unknown, not yet introduced at
   that level, or an extension operator without extensions. */
bool dmlp__support_get(DML_OPERATOR_TYPE op, uint32_t level, bool extensions,
                       dmlp__support *out);

/* The operator's main input: the first whose types are not its own (no DMLP_INPUT_TYPES
   row); its type is the kernels' key and, for an output of DMLP_SAME_TYPE, the output's.
   0 for a row of one or two inputs. */
uint32_t dmlp__operator_main_input(DML_OPERATOR_TYPE op);

/* The input whose type the output takes (a DMLP_SAME_TYPE_AS rule of the output on an
   input: QuantizeLinear's ZeroPointTensor, DequantizeLinear's ScaleTensor), for the front
   ends that make the output; -1 when there is none. */
int32_t dmlp__operator_output_type_input(DML_OPERATOR_TYPE op);
/* Whether input `index` of op has types of its own (a DMLP_INPUT_TYPES row). */
bool dmlp__operator_input_own_types(DML_OPERATOR_TYPE op, uint32_t index);

/* Feature levels: the 15 named ones in order; "2_0"-style names, and parsing of "2_0",
   "DML_FEATURE_LEVEL_2_0" or "0x2000". Unnamed values print as "0x2050". */
uint32_t dmlp__feature_level_count(void);
uint32_t dmlp__feature_level_at(uint32_t index);
const char *dmlp__feature_level_name(uint32_t level);
bool dmlp__feature_level_parse(const char *text, uint32_t *level);

#endif
