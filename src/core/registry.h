/* Internal: the operator registry. One row per DirectML operator dmlp runs (registry.c):
   its DirectML enum value and name, its names in the command line, ONNX and DxDispatch,
   the layout of its descriptor struct (which members are tensors and which are other
   fields, and how to read them), the type of its output and whether it may run in
   place. Validation, `dmlp caps`, `dmlp run`, the ONNX and DxDispatch front ends, bench
   and the fuzzers read this table, and dmlp__desc_build is the one place a descriptor is
   made from an operator and its tensors. The feature-level tables are rows of their own
   (support.c); the kernels are listed per operator and type in
   src/kernels/kernel_list.inc. */
#ifndef DMLP_CORE_REGISTRY_H
#define DMLP_CORE_REGISTRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dmlp.h"

/* What a member of an operator's descriptor struct holds. */
typedef enum dmlp__field_kind {
    DMLP__FIELD_INPUT,         /* const DML_TENSOR_DESC *: an input tensor, in member order
                                  (InputTensor; A then B; Condition, A, B ...); the binding
                                  count follows. An optional one (field.optional, DirectML's
                                  _Maybenull_) may be NULL */
    DMLP__FIELD_OUTPUT,        /* const DML_TENSOR_DESC *: the output tensor */
    DMLP__FIELD_INFINITY_MODE, /* DML_IS_INFINITY_MODE: EITHER, POSITIVE or NEGATIVE */
    DMLP__FIELD_SCALE_BIAS,    /* const DML_SCALE_BIAS *, may be NULL; float types only */
    DMLP__FIELD_FUSED_ACTIVATION, /* const DML_OPERATOR_DESC *, may be NULL: an activation
                                     without tensors, applied to the result */
    DMLP__FIELD_FLOAT,         /* FLOAT: a parameter (Alpha, Beta, Min, Max, Threshold,
                                  Bias ...); every value is accepted, NaN and infinities
                                  included (docs/operators.md says what each gives) */
    DMLP__FIELD_ROUNDING_MODE, /* DML_ROUNDING_MODE: HALVES_TO_NEAREST_EVEN, TOWARD_ZERO or
                                  TOWARD_INFINITY */
    DMLP__FIELD_SCALAR_TYPE,   /* DML_TENSOR_DATA_TYPE: the type of the SCALAR members
                                  (MinMaxDataType); it must be the output's DataType */
    DMLP__FIELD_SCALAR,        /* DML_SCALAR_UNION: a parameter in the SCALAR_TYPE member's
                                  type (CLIP1's Min, Max), so an integer tensor gets integer
                                  values; every value of the type is accepted */
    DMLP__FIELD_AXIS_COUNT,    /* UINT: how many entries the AXES member has (SOFTMAX1's
                                  AxisCount), 1 to the input's DimensionCount */
    DMLP__FIELD_AXES,          /* const UINT *: distinct dimension indices (SOFTMAX1's Axes) */
} dmlp__field_kind;

typedef struct dmlp__field {
    const char *name;      /* the C member name, as DirectML.h and DxDispatch spell it */
    dmlp__field_kind kind;
    size_t offset;         /* offsetof(the desc struct, the member) */
    float default_value;   /* DMLP__FIELD_FLOAT and _SCALAR: the value Python and `dmlp
                              run` use when none is given (ONNX's default where ONNX has
                              the operator; a SCALAR's converted to the type, integers
                              saturated: -inf is the type's lowest) */
    bool has_default;      /* ... when there is one; otherwise the value is required */
    bool optional;         /* DMLP__FIELD_INPUT: the tensor may be NULL (DirectML's
                              _Maybenull_; DMLP_FIELD_OPTIONAL in an operator file): the
                              input is then absent, its binding has no buffer, and its
                              kernel pointer is NULL */
} dmlp__field;

#define DMLP__MAX_FIELDS 10
/* The most DMLP__FIELD_FLOAT members a descriptor has. */
#define DMLP__MAX_FLOATS 4
/* The most DMLP__FIELD_SCALAR members a descriptor has. */
#define DMLP__MAX_SCALARS 2

/* dmlp__op_def.output_type of an operator whose output may have any type its support row
   lists, the input's or another (Cast): the output tensor's DataType chooses. */
#define DMLP__OUTPUT_LISTED ((DML_TENSOR_DATA_TYPE)0x7fff)
/* Bytes of the largest descriptor struct (checked in registry.c): nine tensor pointers
   (QuantizedLinearAdd) and room for one more member. */
#define DMLP__MAX_DESC_BYTES 80

typedef struct dmlp__op_def {
    DML_OPERATOR_TYPE type;
    const char *name;            /* DirectML's, without DML_OPERATOR_: "ELEMENT_WISE_SIGN" */
    const char *cli_name;        /* `dmlp run NAME`, `dmlp bench --ops`, kernel names: "sign" */
    const char *python_name;     /* the Python function dmlp.NAME (numpy's name where numpy
                                    has the function): "sign", "logical_and" */
    const char *onnx_name;       /* ONNX operator in the default domain; NULL: none */
    const char *dxdispatch_name; /* DxDispatch's dispatchable "type" (DML_OPERATOR_ optional) */
    const char *cli_help;        /* `dmlp run --help` lines, "  sign      ...\n" */
    size_t desc_size;            /* sizeof the descriptor struct */
    uint32_t field_count;
    dmlp__field fields[DMLP__MAX_FIELDS]; /* in member order */
    DML_TENSOR_DATA_TYPE output_type;     /* UNKNOWN: the output has the input's type;
                                             DMLP__OUTPUT_LISTED: any type of the row */
    bool in_place;               /* the output may be bound exactly onto the input */
    const char *not_in_place;    /* when !in_place: the refusal's reason */
} dmlp__op_def;

/* The rows in table order (the order of `dmlp caps` and of every list printed). */
uint32_t dmlp__op_count(void);
const dmlp__op_def *dmlp__op_at(uint32_t index);

/* Look-ups; NULL when no row matches. */
const dmlp__op_def *dmlp__op_find(DML_OPERATOR_TYPE type);
const dmlp__op_def *dmlp__op_find_cli(const char *cli_name);
const dmlp__op_def *dmlp__op_find_onnx(const char *onnx_name);
/* The ONNX look-up gives the first row of that name; later rows may share it, each
   applying when a node attribute has its value (src/ops/op.h's DMLP_ONNX_WHEN, read by
   src/onnx/onnx_ops.c). */
/* DxDispatch's name, with or without the DML_OPERATOR_ prefix (case-sensitive). */
const dmlp__op_def *dmlp__op_find_dxdispatch(const char *name);

/* What the operator calls a division when an integer BTensor element of 0 is refused
   before anything is written ("division", "modulus": its DMLP_ZERO_DIVISOR row); NULL
   when no divisor is refused. */
const char *dmlp__op_zero_divisor(const dmlp__op_def *def);

/* Whether ELEMENT_WISE_ADD1's FusedActivation may name the operator (its DMLP_FUSABLE
   row: an activation DirectML lets an operator fuse). */
bool dmlp__op_fusable(const dmlp__op_def *def);

/* Whether the operator works along axes (its DMLP_ROWS row: Softmax and its kin): each
   result depends on a whole row of the input. If so, *kind is its dmlp__softmax_kind
   (numeric/softmax_row.h) and *last_axis whether the row is the last axis of a tensor of
   effective rank at most 2 (the 1_0 operators: the row has no AXES member). Either
   pointer may be NULL. */
bool dmlp__op_rows(const dmlp__op_def *def, int *kind, bool *last_axis);

/* The row's field of a kind; NULL when the operator has none. */
const dmlp__field *dmlp__op_field(const dmlp__op_def *def, dmlp__field_kind kind);

/* The row's FLOAT fields: how many, field number `index` of them (in member order; NULL
   past the last), the index of one of them (its place in dmlp__op_params.floats), and
   the one whose lower-case name is `name` ("alpha" for Alpha; NULL: none). */
uint32_t dmlp__op_float_count(const dmlp__op_def *def);
const dmlp__field *dmlp__op_float(const dmlp__op_def *def, uint32_t index);
uint32_t dmlp__op_float_index(const dmlp__op_def *def, const dmlp__field *field);
const dmlp__field *dmlp__op_float_named(const dmlp__op_def *def, const char *name);
/* A FLOAT field's name in lower case ("alpha"), as Python's keyword and `dmlp run`'s
   option (--alpha) spell it; into text (capacity bytes), returned. */
const char *dmlp__field_lower_name(const dmlp__field *field, char *text, size_t capacity);
/* The same for the SCALAR fields (their place in dmlp__op_params.scalars). */
uint32_t dmlp__op_scalar_count(const dmlp__op_def *def);
const dmlp__field *dmlp__op_scalar(const dmlp__op_def *def, uint32_t index);
uint32_t dmlp__op_scalar_index(const dmlp__op_def *def, const dmlp__field *field);
const dmlp__field *dmlp__op_scalar_named(const dmlp__op_def *def, const char *name);

/* The most input tensors a row has, and how many this row has (its INPUT fields, an
   optional one included). Rows of one or two inputs run the one- and two-input plans
   and kernels; rows of three or more the N-input ones (core/plan_nary.h). */
#define DMLP__MAX_INPUTS 8
uint32_t dmlp__op_input_count(const dmlp__op_def *def);
/* The row's input field number `index` in member order (0: InputTensor or ATensor, 1:
   BTensor; ELEMENT_WISE_IF: ConditionTensor, ATensor, BTensor). */
const dmlp__field *dmlp__op_input(const dmlp__op_def *def, uint32_t index);

/* Every operator's name joined for messages and usage text, e.g. "sign, softsign or
   isinf" (DMLP__OP_NAME_CLI, ", ", " or "), "sign|softsign|isinf", or
   "ELEMENT_WISE_SIGN (79), ... and ..." (DMLP__OP_NAME_DML with the enum values).
   Writes at most capacity bytes, whole names only: when the rest does not fit, it ends
   with "<last_separator>N more". Returns text. */
typedef enum dmlp__op_name_kind {
    DMLP__OP_NAME_CLI,
    DMLP__OP_NAME_DML,
    DMLP__OP_NAME_DML_VALUE, /* "ELEMENT_WISE_SIGN (79)" */
    DMLP__OP_NAME_DXDISPATCH,
    DMLP__OP_NAME_ONNX       /* operators with an ONNX name only */
} dmlp__op_name_kind;
const char *dmlp__op_names(char *text, size_t capacity, dmlp__op_name_kind kind,
                           const char *separator, const char *last_separator);

/* The most entries an AXES member has (one per dimension). */
#define DMLP__MAX_AXES 8

/* The values of the fields other than tensors. */
typedef struct dmlp__op_params {
    DML_IS_INFINITY_MODE mode;         /* DMLP__FIELD_INFINITY_MODE */
    const DML_SCALE_BIAS *scale_bias;  /* DMLP__FIELD_SCALE_BIAS (NULL: none) */
    DML_OPERATOR_TYPE fused_activation; /* DMLP__FIELD_FUSED_ACTIVATION (INVALID: none) */
    float floats[DMLP__MAX_FLOATS];     /* DMLP__FIELD_FLOAT, in member order */
    DML_ROUNDING_MODE rounding;         /* DMLP__FIELD_ROUNDING_MODE */
    float fused_floats[DMLP__MAX_FLOATS]; /* the fused activation's FLOAT members */
    DML_TENSOR_DATA_TYPE scalar_type;   /* DMLP__FIELD_SCALAR_TYPE (UNKNOWN: the input's) */
    uint64_t scalars[DMLP__MAX_SCALARS]; /* DMLP__FIELD_SCALAR, in member order: element
                                            bits of that type (core/scalar.h) */
    uint32_t axis_count;                /* DMLP__FIELD_AXIS_COUNT */
    uint32_t axes[DMLP__MAX_AXES];      /* DMLP__FIELD_AXES: its first axis_count entries */
} dmlp__op_params;

/* Where dmlp__desc_build writes: the descriptor and the tensor descs it points to. It
   points into itself, so it must stay where it is while the descriptor is used. */
typedef struct dmlp__desc_storage {
    union {
        DML_TENSOR_DESC inputs[DMLP__MAX_INPUTS]; /* the row's input i */
        struct {
            DML_TENSOR_DESC input;
            DML_TENSOR_DESC input_b; /* a two-input row's BTensor */
        };
    };
    DML_TENSOR_DESC output;
    /* A fused activation: its descriptor (tensor pointers NULL, as DirectML requires;
       its FLOAT members from dmlp__op_params.fused_floats). */
    DML_OPERATOR_DESC fused;
    union {
        max_align_t align;
        unsigned char bytes[DMLP__MAX_DESC_BYTES];
    } fused_desc;
    union {
        max_align_t align;
        unsigned char bytes[DMLP__MAX_DESC_BYTES];
    } desc;
    DML_OPERATOR_DESC op;
    uint32_t axes[DMLP__MAX_AXES]; /* what an AXES member points to */
} dmlp__desc_storage;

/* The one place a DirectML descriptor is made: op's descriptor over buffer tensors in
   and out with the given field values (NULL: zeros, e.g. InfinityMode EITHER). A row
   of several inputs gets `in` as each of them. Returns &storage->op. */
const DML_OPERATOR_DESC *dmlp__desc_build(dmlp__desc_storage *storage, const dmlp__op_def *def,
                                          const DML_BUFFER_TENSOR_DESC *in,
                                          const DML_BUFFER_TENSOR_DESC *out,
                                          const dmlp__op_params *params);
/* The same with each input tensor given: inputs[i] for the row's input i (NULL for an
   optional input leaves its member NULL). */
const DML_OPERATOR_DESC *dmlp__desc_build_inputs(dmlp__desc_storage *storage,
                                                 const dmlp__op_def *def,
                                                 const DML_BUFFER_TENSOR_DESC *const *inputs,
                                                 const DML_BUFFER_TENSOR_DESC *out,
                                                 const dmlp__op_params *params);

/* Reads a field of a descriptor struct laid out as def says (desc: DML_OPERATOR_DESC.Desc);
   memcpy, so any alignment the caller's struct has is fine. */
const DML_TENSOR_DESC *dmlp__desc_tensor(const void *desc, const dmlp__field *field);
const DML_SCALE_BIAS *dmlp__desc_scale_bias(const void *desc, const dmlp__field *field);
const DML_OPERATOR_DESC *dmlp__desc_operator(const void *desc, const dmlp__field *field);
int32_t dmlp__desc_enum(const void *desc, const dmlp__field *field);
float dmlp__desc_float(const void *desc, const dmlp__field *field);
uint32_t dmlp__desc_uint(const void *desc, const dmlp__field *field);
const uint32_t *dmlp__desc_axes(const void *desc, const dmlp__field *field);
DML_SCALAR_UNION dmlp__desc_scalar(const void *desc, const dmlp__field *field);

#endif
