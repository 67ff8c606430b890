/* What ONNX says of the operators of the registry that it has: their versions, the input
   types each version allows, the output type and the execution flags that give ONNX's
   results. */
#include <stdio.h>
#include <string.h>

#include "onnx_internal.h"

#define T(x) (1u << DMLP_ONNX_TYPE_##x)

static const uint32_t sign9 = T(UINT8) | T(UINT16) | T(UINT32) | T(UINT64) | T(INT8) |
                              T(INT16) | T(INT32) | T(INT64) | T(FLOAT16) | T(FLOAT) |
                              T(DOUBLE);
static const uint32_t softsign1 = T(FLOAT16) | T(FLOAT) | T(DOUBLE);
static const uint32_t isinf10 = T(FLOAT) | T(DOUBLE);
static const uint32_t neg6 = T(FLOAT) | T(INT32) | T(INT8) | T(INT16) | T(INT64) |
                             T(FLOAT16) | T(DOUBLE);
/* Add, Sub, Mul and Div share their history: 1 (float16, float, double; legacy broadcast
   and consumed_inputs), 6 (+ int32, int64, uint32, uint64; legacy broadcast), 7 (numpy
   broadcasting), 13 (+ bfloat16), 14 (+ int8, int16, uint8, uint16). */
static const uint32_t arith6 = T(UINT32) | T(UINT64) | T(INT32) | T(INT64) | T(FLOAT16) |
                               T(FLOAT) | T(DOUBLE);
#define ARITH_TEXT6 "uint32, uint64, int32, int64, float16, float, double"
#define ARITH_ROWS(OP)                                                                      \
    {OP, 14, arith6 | T(BFLOAT16) | T(UINT8) | T(UINT16) | T(INT8) | T(INT16),             \
     "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, double, "   \
     "bfloat16", 0, 0},                                                                     \
    {OP, 13, arith6 | T(BFLOAT16), ARITH_TEXT6 ", bfloat16", 0, 0},                        \
    {OP, 7, arith6, ARITH_TEXT6, 0, 0},                                                     \
    {OP, 6, arith6, ARITH_TEXT6, 0, 0},                                                     \
    {OP, 1, softsign1, "float16, float, double", 0, 0}
/* Greater: 1 (float16, float, double; legacy broadcast), 7 (numpy broadcasting), 9 (+ the
   integer types), 13 (+ bfloat16); the output is bool. And, Or: bool, 1 (legacy broadcast)
   and 7. */
#define NUMBERS_TEXT                                                                        \
    "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, double"
static const uint32_t float8 = T(FLOAT8E4M3FN) | T(FLOAT8E4M3FNUZ) | T(FLOAT8E5M2) |
                               T(FLOAT8E5M2FNUZ);

typedef struct version_row {
    DML_OPERATOR_TYPE op;
    int since;
    uint32_t types;
    const char *text;
    int32_t output_type;      /* 0: the input's type */
    uint32_t execution_flags; /* ONNX's semantics on top of DirectML's */
} version_row;

#define SIGN DML_OPERATOR_ELEMENT_WISE_SIGN
#define SOFTSIGN DML_OPERATOR_ACTIVATION_SOFTSIGN
#define ISINF DML_OPERATOR_ELEMENT_WISE_IS_INFINITY
#define IDENTITY DML_OPERATOR_ELEMENT_WISE_IDENTITY
#define ABS DML_OPERATOR_ELEMENT_WISE_ABS
#define NEG DML_OPERATOR_ELEMENT_WISE_NEGATE
#define ADD DML_OPERATOR_ELEMENT_WISE_ADD
#define SUB DML_OPERATOR_ELEMENT_WISE_SUBTRACT
#define MUL DML_OPERATOR_ELEMENT_WISE_MULTIPLY
#define DIV DML_OPERATOR_ELEMENT_WISE_DIVIDE
#define CAST DML_OPERATOR_CAST
#define GREATER DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN
#define AND DML_OPERATOR_ELEMENT_WISE_LOGICAL_AND
#define OR DML_OPERATOR_ELEMENT_WISE_LOGICAL_OR
/* ONNX's reference evaluator's float-to-integer results (numpy on x86-64) */
#define CAST_ONNX DMLP_EXECUTION_FLAG_CAST_ONNX
/* numpy's sign, ONNX's reference, gives NaN for NaN */
#define NAN_PROPAGATE DMLP_EXECUTION_FLAG_NAN_PROPAGATE
#define BOOL DMLP_ONNX_TYPE_BOOL

/* Per operator, newest version first. */
static const version_row rows[] = {
    {SIGN, 13, sign9 | T(BFLOAT16),
     "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, double, "
     "bfloat16", 0, NAN_PROPAGATE},
    {SIGN, 9, sign9,
     "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, double", 0,
     NAN_PROPAGATE},
    {SOFTSIGN, 22, softsign1 | T(BFLOAT16), "float16, float, double, bfloat16", 0, 0},
    {SOFTSIGN, 1, softsign1, "float16, float, double", 0, 0},
    {ISINF, 20,
     isinf10 | T(FLOAT16) | T(BFLOAT16) | T(FLOAT8E4M3FN) | T(FLOAT8E4M3FNUZ) | T(FLOAT8E5M2) |
         T(FLOAT8E5M2FNUZ),
     "float16, float, double, bfloat16, float8e4m3fn, float8e4m3fnuz, float8e5m2, "
     "float8e5m2fnuz", BOOL, 0},
    {ISINF, 10, isinf10, "float, double", BOOL, 0},
    /* Identity's later versions (14, 16, 21, ...) add sequence, optional and 4-bit types
       only: for the tensor types here version 19 holds on. */
    {IDENTITY, 19, sign9 | T(BOOL) | T(BFLOAT16) | float8,
     "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, double, "
     "bool, bfloat16, float8e4m3fn, float8e4m3fnuz, float8e5m2, float8e5m2fnuz", 0, 0},
    {IDENTITY, 13, sign9 | T(BOOL) | T(BFLOAT16),
     "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, double, "
     "bool, bfloat16", 0, 0},
    {IDENTITY, 1, sign9 | T(BOOL),
     "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, double, bool",
     0, 0},
    /* Abs-1 and Neg-1 differ from 6 by the legacy consumed_inputs attribute, which says
       nothing about the result. */
    {ABS, 13, sign9 | T(BFLOAT16),
     "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, double, "
     "bfloat16", 0, 0},
    {ABS, 6, sign9,
     "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, double", 0, 0},
    {ABS, 1, softsign1, "float16, float, double", 0, 0},
    {NEG, 13, neg6 | T(BFLOAT16),
     "float, int32, int8, int16, int64, float16, double, bfloat16", 0, 0},
    {NEG, 6, neg6, "float, int32, int8, int16, int64, float16, double", 0, 0},
    {NEG, 1, softsign1, "float16, float, double", 0, 0},
    ARITH_ROWS(ADD),
    ARITH_ROWS(SUB),
    ARITH_ROWS(MUL),
    ARITH_ROWS(DIV),
    /* Cast: the input and the `to` type both from the list. Versions 9, 21 and 23 add
       string, 4-bit and float4 types, which dmlp does not hold: for its types they are
       version 6's, 19's and 19's. Version 1 names `to` as a string. */
    {CAST, 23, sign9 | T(BOOL) | T(BFLOAT16) | float8,
     "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, double, "
     "bool, bfloat16, float8e4m3fn, float8e4m3fnuz, float8e5m2, float8e5m2fnuz", 0, CAST_ONNX},
    {CAST, 21, sign9 | T(BOOL) | T(BFLOAT16) | float8,
     "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, double, "
     "bool, bfloat16, float8e4m3fn, float8e4m3fnuz, float8e5m2, float8e5m2fnuz", 0, CAST_ONNX},
    {CAST, 19, sign9 | T(BOOL) | T(BFLOAT16) | float8,
     "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, double, "
     "bool, bfloat16, float8e4m3fn, float8e4m3fnuz, float8e5m2, float8e5m2fnuz", 0, CAST_ONNX},
    {CAST, 13, sign9 | T(BOOL) | T(BFLOAT16),
     "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, double, "
     "bool, bfloat16", 0, CAST_ONNX},
    {CAST, 9, sign9 | T(BOOL),
     "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, double, bool",
     0, CAST_ONNX},
    {CAST, 6, sign9 | T(BOOL),
     "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, double, bool",
     0, CAST_ONNX},
    {CAST, 1, sign9 | T(BOOL),
     "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, double, bool",
     0, CAST_ONNX},
    {GREATER, 13, sign9 | T(BFLOAT16), NUMBERS_TEXT ", bfloat16", BOOL, 0},
    {GREATER, 9, sign9, NUMBERS_TEXT, BOOL, 0},
    {GREATER, 7, softsign1, "float16, float, double", BOOL, 0},
    {GREATER, 1, softsign1, "float16, float, double", BOOL, 0},
    {AND, 7, T(BOOL), "bool", 0, 0},
    {AND, 1, T(BOOL), "bool", 0, 0},
    {OR, 7, T(BOOL), "bool", 0, 0},
    {OR, 1, T(BOOL), "bool", 0, 0},
};

static const version_row *find(dmlp__onnx_op op, int version)
{
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (op && rows[i].op == op->type && rows[i].since == version)
            return &rows[i];
    return NULL;
}

int dmlp__onnx_op_resolve(const char *op_type, int64_t opset, dmlp__onnx_op *op, int *version)
{
    int known = 0;
    const dmlp__op_def *def = dmlp__op_find_onnx(op_type);
    for (size_t i = 0; def && i < sizeof rows / sizeof rows[0]; i++) {
        if (rows[i].op != def->type)
            continue;
        known = 1;
        *op = def;
        *version = rows[i].since; /* rows go newest first: the last seen is the first version */
        if (rows[i].since <= opset)
            return 0;
    }
    return known ? -2 : -1;
}

int dmlp__onnx_op_allows(dmlp__onnx_op op, int version, int32_t type)
{
    const version_row *row = find(op, version);
    return row && type > 0 && type < 32 && (row->types & (1u << type)) != 0;
}

const char *dmlp__onnx_op_allowed_text(dmlp__onnx_op op, int version)
{
    const version_row *row = find(op, version);
    return row ? row->text : "";
}

const char *dmlp__onnx_op_name(dmlp__onnx_op op)
{
    return op && op->onnx_name ? op->onnx_name : "?";
}

int32_t dmlp__onnx_op_output_type(dmlp__onnx_op op, int version, int32_t in_type)
{
    const version_row *row = find(op, version);
    return row && row->output_type ? row->output_type : in_type;
}

uint32_t dmlp__onnx_op_execution_flags(dmlp__onnx_op op, int version)
{
    const version_row *row = find(op, version);
    return row ? row->execution_flags : 0;
}

/* One axis of two sizes under numpy's rule (-1: not known until run). */
static int broadcast_axis(int64_t x, int64_t y, int64_t *out)
{
    if (x == y || y == 1)
        *out = x;
    else if (x == 1)
        *out = y;
    else if (x == -1)
        *out = y; /* y > 1: the run checks that x is y or 1 */
    else if (y == -1)
        *out = x;
    else
        return -1;
    return 0;
}

static const char *dims_text(uint32_t rank, const int64_t *dims, char *buf, size_t size)
{
    return dmlp__onnx_shape_text(rank, dims, buf, size);
}

int dmlp__onnx_broadcast(const dmlp__onnx_node *node, uint32_t a_rank, const int64_t *a_dims,
                         uint32_t b_rank, const int64_t *b_dims, uint32_t *rank, int64_t *dims,
                         uint32_t offset[2], char *why, size_t why_size)
{
    char a_text[128], b_text[128];
    dims_text(a_rank, a_dims, a_text, sizeof a_text);
    dims_text(b_rank, b_dims, b_text, sizeof b_text);
    if (!node->legacy) {
        uint32_t r = a_rank > b_rank ? a_rank : b_rank;
        offset[0] = r - a_rank;
        offset[1] = r - b_rank;
        for (uint32_t d = 0; d < r; d++) {
            int64_t x = d >= offset[0] ? a_dims[d - offset[0]] : 1;
            int64_t y = d >= offset[1] ? b_dims[d - offset[1]] : 1;
            if (broadcast_axis(x, y, &dims[d]) != 0) {
                snprintf(why, why_size,
                         "A %s and B %s do not broadcast (axis %u of the result: %lld and %lld)",
                         a_text, b_text, d, (long long)x, (long long)y);
                return -1;
            }
        }
        *rank = r;
        return 0;
    }
    /* Before version 7: the result has A's shape. */
    int64_t axis = 0;
    if (!node->broadcast) {
        int same = a_rank == b_rank;
        for (uint32_t d = 0; same && d < a_rank; d++)
            same = a_dims[d] == b_dims[d] || a_dims[d] == -1 || b_dims[d] == -1;
        if (!same) {
            snprintf(why, why_size,
                     "A %s and B %s differ; before version 7 B must have A's shape unless the "
                     "attribute broadcast is 1",
                     a_text, b_text);
            return -1;
        }
    } else {
        axis = node->has_axis ? node->axis : (int64_t)a_rank - (int64_t)b_rank;
        if (b_rank > a_rank || axis < 0 || axis + (int64_t)b_rank > (int64_t)a_rank) {
            snprintf(why, why_size,
                     "B %s does not fit A %s at axis %lld (broadcast = 1 places B's axes "
                     "within A's)",
                     b_text, a_text, (long long)axis);
            return -1;
        }
        for (uint32_t j = 0; j < b_rank; j++) {
            int64_t x = a_dims[axis + j], y = b_dims[j];
            if (!(x == y || y == 1 || x == -1 || y == -1)) {
                snprintf(why, why_size,
                         "B %s does not match A %s at axis %lld: B's size %lld where A's is "
                         "%lld (it must be the same or 1)",
                         b_text, a_text, (long long)(axis + j), (long long)y, (long long)x);
                return -1;
            }
        }
    }
    for (uint32_t d = 0; d < a_rank; d++)
        dims[d] = a_dims[d];
    *rank = a_rank;
    offset[0] = 0;
    offset[1] = (uint32_t)axis;
    return 0;
}
