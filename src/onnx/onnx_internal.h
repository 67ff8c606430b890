/* Internal: the pieces of the ONNX front end (types, tensors, operators, the loaded graph). */
#ifndef DMLP_ONNX_INTERNAL_H
#define DMLP_ONNX_INTERNAL_H

#include <stdint.h>

#include "core/registry.h"
#include "dmlp.h"
#include "dmlp_onnx.h"
#include "onnx.pb-c.h"

/* ---- types (onnx_types.c) ---- */

typedef struct dmlp__onnx_type_info {
    int32_t type;             /* dmlp_onnx_type */
    const char *name;         /* ONNX's name: "float", "bfloat16" */
    uint32_t size;            /* bytes per element; 0 when dmlp cannot hold the type */
    DML_TENSOR_DATA_TYPE dml; /* the dmlp tensor type (bool: UINT8) */
} dmlp__onnx_type_info;

/* NULL for numbers that are not ONNX types dmlp knows of. */
const dmlp__onnx_type_info *dmlp__onnx_type_get(int32_t type);

/* Element count of a shape (1 for rank 0). Returns 0 and sets the message (prefixed by
   what) when a dim is negative, above 2^32 - 1, or the count exceeds 2^32 - 1. */
dmlp_status dmlp__onnx_element_count(const char *what, uint32_t rank, const int64_t *dims,
                                     uint64_t *count);

/* "[2, 3, 0]" into buf. */
const char *dmlp__onnx_shape_text(uint32_t rank, const int64_t *dims, char *buf, size_t size);

/* ---- tensors (onnx_tensor.c) ---- */

/* Decodes a parsed TensorProto into a tensor whose name, dims and data are malloc'ed
   (release with dmlp_onnx_tensor_clear). The data is taken from the memory budget
   beside *memory_used (io/budget.h). Messages name the problem without a prefix. */
dmlp_status dmlp__onnx_tensor_decode(const DmlpOnnxPb__TensorProto *proto,
                                     dmlp_onnx_tensor *tensor, uint64_t *memory_used);

/* A protobuf-c allocator that refuses to go past the memory budget, so a short file
   whose packed fields expand (a varint of one byte becomes an int64) cannot take the
   machine's memory while it is unpacked. */
typedef struct dmlp__onnx_alloc {
    ProtobufCAllocator base; /* pass &base to unpack and free_unpacked */
    uint64_t used, budget, refused; /* refused: the size asked when it said no */
} dmlp__onnx_alloc;

void dmlp__onnx_alloc_init(dmlp__onnx_alloc *alloc);

/* After a failed unpack: the budget refusal if the allocator refused, else FORMAT
   "<not_what>: malformed or truncated protobuf". */
dmlp_status dmlp__onnx_unpack_failed(const dmlp__onnx_alloc *alloc, const char *not_what);

/* Reads a whole file into malloc'ed memory, within the memory budget and within
   protobuf's limit for one message (DMLP__ONNX_MAX_MESSAGE, 2 GiB less a byte: a longer
   file or stream is refused without reading further). Messages: "<path>: <why>". */
#define DMLP__ONNX_MAX_MESSAGE UINT64_C(2147483647)
dmlp_status dmlp__onnx_read_file(const char *path, uint8_t **data, size_t *size);

/* ---- operators (onnx_ops.c) ---- */

/* An operator is its registry row (core/registry.h: the ONNX name, the descriptor); this
   file adds what ONNX says of it: the versions, the input types each allows, the output
   type, and the execution flags that give ONNX's semantics. An operator file may name a
   second ONNX operator its operator runs (src/ops/op.h's DMLP_ONNX_ALSO: Add is also
   Sum), with versions of its own: the ONNX operator is then the row under that name. */
typedef struct dmlp__onnx_operator {
    DML_OPERATOR_TYPE type; /* the registry row that runs it */
    const char *name;       /* ONNX's name: the row's, or the second one */
    int also;               /* the second name (DMLP_ONNX_ALSO) */
} dmlp__onnx_operator;
typedef const dmlp__onnx_operator *dmlp__onnx_op;

/* The registry row that runs the ONNX operator. */
const dmlp__op_def *dmlp__onnx_op_def(dmlp__onnx_op op);

/* Resolves op_type at the given default-domain opset, for node np: where several
   registry rows share the ONNX name (src/ops/op.h's DMLP_ONNX_WHEN: Mod's fmod), the row
   whose attribute value the node has. Returns 0 and sets *op, *version on success; -1
   when the operator is not one dmlp runs; -2 when the opset is below the operator's
   first version (*version then holds that first version); -3 when the node's attribute
   selects no row or is malformed (why says so, without a prefix). */
int dmlp__onnx_op_resolve(const char *op_type, int64_t opset, const DmlpOnnxPb__NodeProto *np,
                          dmlp__onnx_op *op, int *version, char *why, size_t why_size);
/* The attribute that chose the operator's row (NULL: none), read by resolve; and the
   condition as text for messages (" with fmod = 0", or ""). */
const char *dmlp__onnx_op_condition(dmlp__onnx_op op);
const char *dmlp__onnx_op_condition_text(dmlp__onnx_op op, char *buf, size_t size);
/* When another row of the operator's ONNX name allows the type at that version (Mod
   with fmod = 1 for a float the fmod = 0 row refuses): " (Mod-13 with fmod = 1 allows
   float)"; else "". */
const char *dmlp__onnx_op_alternative(dmlp__onnx_op op, int version, int32_t type, char *buf,
                                      size_t size);

/* Whether the operator's version allows the input type; the allowed types as text. */
int dmlp__onnx_op_allows(dmlp__onnx_op op, int version, int32_t type);
const char *dmlp__onnx_op_allowed_text(dmlp__onnx_op op, int version);
const char *dmlp__onnx_op_name(dmlp__onnx_op op);
/* The output's ONNX type for an input of in_type. */
int32_t dmlp__onnx_op_output_type(dmlp__onnx_op op, int version, int32_t in_type);
/* The execution flags that give the ONNX results (Sign: NaN propagates). */
uint32_t dmlp__onnx_op_execution_flags(dmlp__onnx_op op, int version);
/* The legacy attributes the version accepts besides its own (a src/ops/ file's DMLP_ONNX
   rows): consumed_inputs, an in-place hint of ONNX's first versions (INTS) that changes
   no result. */
#define DMLP_ONNX_CONSUMED_INPUTS 1u
/* The operator takes one or more inputs (Max, Min, Sum, Mean): the front end runs one
   input as a copy and more than two as a chain of two-input nodes. */
#define DMLP_ONNX_VARIADIC 2u
/* The second input broadcasts one way, to the first's shape (PRelu's slope, from version
   7; before it, the slope has X's shape or one element). */
#define DMLP_ONNX_UNIDIRECTIONAL 4u
/* The FLOAT members come from optional inputs after the first (Clip-11's min and max, in
   the order of the DMLP_ONNX_FLOAT rows), which must be constants (initializers or
   Constant outputs) of one element; an absent one ("" or left out) bounds nothing (-inf,
   +inf); a lower bound above the upper one is lowered to it (ONNX's Clip then gives the
   upper bound). */
#define DMLP_ONNX_BOUND_INPUTS 8u
/* The first FLOAT member is lowered to the second where it is above it (Clip: ONNX gives
   the upper bound there, DirectML's order the lower). */
#define DMLP_ONNX_LOWER_FIRST 16u
/* A variadic operator whose result for more than two inputs is their sum divided by
   their count (Mean: a fold of two-input means is not the mean of three): x1 .. xN run
   as the left fold of Adds, ((x1 + x2) + x3) + ..., each rounded to the type, then one
   Divide by N (the count as the type holds it). One and two inputs run as for any
   variadic operator (a copy; the operator itself). */
#define DMLP_ONNX_DIVIDE_BY_COUNT 32u
/* QuantizeLinear and DequantizeLinear: inputs 2 and 3 (the scale and the optional zero
   point) hold one element (per tensor), one per index of x's axis `axis` (per axis, with
   DMLP_ONNX_AXIS) or one per block of `block_size` along it (blocked, with
   DMLP_ONNX_BLOCK_SIZE); described to DirectML in x's shape with strides of 0, a blocked
   axis split in two (D / B, B). The output's type is the zero point's, else
   `output_dtype` (DMLP_ONNX_OUTPUT_DTYPE), else uint8 (QuantizeLinear), or the scale's
   (DequantizeLinear). */
#define DMLP_ONNX_QUANTIZED 64u
#define DMLP_ONNX_AXIS 128u        /* the attribute axis (INT, default 1, negative too) */
#define DMLP_ONNX_BLOCK_SIZE 256u  /* the attribute block_size (INT, default 0: none) */
#define DMLP_ONNX_SATURATE 512u    /* the attribute saturate (INT, default 1; float8 only) */
#define DMLP_ONNX_OUTPUT_DTYPE 1024u /* the attribute output_dtype (INT, default 0) */
uint32_t dmlp__onnx_op_attributes(dmlp__onnx_op op, int version);
/* A quantized node's layout (DMLP_ONNX_QUANTIZED) for x of shape (x_rank, x_dims) and a
   scale of shape (s_rank, s_dims): the operator's sizes (x's, a blocked axis split in
   two; [1] for a 0-d x) and the scale's strides over them. 0, or -1 with the reason in
   why (a scale that fits no granularity, an axis out of range, a block size that does
   not divide the axis). */
struct dmlp__onnx_node;
int dmlp__onnx_quant_layout(const struct dmlp__onnx_node *node, uint32_t x_rank,
                            const int64_t *x_dims, uint32_t s_rank, const int64_t *s_dims,
                            uint32_t *rank, uint32_t *sizes, uint32_t *strides, char *why,
                            size_t why_size);
/* The operator's ONNX attributes that give its FLOAT members (DMLP_ONNX_FLOAT rows):
   how many, and row `index` of them: the attribute's name (NULL: the member is fixed),
   the member's index among the FLOAT members and ONNX's default. */
typedef struct dmlp__onnx_float {
    const char *attribute;
    uint32_t member;
    float value;
} dmlp__onnx_float;
uint32_t dmlp__onnx_op_float_count(dmlp__onnx_op op);
const dmlp__onnx_float *dmlp__onnx_op_float(dmlp__onnx_op op, uint32_t index);
/* The operator's first version from this one on (0: none). */
int dmlp__onnx_op_version_from(dmlp__onnx_op op, int version);
/* An operator along axes whose INT attribute axis gives its AXIS_COUNT and AXES members
   (src/ops/op.h's DMLP_ONNX_AXES: Softmax, LogSoftmax, Hardmax): the version from which
   the row is the one axis (default -1); before it the input is coerced to 2-D at axis
   (default 1) and the row is axes axis .. rank - 1. 0: not such an operator. */
int dmlp__onnx_op_axes(dmlp__onnx_op op);
/* Such a node's row on an input of shape (rank, dims) named input: the AXIS_COUNT and
   AXES members from node->axis (negative counts from the end). 0, or -1 with the reason
   in why: a 0-d input, or an axis outside [-rank, rank - 1]. */
int dmlp__onnx_row_axes(const struct dmlp__onnx_node *node, uint32_t rank,
                        const int64_t *dims, const char *input, uint32_t *count,
                        uint32_t *axes, char *why, size_t why_size);

/* ---- Constant (onnx_constant.c) ---- */

/* Constant's version at a default-domain opset (1, 9, 11, 12, 13, 19, 21 or 23). */
int dmlp__onnx_constant_version(int64_t opset);

/* The tensor a Constant node of that version holds (value, value_float(s) or
   value_int(s)); on a refusal (sparse_value, strings, a type the version does not allow,
   two or no value attributes) the status and a reason without a prefix in why. */
dmlp_status dmlp__onnx_constant_decode(const DmlpOnnxPb__NodeProto *np, int version,
                                       dmlp_onnx_tensor *t, uint64_t *memory_used, char *why,
                                       size_t why_size);

/* ---- the loaded model (onnx_model.c, run by onnx_run.c) ---- */

typedef struct dmlp__onnx_value {
    char *name;
    int32_t type;
    int has_shape;
    uint32_t rank;
    int64_t *dims;         /* -1 for symbolic/unknown */
    char **dim_params;     /* rank entries, NULL where not symbolic */
    int is_input;          /* a graph input */
    int has_init;          /* an initializer gives the value (default for inputs) */
    dmlp_onnx_tensor init; /* owned */
    int32_t producer;      /* node index, or -1 */
} dmlp__onnx_value;

typedef struct dmlp__onnx_node {
    dmlp__onnx_op op;
    int version;
    uint32_t input_count; /* the operator's: 1, 2 (Add, Sub, Mul, Div) or more (Where);
                             fewer when optional inputs at the end are left out (their
                             members NULL in the descriptor) */
    union {
        uint32_t inputs[DMLP__MAX_INPUTS]; /* value index of input k, in the operator's
                                              member order (Where: condition, X, Y) */
        struct {
            uint32_t input;   /* value index (A of a two-input operator) */
            uint32_t input_b; /* value index of B */
        };
    };
    uint32_t output; /* value index */
    /* A node of a variadic operator (DMLP_ONNX_VARIADIC: Max) with inputs x1 .. xN (N >= 1)
       becomes N - 1 two-input nodes folding from the left, step k (1 .. N-1) taking the
       fold so far (x1 for step 1) as A and x(k+1) as B, the last one producing the ONNX
       node's output and the others values of their own (not named in the model's
       namespace); one input becomes a copy: input_count 1, run by `run` (the registry's
       Identity). Mean of more than two inputs (DMLP_ONNX_DIVIDE_BY_COUNT) has its N - 1
       parts run by Add, then one more part (count N, step 0) run by Divide, whose A is
       the sum and B a constant holding N. Each of these nodes is the ONNX node's in
       messages. */
    uint32_t step;        /* 1 .. N-1 for a variadic node's parts; 0 for other nodes */
    uint32_t count;       /* DMLP_ONNX_DIVIDE_BY_COUNT's Divide part: N (B is a constant
                             of the loader's own holding it); 0 for other nodes */
    uint32_t first;       /* a variadic node's x1 (value index) */
    const dmlp__op_def *run; /* what runs the node when not op's row (NULL: op's) */
    DML_IS_INFINITY_MODE mode;
    int all_false;   /* IsInf with detect_negative = detect_positive = 0 */
    /* The two-input operators before version 7 (Add, Sub, Mul, Div, Greater, And, Or):
       B follows A's shape unless broadcast = 1, which aligns B's axes with A's from axis
       (default: A's last ones). The variadic ones before version 7 (Max-1, Max-6) have
       no broadcast attribute: every input has x1's shape. */
    int legacy;
    int broadcast;
    int has_axis;
    int64_t axis;    /* also DMLP_ONNX_AXES's axis: the attribute (has_axis) or the
                        version's default */
    int32_t to;      /* Cast: the output's ONNX type (0: the operator's rule);
                        QuantizeLinear and DequantizeLinear: theirs, set when loaded */
    int64_t block;   /* DMLP_ONNX_BLOCK_SIZE: block_size (0: none); axis is has_axis/axis */
    int32_t output_dtype; /* DMLP_ONNX_OUTPUT_DTYPE: output_dtype (0: none) */
    float floats[DMLP__MAX_FLOATS]; /* the FLOAT members: attributes or ONNX's defaults */
    /* DMLP_ONNX_BOUND_INPUTS (Clip-11 on): each bound input given, its ONNX type and its
       element's bits zero-extended; an integer tensor runs ELEMENT_WISE_CLIP1 with them,
       exactly (its FLOAT members could not hold every int32 or int64) */
    unsigned char bound_given[2];
    int32_t bound_types[2];
    uint64_t bound_bits[2];
    uint32_t flags;  /* execution flags of this node beyond its version's (Cast) */
    /* A QuantizeLinear or DequantizeLinear node that no one dmlp operator runs as ONNX
       specifies (float8 and 16-bit float types) becomes several parts, as a variadic node
       does (onnx_model.c's lower_quantized, once its types are known: `lower` says which
       parts): Casts of one input, and two- or three-input operators whose inputs after A
       have the scale's shape, described in A's (x's) shape by the node's quantized layout
       (quant_b; one of one element has strides of 0). The first part checks the shapes of
       x, the scale and the zero point (quant_values; UINT32_MAX: none) against each other
       when run (quant_check). no_saturate: the attribute saturate is 0. */
    unsigned char lower, quant_b, quant_check, no_saturate;
    uint32_t quant_values[3];
} dmlp__onnx_node;

/* The output shape of a two-input node from its inputs' (onnx_model.c; -1: a size known
   only when run). numpy's multidirectional broadcasting from version 7; before it, A's
   shape, with B equal to it or, when broadcast = 1, B's axes placed at axis (each the same
   size as A's or 1). Returns 0 and fills dims (*rank of them, at most 8 when both inputs
   have at most 8) and offset[i], the output axis of input i's first axis (an input repeats
   along the output axes it lacks and those where its size is 1); otherwise returns -1 and
   writes the reason to why. */
/* numpy's multidirectional broadcasting of `count` shapes (a node of three or more
   inputs: Where): dims and offset[k] as dmlp__onnx_broadcast gives them, or -1 with the
   reason in why. */
int dmlp__onnx_broadcast_n(uint32_t count, const uint32_t *ranks, const int64_t *const *dims_in,
                           uint32_t *rank, int64_t *dims, uint32_t *offset, char *why,
                           size_t why_size);
int dmlp__onnx_broadcast(const dmlp__onnx_node *node, uint32_t a_rank, const int64_t *a_dims,
                         uint32_t b_rank, const int64_t *b_dims, uint32_t *rank, int64_t *dims,
                         uint32_t offset[2], char *why, size_t why_size);

/* The shapes of one run's graph inputs, in the graph's input order: each one's rank and
   dims (fed, or its default's), and whether it is the model's own default (not fed). */
typedef struct dmlp__onnx_shapes {
    uint32_t count; /* the model's graph inputs */
    uint32_t *ranks;
    const int64_t **dims;
    unsigned char *constant;
} dmlp__onnx_shapes;

/* A compiled graph kept between runs (onnx_compiled.c), with what it was compiled for:
   the graph inputs' shapes and defaults, and the bytes the graph reads of each value from
   outside it (0: none; more than the value holds: a zero-padded copy). */
typedef struct dmlp__onnx_compiled {
    dmlp_operator *graph;
    uint32_t input_count;
    uint32_t *ranks;
    unsigned char *constant;
    int64_t *dims;  /* every input's dims, one after the other */
    uint64_t *need; /* per value */
} dmlp__onnx_compiled;

/* Whether the graph was compiled for these shapes (c may be NULL: no). */
int dmlp__onnx_compiled_matches(const dmlp__onnx_compiled *c, const dmlp__onnx_shapes *shapes);
/* Keeps graph with copies of the shapes and of need (value_count entries). NULL when out
   of memory; graph is then still the caller's. */
dmlp__onnx_compiled *dmlp__onnx_compiled_make(dmlp_operator *graph,
                                              const dmlp__onnx_shapes *shapes,
                                              const uint64_t *need, uint32_t value_count);
/* Destroys the graph and frees the rest. Accepts NULL. */
void dmlp__onnx_compiled_free(dmlp__onnx_compiled *c);

struct dmlp_onnx_model {
    dmlp_device *device;
    int64_t opset;
    dmlp__onnx_value *values;
    uint32_t value_count;
    dmlp__onnx_node *nodes; /* in an order where producers come first */
    uint32_t node_count;
    uint32_t *inputs;  /* value indices of the graph inputs */
    uint32_t input_count;
    uint32_t *outputs; /* value indices of the graph outputs */
    uint32_t output_count;
    uint64_t memory_used; /* initializers and constants, from the memory budget */
    /* The last run's compiled graph, reused while the graph inputs keep their shapes;
       runs of one model do not overlap (dmlp_onnx.h), so it needs no lock. */
    dmlp__onnx_compiled *compiled;
    uint64_t compile_count; /* graphs compiled over the model's life */
};

/* How many graphs the model's runs have compiled (the tests check the reuse). */
uint64_t dmlp__onnx_model_compile_count(const dmlp_onnx_model *m);

/* After the inputs are bound (onnx_dims.c): every symbolic dimension of one name has one
   size over all graph inputs. ranks[k] and dims[k] are the bound shape of graph input k
   (fed, or its default). INVALID_ARGUMENT names the input, the dimension and both sizes:
   input "y": dimension "batch" is 1; input "x" gave it 3 */
dmlp_status dmlp__onnx_check_dim_params(const dmlp_onnx_model *m, const uint32_t *ranks,
                                        const int64_t *const *dims);

#endif
