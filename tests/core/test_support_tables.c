/* test_support_tables: docs/validation.md's tables and extensions, walked at every feature level.
   Covers dmlp__validate_operator's support checks (operator, level, type, dimension count,
   extensions) and the support.h lookups: support rows, operator facts, level names. The
   expected table below is written from docs/validation.md, not taken from support.c. */
#include <stdbool.h>

#include "core/error.h"
#include "core/registry.h"
#include "core/support.h"
#include "core/validate.h"
#include "test_util.h"

#define F32 DML_TENSOR_DATA_TYPE_FLOAT32
#define F16 DML_TENSOR_DATA_TYPE_FLOAT16
#define F64 DML_TENSOR_DATA_TYPE_FLOAT64
#define I8 DML_TENSOR_DATA_TYPE_INT8
#define I16 DML_TENSOR_DATA_TYPE_INT16
#define I32 DML_TENSOR_DATA_TYPE_INT32
#define I64 DML_TENSOR_DATA_TYPE_INT64
#define U8 DML_TENSOR_DATA_TYPE_UINT8
#define U16 DML_TENSOR_DATA_TYPE_UINT16
#define U32 DML_TENSOR_DATA_TYPE_UINT32
#define U64 DML_TENSOR_DATA_TYPE_UINT64
#define BF16 DMLP_TENSOR_DATA_TYPE_BFLOAT16
#define E4M3FN DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN
#define E4M3FNUZ DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FNUZ
#define E5M2 DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2
#define E5M2FNUZ DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2FNUZ

#define SIGN DML_OPERATOR_ELEMENT_WISE_SIGN
#define SOFTSIGN DML_OPERATOR_ACTIVATION_SOFTSIGN
#define ISINF DML_OPERATOR_ELEMENT_WISE_IS_INFINITY
#define IDENTITY DML_OPERATOR_ELEMENT_WISE_IDENTITY
#define ABS DML_OPERATOR_ELEMENT_WISE_ABS
#define NEGATE DML_OPERATOR_ELEMENT_WISE_NEGATE
#define ADD DML_OPERATOR_ELEMENT_WISE_ADD
#define ADD1 DML_OPERATOR_ELEMENT_WISE_ADD1
#define SUBTRACT DML_OPERATOR_ELEMENT_WISE_SUBTRACT
#define MULTIPLY DML_OPERATOR_ELEMENT_WISE_MULTIPLY
#define DIVIDE DML_OPERATOR_ELEMENT_WISE_DIVIDE
#define CAST DML_OPERATOR_CAST
#define GREATER DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN
#define AND DML_OPERATOR_ELEMENT_WISE_LOGICAL_AND
#define OR DML_OPERATOR_ELEMENT_WISE_LOGICAL_OR
#define CEIL DML_OPERATOR_ELEMENT_WISE_CEIL
#define FLOOR DML_OPERATOR_ELEMENT_WISE_FLOOR
#define ROUND DML_OPERATOR_ELEMENT_WISE_ROUND
#define RELU DML_OPERATOR_ACTIVATION_RELU
#define RELU_GRAD DML_OPERATOR_ACTIVATION_RELU_GRAD
#define MAX DML_OPERATOR_ELEMENT_WISE_MAX
#define MIN DML_OPERATOR_ELEMENT_WISE_MIN
#define DIFFSQ DML_OPERATOR_ELEMENT_WISE_DIFFERENCE_SQUARE
#define FMOD DML_OPERATOR_ELEMENT_WISE_MODULUS_TRUNCATE
#define MEAN DML_OPERATOR_ELEMENT_WISE_MEAN
#define MOD DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR
#define PRELU DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU
#define EQUALS DML_OPERATOR_ELEMENT_WISE_LOGICAL_EQUALS
#define XOR DML_OPERATOR_ELEMENT_WISE_LOGICAL_XOR
#define NOT DML_OPERATOR_ELEMENT_WISE_LOGICAL_NOT
#define LESS_EQUAL DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL
#define GREATER_EQUAL DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL
#define LESS DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN
#define ISNAN DML_OPERATOR_ELEMENT_WISE_IS_NAN
#define BIT_AND DML_OPERATOR_ELEMENT_WISE_BIT_AND
#define BIT_OR DML_OPERATOR_ELEMENT_WISE_BIT_OR
#define BIT_XOR DML_OPERATOR_ELEMENT_WISE_BIT_XOR
#define BIT_NOT DML_OPERATOR_ELEMENT_WISE_BIT_NOT
#define BIT_COUNT DML_OPERATOR_ELEMENT_WISE_BIT_COUNT
#define SHL DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_LEFT
#define SHR DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_RIGHT
#define LEAKY_RELU DML_OPERATOR_ACTIVATION_LEAKY_RELU
#define LINEAR DML_OPERATOR_ACTIVATION_LINEAR
#define THRESHOLDED_RELU DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU
#define HARD_SIGMOID DML_OPERATOR_ACTIVATION_HARD_SIGMOID
#define SHRINK DML_OPERATOR_ACTIVATION_SHRINK
#define HARD_SWISH DML_OPERATOR_ACTIVATION_HARD_SWISH
#define THRESHOLD DML_OPERATOR_ELEMENT_WISE_THRESHOLD
#define CLIP DML_OPERATOR_ELEMENT_WISE_CLIP
#define CLIP_GRAD DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD
#define CLIP1 DML_OPERATOR_ELEMENT_WISE_CLIP1
#define CLIP_GRAD1 DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1
#define RECIP DML_OPERATOR_ELEMENT_WISE_RECIP
#define SQRT DML_OPERATOR_ELEMENT_WISE_SQRT
#define EXP DML_OPERATOR_ELEMENT_WISE_EXP
#define ELU DML_OPERATOR_ACTIVATION_ELU
#define SELU DML_OPERATOR_ACTIVATION_SCALED_ELU
#define CELU DML_OPERATOR_ACTIVATION_CELU
#define LOG DML_OPERATOR_ELEMENT_WISE_LOG
#define POW DML_OPERATOR_ELEMENT_WISE_POW
#define CONSTANT_POW DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW
#define ERF DML_OPERATOR_ELEMENT_WISE_ERF
#define GELU DML_OPERATOR_ACTIVATION_GELU
/* dmlp's extension operators (docs/validation.md): only with DMLP_DEVICE_FLAG_EXTENSIONS */
#define MISH DMLP_OPERATOR_ACTIVATION_MISH
#define GELU_TANH DMLP_OPERATOR_ACTIVATION_GELU_TANH
#define EXTENSION_OP(op) ((op) == MISH || (op) == GELU_TANH)
#define ACT_IDENTITY DML_OPERATOR_ACTIVATION_IDENTITY
#define SIN DML_OPERATOR_ELEMENT_WISE_SIN
#define COS DML_OPERATOR_ELEMENT_WISE_COS
#define TAN DML_OPERATOR_ELEMENT_WISE_TAN
#define IF DML_OPERATOR_ELEMENT_WISE_IF
#define SIGMOID DML_OPERATOR_ACTIVATION_SIGMOID
#define ACT_TANH DML_OPERATOR_ACTIVATION_TANH
#define EW_TANH DML_OPERATOR_ELEMENT_WISE_TANH
#define SCALED_TANH DML_OPERATOR_ACTIVATION_SCALED_TANH
#define SWISH DML_OPERATOR_ACTIVATION_SWISH
#define SOFTPLUS DML_OPERATOR_ACTIVATION_SOFTPLUS
#define PSOFTPLUS DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS
#define SINH DML_OPERATOR_ELEMENT_WISE_SINH
#define COSH DML_OPERATOR_ELEMENT_WISE_COSH
#define ASINH DML_OPERATOR_ELEMENT_WISE_ASINH
#define ACOSH DML_OPERATOR_ELEMENT_WISE_ACOSH
#define ATANH DML_OPERATOR_ELEMENT_WISE_ATANH
#define ATAN DML_OPERATOR_ELEMENT_WISE_ATAN
#define ASIN DML_OPERATOR_ELEMENT_WISE_ASIN
#define ACOS DML_OPERATOR_ELEMENT_WISE_ACOS
#define ATAN_YX DML_OPERATOR_ELEMENT_WISE_ATAN_YX
/* along axes: the 1_0 ones take the last axis of an effective rank of at most 2 */
#define SOFTMAX DML_OPERATOR_ACTIVATION_SOFTMAX
#define LOG_SOFTMAX DML_OPERATOR_ACTIVATION_LOG_SOFTMAX
#define HARDMAX DML_OPERATOR_ACTIVATION_HARDMAX
#define SOFTMAX1 DML_OPERATOR_ACTIVATION_SOFTMAX1
#define LOG_SOFTMAX1 DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1
#define HARDMAX1 DML_OPERATOR_ACTIVATION_HARDMAX1
#define ROWS_2D(op) ((op) == SOFTMAX || (op) == LOG_SOFTMAX || (op) == HARDMAX)
#define ROWS_AXES(op) ((op) == SOFTMAX1 || (op) == LOG_SOFTMAX1 || (op) == HARDMAX1)

/* Every data type there is, plus values that are none. */
static const DML_TENSOR_DATA_TYPE all_types[] = {
    F32, F16, U32, U16, U8, I32, I16, I8, F64, U64, I64, BF16, E4M3FN, E4M3FNUZ, E5M2, E5M2FNUZ,
};

/* docs/validation.md, one row per table line: from `level` on, until the operator's next row. */
typedef struct expected_row {
    DML_OPERATOR_TYPE op;
    uint32_t level;
    uint32_t min_dims, max_dims;
    DML_TENSOR_DATA_TYPE types[12]; /* 0 ends */
} expected_row;

static const expected_row expected_rows[] = {
    {SIGN, 0x2000, 4, 4, {F32, F16}},
    {SIGN, 0x2100, 4, 4, {F32, F16, I32, I16, I8, U32, U16, U8}},
    {SIGN, 0x3000, 1, 8, {F32, F16, I32, I16, I8, U32, U16, U8}},
    {SIGN, 0x4100, 1, 8, {F32, F16, I32, I16, I8, U32, U16, U8, I64, U64}},
    {SOFTSIGN, 0x1000, 4, 4, {F32, F16}},
    {SOFTSIGN, 0x2000, 4, 5, {F32, F16}},
    {SOFTSIGN, 0x3000, 1, 8, {F32, F16}},
    {ISINF, 0x2100, 4, 4, {F32, F16}},
    {ISINF, 0x3000, 1, 8, {F32, F16}},
    {IDENTITY, 0x1000, 4, 5, {F32, F16}},
    {IDENTITY, 0x2100, 4, 5, {F32, F16, I32, I16, I8, U32, U16, U8}},
    {IDENTITY, 0x3000, 1, 8, {F32, F16, I32, I16, I8, U32, U16, U8}},
    {IDENTITY, 0x4100, 1, 8, {F64, F32, F16, I64, I32, I16, I8, U64, U32, U16, U8}},
    {ABS, 0x1000, 4, 4, {F32, F16}},
    {ABS, 0x2100, 4, 4, {F32, F16, I32, I16, I8}},
    {ABS, 0x3000, 1, 8, {F32, F16, I32, I16, I8}},
    {ABS, 0x4100, 1, 8, {F32, F16, I64, I32, I16, I8}},
    {NEGATE, 0x5000, 1, 8, {F32, F16, I64, I32, I16, I8}},
    {CEIL, 0x1000, 4, 4, {F32, F16}},
    {CEIL, 0x3000, 1, 8, {F32, F16}},
    {FLOOR, 0x1000, 4, 4, {F32, F16}},
    {FLOOR, 0x3000, 1, 8, {F32, F16}},
    {ROUND, 0x2100, 4, 4, {F32, F16}},
    {ROUND, 0x3000, 1, 8, {F32, F16}},
    {RELU, 0x1000, 4, 4, {F32, F16}},
    {RELU, 0x2000, 4, 5, {F32, F16}},
    {RELU, 0x3000, 1, 8, {F32, F16}},
    {RELU, 0x5100, 1, 8, {F32, F16, I32, I16, I8}},
    {RELU_GRAD, 0x3000, 1, 8, {F32, F16}},
    {MAX, 0x1000, 4, 4, {F32, F16}},
    {MAX, 0x2100, 4, 4, {F32, F16, I32, I16, I8, U32, U16, U8}},
    {MAX, 0x3000, 1, 8, {F32, F16, I32, I16, I8, U32, U16, U8}},
    {MAX, 0x5000, 1, 8, {F32, F16, I64, I32, I16, I8, U64, U32, U16, U8}},
    {MIN, 0x1000, 4, 4, {F32, F16}},
    {MIN, 0x2100, 4, 4, {F32, F16, I32, I16, I8, U32, U16, U8}},
    {MIN, 0x3000, 1, 8, {F32, F16, I32, I16, I8, U32, U16, U8}},
    {MIN, 0x5000, 1, 8, {F32, F16, I64, I32, I16, I8, U64, U32, U16, U8}},
    {DIFFSQ, 0x3100, 1, 8, {F32, F16, I32, U32}},
    {MEAN, 0x1000, 4, 4, {F32, F16}},
    {MEAN, 0x2100, 4, 4, {F32, F16, I32, U32}},
    {MEAN, 0x3000, 1, 8, {F32, F16, I32, U32}},
    {FMOD, 0x2100, 4, 4, {F32, F16, I32, I16, I8, U32, U16, U8}},
    {FMOD, 0x3000, 1, 8, {F32, F16, I32, I16, I8, U32, U16, U8}},
    {FMOD, 0x6000, 1, 8, {F32, F16, I64, I32, I16, I8, U64, U32, U16, U8}},
    {MOD, 0x2100, 4, 4, {F32, F16, I32, I16, I8, U32, U16, U8}},
    {MOD, 0x3000, 1, 8, {F32, F16, I32, I16, I8, U32, U16, U8}},
    {MOD, 0x6000, 1, 8, {F32, F16, I64, I32, I16, I8, U64, U32, U16, U8}},
    {PRELU, 0x1000, 4, 4, {F32, F16}},
    {PRELU, 0x2000, 4, 5, {F32, F16}},
    {PRELU, 0x3000, 1, 8, {F32, F16}},
    {PRELU, 0x5100, 1, 8, {F32, F16, I32, I16, I8}},
    {BIT_AND, 0x3000, 1, 8, {U32, U16, U8}},
    {BIT_AND, 0x4100, 1, 8, {F64, F32, F16, I64, I32, I16, I8, U64, U32, U16, U8}},
    {BIT_OR, 0x3000, 1, 8, {U32, U16, U8}},
    {BIT_OR, 0x4100, 1, 8, {F64, F32, F16, I64, I32, I16, I8, U64, U32, U16, U8}},
    {BIT_XOR, 0x3000, 1, 8, {U32, U16, U8}},
    {BIT_XOR, 0x4100, 1, 8, {F64, F32, F16, I64, I32, I16, I8, U64, U32, U16, U8}},
    {BIT_NOT, 0x3000, 1, 8, {U32, U16, U8}},
    {BIT_NOT, 0x4100, 1, 8, {F64, F32, F16, I64, I32, I16, I8, U64, U32, U16, U8}},
    {BIT_COUNT, 0x3000, 1, 8, {U32, U16, U8}},
    {BIT_COUNT, 0x4100, 1, 8, {F64, F32, F16, I64, I32, I16, I8, U64, U32, U16, U8}},
    {SHL, 0x2100, 4, 4, {U32, U16, U8}},
    {SHL, 0x3000, 1, 8, {U32, U16, U8}},
    {SHL, 0x4100, 1, 8, {U64, U32, U16, U8}},
    {SHR, 0x2100, 4, 4, {U32, U16, U8}},
    {SHR, 0x3000, 1, 8, {U32, U16, U8}},
    {SHR, 0x4100, 1, 8, {U64, U32, U16, U8}},
    {LEAKY_RELU, 0x1000, 4, 4, {F32, F16}},
    {LEAKY_RELU, 0x2000, 4, 5, {F32, F16}},
    {LEAKY_RELU, 0x3000, 1, 8, {F32, F16}},
    {LINEAR, 0x1000, 4, 4, {F32, F16}},
    {LINEAR, 0x2000, 4, 5, {F32, F16}},
    {LINEAR, 0x3000, 1, 8, {F32, F16}},
    {THRESHOLDED_RELU, 0x1000, 4, 4, {F32, F16}},
    {THRESHOLDED_RELU, 0x2000, 4, 5, {F32, F16}},
    {THRESHOLDED_RELU, 0x3000, 1, 8, {F32, F16}},
    {HARD_SIGMOID, 0x1000, 4, 4, {F32, F16}},
    {HARD_SIGMOID, 0x2000, 4, 5, {F32, F16}},
    {HARD_SIGMOID, 0x3000, 1, 8, {F32, F16}},
    {SHRINK, 0x2000, 4, 5, {F32, F16}},
    {SHRINK, 0x3000, 1, 8, {F32, F16}},
    {SHRINK, 0x5100, 1, 8, {F32, F16, I32, I16, I8, U32, U16, U8}},
    {HARD_SWISH, 0x6200, 1, 8, {F32, F16}},
    {THRESHOLD, 0x1000, 4, 4, {F32, F16}},
    {THRESHOLD, 0x2100, 4, 4, {F32, F16, I32, I16, I8, U32, U16, U8}},
    {THRESHOLD, 0x3000, 1, 8, {F32, F16, I32, I16, I8, U32, U16, U8}},
    {CLIP, 0x1000, 4, 4, {F32, F16}},
    {CLIP, 0x2100, 4, 4, {F32, F16, I32, I16, I8, U32, U16, U8}},
    {CLIP, 0x3000, 1, 8, {F32, F16, I32, I16, I8, U32, U16, U8}},
    {CLIP, 0x5000, 1, 8, {F32, F16, I64, I32, I16, I8, U64, U32, U16, U8}},
    {CLIP_GRAD, 0x3100, 1, 8, {F32, F16, I32, I16, I8, U32, U16, U8}},
    {CLIP_GRAD, 0x5000, 1, 8, {F32, F16, I64, I32, I16, I8, U64, U32, U16, U8}},
    {CLIP1, 0x5000, 1, 8, {F32, F16, I64, I32, I16, I8, U64, U32, U16, U8}},
    {CLIP_GRAD1, 0x5000, 1, 8, {F32, F16, I64, I32, I16, I8, U64, U32, U16, U8}},
    {RECIP, 0x1000, 4, 4, {F32, F16}},
    {RECIP, 0x3000, 1, 8, {F32, F16}},
    {SQRT, 0x1000, 4, 4, {F32, F16}},
    {SQRT, 0x3000, 1, 8, {F32, F16}},
    {EXP, 0x1000, 4, 4, {F32, F16}},
    {EXP, 0x3000, 1, 8, {F32, F16}},
    {ELU, 0x1000, 4, 4, {F32, F16}},
    {ELU, 0x2000, 4, 5, {F32, F16}},
    {ELU, 0x3000, 1, 8, {F32, F16}},
    {SELU, 0x1000, 4, 4, {F32, F16}},
    {SELU, 0x2000, 4, 5, {F32, F16}},
    {SELU, 0x3000, 1, 8, {F32, F16}},
    {CELU, 0x3000, 1, 8, {F32, F16}},
    {LOG, 0x1000, 4, 4, {F32, F16}},
    {LOG, 0x3000, 1, 8, {F32, F16}},
    {POW, 0x1000, 4, 4, {F32, F16}},
    {POW, 0x3000, 1, 8, {F32, F16}},
    {CONSTANT_POW, 0x1000, 4, 4, {F32, F16}},
    {CONSTANT_POW, 0x3000, 1, 8, {F32, F16}},
    {ERF, 0x2000, 4, 4, {F32, F16}},
    {ERF, 0x3000, 1, 8, {F32, F16}},
    {GELU, 0x5100, 1, 8, {F32, F16}},
    {MISH, 0x5100, 1, 8, {F32, F16}},
    {GELU_TANH, 0x5100, 1, 8, {F32, F16}},
    {ACT_IDENTITY, 0x1000, 4, 4, {F32, F16}},
    {ACT_IDENTITY, 0x2000, 4, 5, {F32, F16}},
    {ACT_IDENTITY, 0x3000, 1, 8, {F32, F16}},
    {SIGMOID, 0x1000, 4, 4, {F32, F16}},
    {SIGMOID, 0x2000, 4, 5, {F32, F16}},
    {SIGMOID, 0x3000, 1, 8, {F32, F16}},
    {ACT_TANH, 0x1000, 4, 4, {F32, F16}},
    {ACT_TANH, 0x2000, 4, 5, {F32, F16}},
    {ACT_TANH, 0x3000, 1, 8, {F32, F16}},
    {EW_TANH, 0x2000, 4, 4, {F32, F16}},
    {EW_TANH, 0x3000, 1, 8, {F32, F16}},
    {SCALED_TANH, 0x1000, 4, 4, {F32, F16}},
    {SCALED_TANH, 0x2000, 4, 5, {F32, F16}},
    {SCALED_TANH, 0x3000, 1, 8, {F32, F16}},
    {SWISH, 0x6200, 1, 8, {F32, F16}},
    {SOFTPLUS, 0x1000, 4, 4, {F32, F16}},
    {SOFTPLUS, 0x2000, 4, 5, {F32, F16}},
    {SOFTPLUS, 0x3000, 1, 8, {F32, F16}},
    {PSOFTPLUS, 0x1000, 4, 4, {F32, F16}},
    {PSOFTPLUS, 0x2000, 4, 5, {F32, F16}},
    {PSOFTPLUS, 0x3000, 1, 8, {F32, F16}},
    {ADD, 0x1000, 4, 5, {F32, F16}},
    {ADD, 0x2100, 4, 5, {F32, F16, I32, U32}},
    {ADD, 0x3000, 1, 8, {F32, F16, I32, U32}},
    {ADD, 0x4100, 1, 8, {F32, F16, I64, I32, U64, U32}},
    {ADD, 0x5100, 1, 8, {F32, F16, I64, I32, I16, I8, U64, U32, U16, U8}},
    {ADD1, 0x2000, 4, 5, {F32, F16}},
    {ADD1, 0x3000, 1, 8, {F32, F16}},
    {SUBTRACT, 0x1000, 4, 5, {F32, F16}},
    {SUBTRACT, 0x2100, 4, 5, {F32, F16, I32, U32}},
    {SUBTRACT, 0x3000, 1, 8, {F32, F16, I32, U32}},
    {SUBTRACT, 0x4100, 1, 8, {F32, F16, I64, I32, U64, U32}},
    {SUBTRACT, 0x5100, 1, 8, {F32, F16, I64, I32, I16, I8, U64, U32, U16, U8}},
    {MULTIPLY, 0x1000, 4, 5, {F32, F16}},
    {MULTIPLY, 0x2100, 4, 5, {F32, F16, I32, U32}},
    {MULTIPLY, 0x3000, 1, 8, {F32, F16, I32, U32}},
    {MULTIPLY, 0x4100, 1, 8, {F32, F16, I64, I32, U64, U32}},
    {MULTIPLY, 0x5100, 1, 8, {F32, F16, I64, I32, I16, I8, U64, U32, U16, U8}},
    {DIVIDE, 0x1000, 4, 4, {F32, F16}},
    {DIVIDE, 0x2100, 4, 4, {F32, F16, I32, U32}},
    {DIVIDE, 0x3000, 1, 8, {F32, F16, I32, U32}},
    {DIVIDE, 0x5100, 1, 8, {F32, F16, I32, I16, I8, U32, U16, U8}},
    {DIVIDE, 0x6000, 1, 8, {F32, F16, I64, I32, I16, I8, U64, U32, U16, U8}},
    {CAST, 0x1000, 4, 4, {F32, F16, I16, I8, U16, U8}},
    {CAST, 0x3000, 4, 4, {F32, F16, I64, I32, I16, I8, U64, U32, U16, U8}},
    {CAST, 0x3100, 1, 8, {F32, F16, I64, I32, I16, I8, U64, U32, U16, U8}},
    {CAST, 0x4100, 1, 8, {F64, F32, F16, I64, I32, I16, I8, U64, U32, U16, U8}},
    {GREATER, 0x1000, 4, 4, {F32, F16}},
    {GREATER, 0x2100, 4, 4, {F32, F16, I32, I16, I8, U32, U16, U8}},
    {GREATER, 0x3000, 1, 8, {F32, F16, I32, I16, I8, U32, U16, U8}},
    {GREATER, 0x4100, 1, 8, {F32, F16, I64, I32, I16, I8, U64, U32, U16, U8}},
    {EQUALS, 0x1000, 4, 4, {F32, F16}},
    {EQUALS, 0x2100, 4, 4, {F32, F16, I32, I16, I8, U32, U16, U8}},
    {EQUALS, 0x3000, 1, 8, {F32, F16, I32, I16, I8, U32, U16, U8}},
    {EQUALS, 0x4100, 1, 8, {F32, F16, I64, I32, I16, I8, U64, U32, U16, U8}},
    {LESS_EQUAL, 0x3000, 1, 8, {F32, F16, I32, I16, I8, U32, U16, U8}},
    {LESS_EQUAL, 0x4100, 1, 8, {F32, F16, I64, I32, I16, I8, U64, U32, U16, U8}},
    {GREATER_EQUAL, 0x3000, 1, 8, {F32, F16, I32, I16, I8, U32, U16, U8}},
    {GREATER_EQUAL, 0x4100, 1, 8, {F32, F16, I64, I32, I16, I8, U64, U32, U16, U8}},
    {LESS, 0x1000, 4, 4, {F32, F16}},
    {LESS, 0x2100, 4, 4, {F32, F16, I32, I16, I8, U32, U16, U8}},
    {LESS, 0x3000, 1, 8, {F32, F16, I32, I16, I8, U32, U16, U8}},
    {LESS, 0x4100, 1, 8, {F32, F16, I64, I32, I16, I8, U64, U32, U16, U8}},
    {AND, 0x1000, 4, 4, {U32}},
    {AND, 0x2000, 4, 4, {U32, U8}},
    {AND, 0x3000, 1, 8, {U32, U8}},
    {OR, 0x1000, 4, 4, {U32}},
    {OR, 0x2000, 4, 4, {U32, U8}},
    {OR, 0x3000, 1, 8, {U32, U8}},
    {XOR, 0x1000, 4, 4, {U32}},
    {XOR, 0x2000, 4, 4, {U32, U8}},
    {XOR, 0x3000, 1, 8, {U32, U8}},
    {NOT, 0x1000, 4, 4, {U32}},
    {NOT, 0x2000, 4, 4, {U32, U8}},
    {NOT, 0x3000, 1, 8, {U32, U8}},
    {ISNAN, 0x2000, 4, 4, {F32, F16}},
    {ISNAN, 0x3000, 1, 8, {F32, F16}},
    {IF, 0x2000, 4, 4, {F16}},
    {IF, 0x3000, 1, 8, {F32, F16, I32, I16, I8, U32, U16, U8}},
    {IF, 0x5000, 1, 8, {F64, F32, F16, I64, I32, I16, I8, U64, U32, U16, U8}},
    {SINH, 0x2000, 4, 4, {F32, F16}},
    {SINH, 0x3000, 1, 8, {F32, F16}},
    {COSH, 0x2000, 4, 4, {F32, F16}},
    {COSH, 0x3000, 1, 8, {F32, F16}},
    {ASINH, 0x2000, 4, 4, {F32, F16}},
    {ASINH, 0x3000, 1, 8, {F32, F16}},
    {ACOSH, 0x2000, 4, 4, {F32, F16}},
    {ACOSH, 0x3000, 1, 8, {F32, F16}},
    {ATANH, 0x2000, 4, 4, {F32, F16}},
    {ATANH, 0x3000, 1, 8, {F32, F16}},
    {ATAN, 0x1000, 4, 4, {F32, F16}},
    {ATAN, 0x3000, 1, 8, {F32, F16}},
    {ASIN, 0x1000, 4, 4, {F32, F16}},
    {ASIN, 0x3000, 1, 8, {F32, F16}},
    {ACOS, 0x1000, 4, 4, {F32, F16}},
    {ACOS, 0x3000, 1, 8, {F32, F16}},
    {ATAN_YX, 0x3100, 1, 8, {F32, F16}},
    {SOFTMAX, 0x1000, 4, 4, {F32, F16}},
    {SOFTMAX, 0x2000, 4, 5, {F32, F16}},
    {SOFTMAX, 0x3000, 1, 8, {F32, F16}},
    {LOG_SOFTMAX, 0x1000, 4, 4, {F32, F16}},
    {LOG_SOFTMAX, 0x2000, 4, 5, {F32, F16}},
    {LOG_SOFTMAX, 0x3000, 1, 8, {F32, F16}},
    {HARDMAX, 0x1000, 4, 4, {F32, F16}},
    {HARDMAX, 0x2000, 4, 5, {F32, F16}},
    {HARDMAX, 0x3000, 1, 8, {F32, F16}},
    {SOFTMAX1, 0x5100, 1, 8, {F32, F16}},
    {LOG_SOFTMAX1, 0x5100, 1, 8, {F32, F16}},
    {HARDMAX1, 0x5100, 1, 8, {F32, F16}},
    {SIN, 0x1000, 4, 4, {F32, F16}},
    {SIN, 0x3000, 1, 8, {F32, F16}},
    {COS, 0x1000, 4, 4, {F32, F16}},
    {COS, 0x3000, 1, 8, {F32, F16}},
    {TAN, 0x1000, 4, 4, {F32, F16}},
    {TAN, 0x3000, 1, 8, {F32, F16}},
};

/* docs/validation.md: the output types of the operators whose output has types of its own
   (the comparisons), whatever the inputs' type; from `level` on, until the operator's next
   row. */
static const struct {
    DML_OPERATOR_TYPE op;
    uint32_t level;
    DML_TENSOR_DATA_TYPE types[4];
} expected_own_outputs[] = {
    {GREATER, 0x1000, {U32}},
    {GREATER, 0x2000, {U32, U8}},
    {EQUALS, 0x1000, {U32}},
    {EQUALS, 0x2000, {U32, U8}},
    {LESS_EQUAL, 0x3000, {U32, U8}},
    {GREATER_EQUAL, 0x3000, {U32, U8}},
    {LESS, 0x1000, {U32}},
    {LESS, 0x2000, {U32, U8}},
    {ISNAN, 0x2000, {U32, U8}},
    {BIT_COUNT, 0x3000, {U32, U8}},
};

/* docs/validation.md: added input types with DMLP_DEVICE_FLAG_EXTENSIONS. */
static const struct {
    DML_OPERATOR_TYPE op;
    DML_TENSOR_DATA_TYPE types[8];
} expected_extensions[] = {
    {SIGN, {F64, BF16}},
    {SOFTSIGN, {F64, BF16}},
    {ISINF, {F64, BF16, E4M3FN, E4M3FNUZ, E5M2, E5M2FNUZ}},
    {IDENTITY, {BF16, E4M3FN, E4M3FNUZ, E5M2, E5M2FNUZ}},
    {ABS, {F64, BF16, U8, U16, U32, U64}},
    {NEGATE, {F64, BF16}},
    {ADD, {F64, BF16}},
    {ADD1, {F64, BF16}},
    {SUBTRACT, {F64, BF16}},
    {MULTIPLY, {F64, BF16}},
    {DIVIDE, {F64, BF16}},
    {CAST, {BF16, E4M3FN, E4M3FNUZ, E5M2, E5M2FNUZ}},
    {GREATER, {F64, BF16}},
    {EQUALS, {F64, BF16}},
    {LESS_EQUAL, {F64, BF16}},
    {GREATER_EQUAL, {F64, BF16}},
    {LESS, {F64, BF16}},
    {CEIL, {F64, BF16}},
    {FLOOR, {F64, BF16}},
    {ROUND, {F64, BF16}},
    {RELU, {F64, BF16, I64}},
    {RELU_GRAD, {F64, BF16}},
    {MAX, {F64, BF16}},
    {MIN, {F64, BF16}},
    {DIFFSQ, {F64, BF16}},
    {MEAN, {F64, BF16}},
    {FMOD, {F64, BF16}},
    {MOD, {F64, BF16}},
    {PRELU, {F64, BF16, I64, U32, U64}},
    {ISNAN, {F64, BF16, E4M3FN, E4M3FNUZ, E5M2, E5M2FNUZ}},
    {LEAKY_RELU, {F64, BF16}},
    {LINEAR, {F64, BF16}},
    {THRESHOLDED_RELU, {F64, BF16}},
    {HARD_SIGMOID, {F64, BF16}},
    {SHRINK, {F64, BF16}},
    {HARD_SWISH, {F64, BF16}},
    {THRESHOLD, {F64, BF16}},
    {CLIP, {F64, BF16}},
    {CLIP_GRAD, {F64, BF16}},
    {CLIP1, {F64, BF16}},
    {CLIP_GRAD1, {F64, BF16}},
    {RECIP, {F64, BF16}},
    {SQRT, {F64, BF16}},
    {EXP, {F64, BF16}},
    {ELU, {F64, BF16}},
    {SELU, {F64, BF16}},
    {CELU, {F64, BF16}},
    {LOG, {F64, BF16}},
    {POW, {F64, BF16}},
    {CONSTANT_POW, {F64, BF16}},
    {ERF, {F64, BF16}},
    {GELU, {F64, BF16}},
    {MISH, {F64, BF16}},
    {GELU_TANH, {F64, BF16}},
    {ACT_IDENTITY, {F64, BF16}},
    {SIGMOID, {F64, BF16}},
    {ACT_TANH, {F64, BF16}},
    {EW_TANH, {F64, BF16}},
    {SCALED_TANH, {F64, BF16}},
    {SWISH, {F64, BF16}},
    {SOFTPLUS, {F64, BF16}},
    {PSOFTPLUS, {F64, BF16}},
    {IF, {BF16}},
    {SINH, {F64, BF16}},
    {COSH, {F64, BF16}},
    {ASINH, {F64, BF16}},
    {ACOSH, {F64, BF16}},
    {ATANH, {F64, BF16}},
    {ATAN, {F64, BF16}},
    {ASIN, {F64, BF16}},
    {ACOS, {F64, BF16}},
    {ATAN_YX, {F64, BF16}},
    {SOFTMAX, {F64, BF16}},
    {LOG_SOFTMAX, {F64, BF16}},
    {HARDMAX, {F64, BF16}},
    {SOFTMAX1, {F64, BF16}},
    {LOG_SOFTMAX1, {F64, BF16}},
    {HARDMAX1, {F64, BF16}},
    {SIN, {F64, BF16}},
    {COS, {F64, BF16}},
    {TAN, {F64, BF16}},
};

static const struct {
    DML_OPERATOR_TYPE op;
    const char *name;
    uint32_t introduced;
    const char *introduced_name;
} expected_ops[] = {
    {SIGN, "ELEMENT_WISE_SIGN", 0x2000, "2_0"},
    {SOFTSIGN, "ACTIVATION_SOFTSIGN", 0x1000, "1_0"},
    {ISINF, "ELEMENT_WISE_IS_INFINITY", 0x2100, "2_1"},
    {IDENTITY, "ELEMENT_WISE_IDENTITY", 0x1000, "1_0"},
    {ABS, "ELEMENT_WISE_ABS", 0x1000, "1_0"},
    {NEGATE, "ELEMENT_WISE_NEGATE", 0x5000, "5_0"},
    {ADD, "ELEMENT_WISE_ADD", 0x1000, "1_0"},
    {ADD1, "ELEMENT_WISE_ADD1", 0x2000, "2_0"},
    {SUBTRACT, "ELEMENT_WISE_SUBTRACT", 0x1000, "1_0"},
    {MULTIPLY, "ELEMENT_WISE_MULTIPLY", 0x1000, "1_0"},
    {DIVIDE, "ELEMENT_WISE_DIVIDE", 0x1000, "1_0"},
    {CAST, "CAST", 0x1000, "1_0"},
    {GREATER, "ELEMENT_WISE_LOGICAL_GREATER_THAN", 0x1000, "1_0"},
    {AND, "ELEMENT_WISE_LOGICAL_AND", 0x1000, "1_0"},
    {OR, "ELEMENT_WISE_LOGICAL_OR", 0x1000, "1_0"},
    {XOR, "ELEMENT_WISE_LOGICAL_XOR", 0x1000, "1_0"},
    {NOT, "ELEMENT_WISE_LOGICAL_NOT", 0x1000, "1_0"},
    {CEIL, "ELEMENT_WISE_CEIL", 0x1000, "1_0"},
    {FLOOR, "ELEMENT_WISE_FLOOR", 0x1000, "1_0"},
    {ROUND, "ELEMENT_WISE_ROUND", 0x2100, "2_1"},
    {RELU, "ACTIVATION_RELU", 0x1000, "1_0"},
    {RELU_GRAD, "ACTIVATION_RELU_GRAD", 0x3000, "3_0"},
    {MAX, "ELEMENT_WISE_MAX", 0x1000, "1_0"},
    {MIN, "ELEMENT_WISE_MIN", 0x1000, "1_0"},
    {DIFFSQ, "ELEMENT_WISE_DIFFERENCE_SQUARE", 0x3100, "3_1"},
    {MEAN, "ELEMENT_WISE_MEAN", 0x1000, "1_0"},
    {FMOD, "ELEMENT_WISE_MODULUS_TRUNCATE", 0x2100, "2_1"},
    {MOD, "ELEMENT_WISE_MODULUS_FLOOR", 0x2100, "2_1"},
    {PRELU, "ACTIVATION_PARAMETERIZED_RELU", 0x1000, "1_0"},
    {EQUALS, "ELEMENT_WISE_LOGICAL_EQUALS", 0x1000, "1_0"},
    {LESS_EQUAL, "ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL", 0x3000, "3_0"},
    {GREATER_EQUAL, "ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL", 0x3000, "3_0"},
    {LESS, "ELEMENT_WISE_LOGICAL_LESS_THAN", 0x1000, "1_0"},
    {ISNAN, "ELEMENT_WISE_IS_NAN", 0x2000, "2_0"},
    {BIT_AND, "ELEMENT_WISE_BIT_AND", 0x3000, "3_0"},
    {BIT_OR, "ELEMENT_WISE_BIT_OR", 0x3000, "3_0"},
    {BIT_XOR, "ELEMENT_WISE_BIT_XOR", 0x3000, "3_0"},
    {BIT_NOT, "ELEMENT_WISE_BIT_NOT", 0x3000, "3_0"},
    {BIT_COUNT, "ELEMENT_WISE_BIT_COUNT", 0x3000, "3_0"},
    {SHL, "ELEMENT_WISE_BIT_SHIFT_LEFT", 0x2100, "2_1"},
    {SHR, "ELEMENT_WISE_BIT_SHIFT_RIGHT", 0x2100, "2_1"},
    {LEAKY_RELU, "ACTIVATION_LEAKY_RELU", 0x1000, "1_0"},
    {LINEAR, "ACTIVATION_LINEAR", 0x1000, "1_0"},
    {THRESHOLDED_RELU, "ACTIVATION_THRESHOLDED_RELU", 0x1000, "1_0"},
    {HARD_SIGMOID, "ACTIVATION_HARD_SIGMOID", 0x1000, "1_0"},
    {SHRINK, "ACTIVATION_SHRINK", 0x2000, "2_0"},
    {HARD_SWISH, "ACTIVATION_HARD_SWISH", 0x6200, "6_2"},
    {THRESHOLD, "ELEMENT_WISE_THRESHOLD", 0x1000, "1_0"},
    {CLIP, "ELEMENT_WISE_CLIP", 0x1000, "1_0"},
    {CLIP_GRAD, "ELEMENT_WISE_CLIP_GRAD", 0x3100, "3_1"},
    {CLIP1, "ELEMENT_WISE_CLIP1", 0x5000, "5_0"},
    {CLIP_GRAD1, "ELEMENT_WISE_CLIP_GRAD1", 0x5000, "5_0"},
    {RECIP, "ELEMENT_WISE_RECIP", 0x1000, "1_0"},
    {SQRT, "ELEMENT_WISE_SQRT", 0x1000, "1_0"},
    {EXP, "ELEMENT_WISE_EXP", 0x1000, "1_0"},
    {ELU, "ACTIVATION_ELU", 0x1000, "1_0"},
    {SELU, "ACTIVATION_SCALED_ELU", 0x1000, "1_0"},
    {CELU, "ACTIVATION_CELU", 0x3000, "3_0"},
    {LOG, "ELEMENT_WISE_LOG", 0x1000, "1_0"},
    {POW, "ELEMENT_WISE_POW", 0x1000, "1_0"},
    {CONSTANT_POW, "ELEMENT_WISE_CONSTANT_POW", 0x1000, "1_0"},
    {ERF, "ELEMENT_WISE_ERF", 0x2000, "2_0"},
    {GELU, "ACTIVATION_GELU", 0x5100, "5_1"},
    {MISH, "ACTIVATION_MISH", 0x5100, "5_1"},
    {GELU_TANH, "ACTIVATION_GELU_TANH", 0x5100, "5_1"},
    {ACT_IDENTITY, "ACTIVATION_IDENTITY", 0x1000, "1_0"},
    {SIGMOID, "ACTIVATION_SIGMOID", 0x1000, "1_0"},
    {ACT_TANH, "ACTIVATION_TANH", 0x1000, "1_0"},
    {EW_TANH, "ELEMENT_WISE_TANH", 0x2000, "2_0"},
    {SCALED_TANH, "ACTIVATION_SCALED_TANH", 0x1000, "1_0"},
    {SWISH, "ACTIVATION_SWISH", 0x6200, "6_2"},
    {SOFTPLUS, "ACTIVATION_SOFTPLUS", 0x1000, "1_0"},
    {PSOFTPLUS, "ACTIVATION_PARAMETRIC_SOFTPLUS", 0x1000, "1_0"},
    {IF, "ELEMENT_WISE_IF", 0x2000, "2_0"},
    {SINH, "ELEMENT_WISE_SINH", 0x2000, "2_0"},
    {COSH, "ELEMENT_WISE_COSH", 0x2000, "2_0"},
    {ASINH, "ELEMENT_WISE_ASINH", 0x2000, "2_0"},
    {ACOSH, "ELEMENT_WISE_ACOSH", 0x2000, "2_0"},
    {ATANH, "ELEMENT_WISE_ATANH", 0x2000, "2_0"},
    {ATAN, "ELEMENT_WISE_ATAN", 0x1000, "1_0"},
    {SOFTMAX, "ACTIVATION_SOFTMAX", 0x1000, "1_0"},
    {LOG_SOFTMAX, "ACTIVATION_LOG_SOFTMAX", 0x1000, "1_0"},
    {HARDMAX, "ACTIVATION_HARDMAX", 0x1000, "1_0"},
    {SOFTMAX1, "ACTIVATION_SOFTMAX1", 0x5100, "5_1"},
    {LOG_SOFTMAX1, "ACTIVATION_LOG_SOFTMAX1", 0x5100, "5_1"},
    {HARDMAX1, "ACTIVATION_HARDMAX1", 0x5100, "5_1"},
    {ASIN, "ELEMENT_WISE_ASIN", 0x1000, "1_0"},
    {ACOS, "ELEMENT_WISE_ACOS", 0x1000, "1_0"},
    {ATAN_YX, "ELEMENT_WISE_ATAN_YX", 0x3100, "3_1"},
    {SIN, "ELEMENT_WISE_SIN", 0x1000, "1_0"},
    {COS, "ELEMENT_WISE_COS", 0x1000, "1_0"},
    {TAN, "ELEMENT_WISE_TAN", 0x1000, "1_0"},
};

/* The two-input operators name their first input ATensor. */
static bool two_inputs(DML_OPERATOR_TYPE op)
{
    return op == ADD || op == ADD1 || op == SUBTRACT || op == MULTIPLY || op == DIVIDE ||
           op == GREATER || op == AND || op == OR || op == MAX || op == MIN ||
           op == DIFFSQ || op == FMOD || op == MOD || op == MEAN || op == EQUALS || op == XOR ||
           op == LESS_EQUAL || op == GREATER_EQUAL || op == LESS || op == BIT_AND ||
           op == BIT_OR || op == BIT_XOR || op == SHL || op == SHR || op == ATAN_YX;
}

/* The operators whose output types are their own (expected_own_outputs). */
static bool own_outputs(DML_OPERATOR_TYPE op)
{
    return op == GREATER || op == EQUALS || op == LESS_EQUAL || op == GREATER_EQUAL || op == LESS ||
           op == ISNAN || op == BIT_COUNT;
}

static const struct {
    uint32_t level;
    const char *name;
} named_levels[] = {
    {0x1000, "1_0"}, {0x2000, "2_0"}, {0x2100, "2_1"}, {0x3000, "3_0"}, {0x3100, "3_1"},
    {0x4000, "4_0"}, {0x4100, "4_1"}, {0x5000, "5_0"}, {0x5100, "5_1"}, {0x5200, "5_2"},
    {0x6000, "6_0"}, {0x6100, "6_1"}, {0x6200, "6_2"}, {0x6300, "6_3"}, {0x6400, "6_4"},
};

/* Values between and beyond the named rows; each uses the row below it. */
static const uint32_t between_levels[] = {0x1001, 0x1fff, 0x2050, 0x20ff, 0x2101, 0x2fff,
                                          0x30ff, 0x40ff, 0x4101, 0x6401, 0x7000, 0xffffffff};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Equality of two integers, with a context string and both values shown on failure. */
#define CHECK_U64(actual, expected, ctx)                                                    \
    do {                                                                                    \
        uint64_t a2_ = (uint64_t)(actual), e2_ = (uint64_t)(expected);                      \
        CHECK(a2_ == e2_, "%s: %s is 0x%" PRIx64 ", expected 0x%" PRIx64, (ctx), #actual,   \
              a2_, e2_);                                                                    \
    } while (0)

static const expected_row *expected_row_at(DML_OPERATOR_TYPE op, uint32_t level)
{
    const expected_row *found = NULL;
    for (size_t i = 0; i < COUNT(expected_rows); i++)
        if (expected_rows[i].op == op && expected_rows[i].level <= level)
            found = &expected_rows[i]; /* rows ascend, so the last match is in force */
    return found;
}

static bool expected_type(DML_OPERATOR_TYPE op, const expected_row *row, bool extensions,
                          DML_TENSOR_DATA_TYPE type)
{
    for (size_t t = 0; t < COUNT(row->types) && row->types[t]; t++)
        if (row->types[t] == type)
            return true;
    if (extensions)
        for (size_t i = 0; i < COUNT(expected_extensions); i++)
            for (size_t t = 0; t < COUNT(expected_extensions[i].types); t++)
                if (expected_extensions[i].op == op && expected_extensions[i].types[t] == type)
                    return true;
    return false;
}

static size_t expected_type_count(DML_OPERATOR_TYPE op, const expected_row *row, bool extensions)
{
    size_t n = 0;
    for (size_t i = 0; i < COUNT(all_types); i++)
        n += expected_type(op, row, extensions, all_types[i]);
    return n;
}

/* QuantizeLinear and DequantizeLinear: three inputs with types of their own, walked by
   check_quantization below rather than by the one-type fixtures. */
#define QUANTIZE DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR
#define DEQUANTIZE DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR
static const struct {
    DML_OPERATOR_TYPE op;
    const char *name;
} quantization_ops[] = {
    {QUANTIZE, "ELEMENT_WISE_QUANTIZE_LINEAR"},
    {DEQUANTIZE, "ELEMENT_WISE_DEQUANTIZE_LINEAR"},
};

/* QuantizedLinearAdd: eight inputs, walked by check_quantized_add. */
#define QLADD DML_OPERATOR_ELEMENT_WISE_QUANTIZED_LINEAR_ADD

static const char *expected_name(DML_OPERATOR_TYPE op)
{
    if (op == QLADD)
        return "ELEMENT_WISE_QUANTIZED_LINEAR_ADD";
    for (size_t i = 0; i < COUNT(expected_ops); i++)
        if (expected_ops[i].op == op)
            return expected_ops[i].name;
    for (size_t i = 0; i < COUNT(quantization_ops); i++)
        if (quantization_ops[i].op == op)
            return quantization_ops[i].name;
    return "?";
}

/* A well-formed descriptor of dims axes of size 2, packed, buffers sized exactly. */
typedef struct fixture {
    uint32_t sizes[10];
    DML_BUFFER_TENSOR_DESC in_buffer, out_buffer;
    DML_TENSOR_DESC in_tensor, out_tensor;
    DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC op_desc;
    DML_ELEMENT_WISE_SIGN_OPERATOR_DESC sign_desc;
    DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC softsign_desc;
    DML_ELEMENT_WISE_ADD1_OPERATOR_DESC binary_desc; /* A and B the same tensor */
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity_desc; /* Identity, Abs: ScaleBias NULL */
    DML_ELEMENT_WISE_CLIP_OPERATOR_DESC clip_desc; /* Threshold, Clip: ScaleBias NULL */
    DML_ELEMENT_WISE_CLIP_GRAD_OPERATOR_DESC clip_grad_desc; /* the input twice */
    DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC clip1_desc; /* MinMaxDataType the output's */
    DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC clip_grad1_desc;
    DML_ACTIVATION_LINEAR_OPERATOR_DESC float_desc; /* the activations with FLOAT members */
    DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC constant_pow_desc; /* ScaleBias NULL */
    DML_BUFFER_TENSOR_DESC cond_buffer; /* If: a UINT8 condition of the input's sizes */
    DML_TENSOR_DESC cond_tensor;
    DML_ELEMENT_WISE_IF_OPERATOR_DESC if_desc; /* If: A and B the same tensor */
    uint32_t axes[1];
    DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC axes_desc; /* Softmax1 ...: the last axis */
    DML_OPERATOR_DESC desc;
} fixture;

static uint32_t size_of(DML_TENSOR_DATA_TYPE type)
{
    switch (type) {
    case F64: case I64: case U64: return 8;
    case F32: case I32: case U32: return 4;
    case F16: case BF16: case I16: case U16: return 2;
    default: return 1;
    }
}

static void fixture_init(fixture *f, DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type,
                         uint32_t dims)
{
    memset(f, 0, sizeof *f);
    for (size_t i = 0; i < COUNT(f->sizes); i++)
        f->sizes[i] = 2;
    uint64_t elements = (uint64_t)1 << dims;
    if (ROWS_2D(op) && dims > 2) { /* effective rank 2: the leading axes of size 1 */
        for (uint32_t i = 0; i + 2 < dims; i++)
            f->sizes[i] = 1;
        elements = 4;
    }
    /* the comparisons: UINT32, an output type of every level */
    DML_TENSOR_DATA_TYPE out_type = op == ISINF ? U8 : own_outputs(op) ? U32 : type;
    f->in_buffer = (DML_BUFFER_TENSOR_DESC){type, DML_TENSOR_FLAG_NONE, dims, f->sizes, NULL,
                                            (elements * size_of(type) + 3) & ~3ull, 0};
    f->out_buffer = (DML_BUFFER_TENSOR_DESC){out_type, DML_TENSOR_FLAG_NONE, dims, f->sizes,
                                             NULL, (elements * size_of(out_type) + 3) & ~3ull, 0};
    f->in_tensor = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &f->in_buffer};
    f->out_tensor = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &f->out_buffer};
    f->desc.Type = op;
    if (ROWS_AXES(op)) { /* the tensors, AxisCount 1, Axes {the last} */
        f->axes[0] = dims ? dims - 1 : 0;
        f->axes_desc = (DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC){&f->in_tensor, &f->out_tensor, 1,
                                                                f->axes};
        f->desc.Desc = &f->axes_desc;
    } else if (op == SIGN || op == NOT || op == ISNAN || op == GELU || EXTENSION_OP(op) ||
               ROWS_2D(op)) { /* Sign's layout: InputTensor, OutputTensor */
        f->sign_desc = (DML_ELEMENT_WISE_SIGN_OPERATOR_DESC){&f->in_tensor, &f->out_tensor};
        f->desc.Desc = &f->sign_desc;
    } else if (op == IDENTITY || op == ABS || op == CEIL || op == FLOOR ||
               op == RECIP || op == SQRT || op == EXP || op == EW_TANH || op == LOG ||
               op == ERF || op == ATAN || op == ASIN || op == ACOS || op == SIN || op == COS ||
               op == TAN || op == SINH || op == COSH || op == ASINH || op == ACOSH ||
               op == ATANH) {
        /* Identity's layout: a NULL ScaleBias pointer */
        f->identity_desc = (DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC){&f->in_tensor, &f->out_tensor,
                                                                     NULL};
        f->desc.Desc = &f->identity_desc;
    } else if (op == CONSTANT_POW) {
        f->constant_pow_desc = (DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC){
            &f->in_tensor, &f->out_tensor, NULL, 2.0f};
        f->desc.Desc = &f->constant_pow_desc;
    } else if (two_inputs(op) || op == PRELU || op == RELU_GRAD || op == POW) {
        /* PRelu: InputTensor, SlopeTensor; ReluGrad: InputTensor, InputGradientTensor */
        f->binary_desc = (DML_ELEMENT_WISE_ADD1_OPERATOR_DESC){&f->in_tensor, &f->in_tensor,
                                                               &f->out_tensor, NULL};
        f->desc.Desc = &f->binary_desc;
    } else if (op == CLIP_GRAD) { /* InputTensor, InputGradientTensor, then the bounds */
        f->clip_grad_desc = (DML_ELEMENT_WISE_CLIP_GRAD_OPERATOR_DESC){
            &f->in_tensor, &f->in_tensor, &f->out_tensor, -1.0f, 1.0f};
        f->desc.Desc = &f->clip_grad_desc;
    } else if (op == CLIP1) { /* a NULL ScaleBias, the type and zero bounds */
        f->clip1_desc = (DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC){
            &f->in_tensor, &f->out_tensor, NULL, out_type, {{0}}, {{0}}};
        f->desc.Desc = &f->clip1_desc;
    } else if (op == CLIP_GRAD1) {
        f->clip_grad1_desc = (DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC){
            &f->in_tensor, &f->in_tensor, &f->out_tensor, out_type, {{0}}, {{0}}};
        f->desc.Desc = &f->clip_grad1_desc;
    } else if (op == THRESHOLD || op == CLIP) {
        /* Clip's layout (Threshold's is its prefix): a NULL ScaleBias, then the bounds */
        f->clip_desc = (DML_ELEMENT_WISE_CLIP_OPERATOR_DESC){&f->in_tensor, &f->out_tensor, NULL,
                                                             -1.0f, 1.0f};
        f->desc.Desc = &f->clip_desc;
    } else if (op == LEAKY_RELU || op == LINEAR || op == THRESHOLDED_RELU ||
               op == HARD_SIGMOID || op == SHRINK || op == HARD_SWISH || op == ELU ||
               op == SELU || op == CELU || op == SCALED_TANH ||
               op == SWISH || op == SOFTPLUS || op == PSOFTPLUS) {
        /* Linear's layout: the tensors, then two FLOAT members (the others' prefix) */
        f->float_desc = (DML_ACTIVATION_LINEAR_OPERATOR_DESC){&f->in_tensor, &f->out_tensor,
                                                               0.5f, 0.25f};
        f->desc.Desc = &f->float_desc;
    } else if (op == IF) { /* ConditionTensor (UINT8), ATensor, BTensor, OutputTensor */
        f->cond_buffer = (DML_BUFFER_TENSOR_DESC){U8, DML_TENSOR_FLAG_NONE, dims, f->sizes, NULL,
                                                  (elements + 3) & ~3ull, 0};
        f->cond_tensor = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &f->cond_buffer};
        f->if_desc = (DML_ELEMENT_WISE_IF_OPERATOR_DESC){&f->cond_tensor, &f->in_tensor,
                                                         &f->in_tensor, &f->out_tensor};
        f->desc.Desc = &f->if_desc;
    } else if (op == SOFTSIGN || op == ACT_IDENTITY || op == SIGMOID || op == ACT_TANH) {
        /* Softsign's layout: two tensors */
        f->softsign_desc = (DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC){&f->in_tensor, &f->out_tensor};
        f->desc.Desc = &f->softsign_desc;
    } else { /* IsInfinity's layout; Round's too, RoundingMode HALVES_TO_NEAREST_EVEN */
        f->op_desc = (DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC){&f->in_tensor, &f->out_tensor,
                                                                  DML_IS_INFINITY_MODE_EITHER};
        f->desc.Desc = &f->op_desc;
    }
}

/* Every operator x type x dimension count 0..9 at one level, with and without extensions. */
static void walk_level(uint32_t level)
{
    for (size_t o = 0; o < COUNT(expected_ops); o++) {
        DML_OPERATOR_TYPE op = expected_ops[o].op;
        const expected_row *row = expected_row_at(op, level);
        for (int ext = 0; ext <= 1; ext++) {
            for (size_t t = 0; t < COUNT(all_types); t++) {
                for (uint32_t dims = 0; dims <= 9; dims++) {
                    fixture f;
                    fixture_init(&f, op, all_types[t], dims);
                    dmlp__op_info info;
                    dmlp_status s = dmlp__validate_operator(
                        level, ext ? DMLP_DEVICE_FLAG_EXTENSIONS : 0, &f.desc, 0, &info);
#define CTX expected_name(op), (unsigned)level, ext, (unsigned)all_types[t], (unsigned)dims,        \
            dmlp_last_error()
                    if (!ext && EXTENSION_OP(op)) {
                        CHECK(s == DMLP_ERROR_UNSUPPORTED, "%s without extensions: %s",
                              expected_name(op), dmlp_last_error());
                        CHECK_CONTAINS(dmlp_last_error(), "DMLP_DEVICE_FLAG_EXTENSIONS");
                        continue;
                    }
                    if (!row) {
                        CHECK(s == DMLP_ERROR_UNSUPPORTED, "%s level 0x%x: %s", expected_name(op),
                              (unsigned)level, dmlp_last_error());
                        char want[64];
                        snprintf(want, sizeof want, "needs feature level %s",
                                 expected_ops[o].introduced_name);
                        CHECK_CONTAINS(dmlp_last_error(), want);
                        continue;
                    }
                    bool type_ok = expected_type(op, row, ext, all_types[t]);
                    bool dims_ok = dims >= row->min_dims && dims <= row->max_dims;
                    if (type_ok && dims_ok) {
                        CHECK(s == DMLP_OK, "should accept: %s level 0x%x ext %d type 0x%x dims %u: %s",
                              CTX);
                    } else if (dims == 0 || dims > 8) {
                        CHECK(s == DMLP_ERROR_INVALID_ARGUMENT,
                              "bad dims: %s level 0x%x ext %d type 0x%x dims %u: %s", CTX);
                    } else {
                        CHECK(s == DMLP_ERROR_UNSUPPORTED,
                              "should refuse: %s level 0x%x ext %d type 0x%x dims %u: %s", CTX);
                        CHECK_CONTAINS(dmlp_last_error(), expected_name(op));
                        char field[40];
                        snprintf(field, sizeof field, "%s.%s",
                                 two_inputs(op) || op == IF ? "ATensor" : "InputTensor",
                                 type_ok ? "DimensionCount" : "DataType");
                        CHECK_CONTAINS(dmlp_last_error(), field);
                    }
#undef CTX
                }
            }
        }
    }
}

/* Cast's output: any type of the same row (the input's or another), at every level, with
   and without the extensions; anything else refused naming OutputTensor.DataType. */
static void walk_cast_outputs(uint32_t level)
{
    const expected_row *row = expected_row_at(CAST, level);
    for (int ext = 0; ext <= 1; ext++)
        for (size_t i = 0; i < COUNT(all_types); i++)
            for (size_t o = 0; o < COUNT(all_types); o++) {
                DML_TENSOR_DATA_TYPE in = all_types[i], out = all_types[o];
                if (!expected_type(CAST, row, ext, in))
                    continue; /* the input's refusal is walk_level's */
                fixture f;
                fixture_init(&f, CAST, in, row->min_dims);
                f.out_buffer.DataType = out;
                f.out_buffer.TotalTensorSizeInBytes =
                    (((uint64_t)1 << row->min_dims) * size_of(out) + 3) & ~3ull;
                dmlp__op_info info;
                dmlp_status s = dmlp__validate_operator(
                    level, ext ? DMLP_DEVICE_FLAG_EXTENSIONS : 0, &f.desc, 0, &info);
                if (expected_type(CAST, row, ext, out)) {
                    CHECK(s == DMLP_OK, "cast 0x%x -> 0x%x at 0x%x ext %d: %s", (unsigned)in,
                          (unsigned)out, (unsigned)level, ext, dmlp_last_error());
                } else {
                    CHECK(s == DMLP_ERROR_UNSUPPORTED, "cast 0x%x -> 0x%x at 0x%x ext %d",
                          (unsigned)in, (unsigned)out, (unsigned)level, ext);
                    CHECK_CONTAINS(dmlp_last_error(), "CAST: OutputTensor.DataType is");
                }
            }
}

static bool expected_own_output(DML_OPERATOR_TYPE op, uint32_t level, DML_TENSOR_DATA_TYPE type)
{
    size_t found = COUNT(expected_own_outputs);
    for (size_t i = 0; i < COUNT(expected_own_outputs); i++)
        if (expected_own_outputs[i].op == op && expected_own_outputs[i].level <= level)
            found = i;
    for (size_t t = 0; found < COUNT(expected_own_outputs) && t < 4; t++)
        if (expected_own_outputs[found].types[t] == type)
            return true;
    return false;
}

/* The end of the refusal: the operator's output types at the level. */
static const char *expected_own_list(DML_OPERATOR_TYPE op, uint32_t level)
{
    return expected_own_output(op, level, U8) ? "it must be UINT32 or UINT8"
                                              : "it must be UINT32";
}

/* The comparisons' output: their own types (UINT32 from 1_0, UINT8 too from 2_0),
   whatever the inputs' type and with or without the extensions; anything else refused
   naming OutputTensor.DataType and the types allowed. */
static void walk_own_outputs_of(DML_OPERATOR_TYPE op, const char *name, uint32_t level)
{
    const expected_row *row = expected_row_at(op, level);
    if (!row)
        return;
    for (int ext = 0; ext <= 1; ext++)
        for (size_t i = 0; i < COUNT(all_types); i++)
            for (size_t o = 0; o < COUNT(all_types); o++) {
                DML_TENSOR_DATA_TYPE in = all_types[i], out = all_types[o];
                if (!expected_type(op, row, ext, in))
                    continue; /* the input's refusal is walk_level's */
                fixture f;
                fixture_init(&f, op, in, row->min_dims);
                f.out_buffer.DataType = out;
                f.out_buffer.TotalTensorSizeInBytes =
                    (((uint64_t)1 << row->min_dims) * size_of(out) + 3) & ~3ull;
                dmlp__op_info info;
                dmlp_status s = dmlp__validate_operator(
                    level, ext ? DMLP_DEVICE_FLAG_EXTENSIONS : 0, &f.desc, 0, &info);
                if (expected_own_output(op, level, out)) {
                    CHECK(s == DMLP_OK, "%s 0x%x -> 0x%x at 0x%x ext %d: %s", name,
                          (unsigned)in, (unsigned)out, (unsigned)level, ext, dmlp_last_error());
                } else {
                    CHECK(s == DMLP_ERROR_UNSUPPORTED, "%s 0x%x -> 0x%x at 0x%x ext %d", name,
                          (unsigned)in, (unsigned)out, (unsigned)level, ext);
                    char want[96];
                    snprintf(want, sizeof want, "%s: OutputTensor.DataType is", name);
                    CHECK_CONTAINS(dmlp_last_error(), want);
                    CHECK_CONTAINS(dmlp_last_error(), expected_own_list(op, level));
                }
            }
}

static void walk_own_outputs(uint32_t level)
{
    for (size_t o = 0; o < COUNT(expected_ops); o++)
        if (own_outputs(expected_ops[o].op))
            walk_own_outputs_of(expected_ops[o].op, expected_ops[o].name, level);
}

/* Operators below their introduction: UNSUPPORTED naming the level needed. */
static void check_introduction(void)
{
    for (size_t o = 0; o < COUNT(expected_ops); o++) {
        for (size_t l = 0; l < COUNT(named_levels); l++) {
            uint32_t level = named_levels[l].level;
            if (level >= expected_ops[o].introduced)
                continue;
            fixture f;
            fixture_init(&f, expected_ops[o].op, F32, 4);
            dmlp__op_info info;
            CHECK_STATUS(dmlp__validate_operator(level, DMLP_DEVICE_FLAG_EXTENSIONS, &f.desc, 0,
                                                 &info),
                         DMLP_ERROR_UNSUPPORTED);
            char want[160];
            snprintf(want, sizeof want,
                     "%s: the device's feature level is %s; the operator needs feature level "
                     "%s or higher",
                     expected_ops[o].name, named_levels[l].name,
                     expected_ops[o].introduced_name);
            CHECK_CONTAINS(dmlp_last_error(), want);
        }
        /* exactly at its introduction it is accepted with the first type of its first row
           (F32; And, Or and the bitwise operators: UINT32) and 4 dimensions */
        fixture f;
        DML_OPERATOR_TYPE op = expected_ops[o].op;
        fixture_init(&f, op, expected_row_at(op, expected_ops[o].introduced)->types[0], 4);
        dmlp__op_info info;
        CHECK_STATUS(dmlp__validate_operator(expected_ops[o].introduced,
                                             EXTENSION_OP(op) ? DMLP_DEVICE_FLAG_EXTENSIONS : 0,
                                             &f.desc, 0, &info),
                     DMLP_OK);
    }
    /* the spec's example message */
    fixture f;
    fixture_init(&f, SIGN, F32, 3);
    dmlp__op_info info;
    CHECK_STATUS(dmlp__validate_operator(0x2000, 0, &f.desc, 0, &info), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(),
                   "ELEMENT_WISE_SIGN: InputTensor.DimensionCount is 3; at feature level 2_0 "
                   "it must be 4");
    fixture_init(&f, SOFTSIGN, F32, 6);
    CHECK_STATUS(dmlp__validate_operator(0x2050, 0, &f.desc, 0, &info), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "DimensionCount is 6; at feature level 0x2050 it must be 4 to 5");
    fixture_init(&f, SIGN, I32, 4);
    CHECK_STATUS(dmlp__validate_operator(0x2000, 0, &f.desc, 0, &info), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "InputTensor.DataType is INT32; at feature level 2_0");
    fixture_init(&f, SIGN, BF16, 4);
    CHECK_STATUS(dmlp__validate_operator(0x6400, 0, &f.desc, 0, &info), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "InputTensor.DataType is BFLOAT16; it needs a device "
                                      "created with DMLP_DEVICE_FLAG_EXTENSIONS");
    fixture_init(&f, SIGN, F64, 4);
    CHECK_STATUS(dmlp__validate_operator(0x6400, 0, &f.desc, 0, &info), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "DMLP_DEVICE_FLAG_EXTENSIONS");
    /* level 0 stands for the highest level, 6_4 */
    fixture_init(&f, SIGN, I64, 8);
    CHECK_STATUS(dmlp__validate_operator(0, 0, &f.desc, 0, &info), DMLP_OK);
}

/* dmlp__support_get agrees with the expected rows, including types and row_level. */
static void check_support_get(uint32_t level)
{
    for (size_t o = 0; o < COUNT(expected_ops); o++) {
        DML_OPERATOR_TYPE op = expected_ops[o].op;
        const expected_row *row = expected_row_at(op, level);
        for (int ext = 0; ext <= 1; ext++) {
            char ctx[64];
            snprintf(ctx, sizeof ctx, "%s at 0x%x ext %d", expected_ops[o].name,
                     (unsigned)level, ext);
            dmlp__support s;
            memset(&s, 0xAB, sizeof s);
            bool found = dmlp__support_get(op, level, ext, &s);
            CHECK(found == (row != NULL && (ext || !EXTENSION_OP(op))), "%s at 0x%x ext %d",
                  expected_ops[o].name, (unsigned)level, ext);
            if (!row || !found)
                continue;
            CHECK_U64(s.row_level, row->level, ctx);
            CHECK_U64(s.min_dims, row->min_dims, ctx);
            CHECK_U64(s.max_dims, row->max_dims, ctx);
            CHECK_U64(s.output_type,
                      op == ISINF || own_outputs(op) ? U8
                      : op == CAST                 ? DMLP__OUTPUT_LISTED
                                                   : DML_TENSOR_DATA_TYPE_UNKNOWN,
                      ctx);
            uint32_t own = 0;
            for (size_t t = 0; own_outputs(op) && t < COUNT(all_types); t++)
                own += expected_own_output(op, level, all_types[t]);
            CHECK_U64(s.output_type_count, own, ctx);
            for (uint32_t i = 0; i < s.output_type_count && i < DMLP__SUPPORT_MAX_OUTPUT_TYPES; i++)
                CHECK(expected_own_output(op, level, s.output_types[i]), "%s output 0x%x",
                      expected_ops[o].name, (unsigned)s.output_types[i]);
            CHECK_U64(s.type_count, expected_type_count(op, row, ext), ctx);
            for (uint32_t i = 0; i < s.type_count && i < DMLP__SUPPORT_MAX_TYPES; i++)
                CHECK(expected_type(op, row, ext, s.input_types[i]), "%s type 0x%x",
                      expected_ops[o].name, (unsigned)s.input_types[i]);
        }
    }
}

static void check_names(void)
{
    CHECK_U64(dmlp__operator_count(), COUNT(expected_ops) + COUNT(quantization_ops) + 1,
              "names");
    for (uint32_t i = 0; i < dmlp__operator_count(); i++) {
        DML_OPERATOR_TYPE op = dmlp__operator_at(i);
        CHECK_CONTAINS(dmlp__operator_name(op), expected_name(op));
    }
    CHECK_U64(dmlp__operator_at(99), DML_OPERATOR_INVALID, "names");
    for (size_t o = 0; o < COUNT(expected_ops); o++) {
        CHECK(strcmp(dmlp__operator_name(expected_ops[o].op), expected_ops[o].name) == 0,
              "%s", expected_ops[o].name);
        CHECK_U64(dmlp__operator_introduced(expected_ops[o].op), expected_ops[o].introduced,
                  expected_ops[o].name);
    }
    CHECK(dmlp__operator_name(DML_OPERATOR_INVALID) == NULL, "INVALID has no name");
    CHECK(dmlp__operator_name((DML_OPERATOR_TYPE)53) == NULL, "53 (CONVOLUTION) has no name");
    CHECK_U64(dmlp__operator_introduced((DML_OPERATOR_TYPE)53), 0, "names");

    CHECK_U64(dmlp__feature_level_count(), COUNT(named_levels), "names");
    for (size_t i = 0; i < COUNT(named_levels); i++) {
        CHECK_U64(dmlp__feature_level_at((uint32_t)i), named_levels[i].level,
                  named_levels[i].name);
        CHECK(strcmp(dmlp__feature_level_name(named_levels[i].level), named_levels[i].name) == 0,
              "name of 0x%x", (unsigned)named_levels[i].level);
        uint32_t parsed = 0;
        CHECK(dmlp__feature_level_parse(named_levels[i].name, &parsed), "%s",
              named_levels[i].name);
        CHECK_U64(parsed, named_levels[i].level, named_levels[i].name);
        char text[40];
        snprintf(text, sizeof text, "DML_FEATURE_LEVEL_%s", named_levels[i].name);
        parsed = 0;
        CHECK(dmlp__feature_level_parse(text, &parsed), "%s", text);
        CHECK_U64(parsed, named_levels[i].level, text);
        snprintf(text, sizeof text, "0x%x", (unsigned)named_levels[i].level);
        parsed = 0;
        CHECK(dmlp__feature_level_parse(text, &parsed), "%s", text);
        CHECK_U64(parsed, named_levels[i].level, text);
    }
    CHECK_U64(dmlp__feature_level_at(15), 0, "names");
    CHECK(strcmp(dmlp__feature_level_name(0x2050), "0x2050") == 0, "unnamed level");
    uint32_t parsed = 0;
    CHECK(dmlp__feature_level_parse("0x2050", &parsed) && parsed == 0x2050, "0x2050");
    CHECK(dmlp__feature_level_parse("0X6400", &parsed) && parsed == 0x6400, "0X6400");
    static const char *const bad[] = {"",       "0_9",  "7_0",      "2_0x",   "0x",
                                      "0x0fff", "0x0",  "0x1g00",   "1.0",    "DML_FEATURE_LEVEL_",
                                      "2_00",   "0x100000000", "DML_FEATURE_LEVEL_0x2000", "2"};
    for (size_t i = 0; i < COUNT(bad); i++) {
        parsed = 12345;
        CHECK(!dmlp__feature_level_parse(bad[i], &parsed), "\"%s\" is no level", bad[i]);
        CHECK_U64(parsed, 12345, bad[i]);
    }
    CHECK(!dmlp__feature_level_parse(NULL, &parsed), "NULL text");
    dmlp__support s;
    CHECK(!dmlp__support_get(SIGN, 0x0fff, true, &s), "below 1_0");
    CHECK(!dmlp__support_get(SOFTSIGN, 0, true, &s), "level 0 is not a level here");
    CHECK(!dmlp__support_get((DML_OPERATOR_TYPE)53, 0x6400, true, &s), "unknown op");
}

/* If's ConditionTensor: UINT8 at every level it has, whatever A's type; any other type is
   refused naming ConditionTensor.DataType and its one type, and a condition of other sizes
   naming ConditionTensor.Sizes. support.h gives the condition's types as its own. */
static void check_if_condition(void)
{
    static const uint32_t levels[] = {0x2000, 0x3000, 0x5000, 0x6400};
    for (size_t l = 0; l < COUNT(levels); l++) {
        dmlp__support s;
        CHECK(dmlp__support_get(IF, levels[l], false, &s), "If's row at 0x%x",
              (unsigned)levels[l]);
        CHECK(s.own_type_count[0] == 1 && s.own_types[0][0] == U8 && s.own_type_count[1] == 0 &&
                  s.own_type_count[2] == 0,
              "If's ConditionTensor alone has its own types at 0x%x", (unsigned)levels[l]);
        uint32_t dims = levels[l] == 0x2000 ? 4 : 3;
        DML_TENSOR_DATA_TYPE a = levels[l] == 0x2000 ? F16 : F32;
        for (size_t t = 0; t < COUNT(all_types); t++) {
            fixture f;
            fixture_init(&f, IF, a, dims);
            f.cond_buffer.DataType = all_types[t];
            f.cond_buffer.TotalTensorSizeInBytes = 64;
            dmlp__op_info info;
            dmlp_status st = dmlp__validate_operator(levels[l], DMLP_DEVICE_FLAG_EXTENSIONS,
                                                     &f.desc, 0, &info);
            if (all_types[t] == U8) {
                CHECK(st == DMLP_OK, "If: a UINT8 condition at 0x%x: %s", (unsigned)levels[l],
                      dmlp_last_error());
                CHECK(info.input_count == 3 && info.main_input == 1 && info.absent == 0,
                      "If: three inputs, ATensor the main one");
            } else if (size_of(all_types[t]) != 0 && st != DMLP_ERROR_INVALID_ARGUMENT) {
                CHECK(st == DMLP_ERROR_UNSUPPORTED, "If: condition type 0x%x at 0x%x",
                      (unsigned)all_types[t], (unsigned)levels[l]);
                CHECK_CONTAINS(dmlp_last_error(), "ConditionTensor.DataType is");
                CHECK_CONTAINS(dmlp_last_error(), "it must be UINT8");
            }
        }
        fixture f;
        fixture_init(&f, IF, a, dims);
        uint32_t other[10] = {2, 2, 2, 2, 2, 2, 2, 2, 2, 2};
        other[dims - 1] = 1;
        f.cond_buffer.Sizes = other;
        dmlp__op_info info;
        CHECK(dmlp__validate_operator(levels[l], 0, &f.desc, 0, &info) ==
                  DMLP_ERROR_INVALID_ARGUMENT,
              "If: a condition of other sizes");
        CHECK_CONTAINS(dmlp_last_error(), "ConditionTensor.Sizes[");
        CHECK_CONTAINS(dmlp_last_error(), "must equal ATensor.Sizes[");
        fixture_init(&f, IF, a, dims);
        f.if_desc.BTensor = NULL;
        CHECK(dmlp__validate_operator(levels[l], 0, &f.desc, 0, &info) ==
                  DMLP_ERROR_INVALID_ARGUMENT,
              "If: BTensor NULL");
        CHECK_CONTAINS(dmlp_last_error(), "ELEMENT_WISE_IF: BTensor is NULL");
    }
}

/* docs/validation.md's QuantizeLinear and DequantizeLinear rows, each tensor's column and
   the rules between them, against the validator: ten types for the input and the zero
   point (or a NULL one), six for the scale and the output, dimension counts 1, 4 and 5,
   at every named level, and with the extensions (which add nothing to these rows) at 4
   dimensions. */
static bool in_list(DML_TENSOR_DATA_TYPE t, const DML_TENSOR_DATA_TYPE *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (list[i] == t)
            return true;
    return false;
}

/* ext: the device has DMLP_DEVICE_FLAG_EXTENSIONS, which adds QuantizeLinear's INT16 and
   UINT16 outputs (and zero points) at every level. */
static bool quantization_valid(DML_OPERATOR_TYPE op, uint32_t level, DML_TENSOR_DATA_TYPE in,
                               DML_TENSOR_DATA_TYPE scale, DML_TENSOR_DATA_TYPE zp,
                               DML_TENSOR_DATA_TYPE out, uint32_t dims, bool ext)
{
    static const DML_TENSOR_DATA_TYPE ints[] = {I32, I16, I8, U32, U16, U8};
    static const DML_TENSOR_DATA_TYPE floats[] = {F32, F16};
    static const DML_TENSOR_DATA_TYPE bytes[] = {U8, I8, U16, I16};
    bool at_2_1 = level >= 0x2100, at_6_0 = level >= 0x6000;
    if (dims != 4 && level < 0x3000)
        return false;
    if (zp == DML_TENSOR_DATA_TYPE_UNKNOWN && level < 0x6200) /* NULL: optional from 6_2 */
        return false;
    size_t float_count = at_6_0 ? 2 : 1;
    if (op == QUANTIZE) {
        static const DML_TENSOR_DATA_TYPE inputs[] = {F32, I32, F16};
        size_t byte_count = at_2_1 ? 2 : 1;
        return in_list(in, inputs, at_6_0 ? 3 : at_2_1 ? 2 : 1) &&
               in_list(scale, floats, float_count) && scale == (in == I32 ? F32 : in) &&
               (in_list(out, bytes, byte_count) || (ext && in_list(out, bytes + 2, 2))) &&
               (zp == DML_TENSOR_DATA_TYPE_UNKNOWN || zp == out);
    }
    return (at_2_1 ? in_list(in, ints, 6) : in == U8) && in_list(scale, floats, float_count) &&
           out == scale && (zp == DML_TENSOR_DATA_TYPE_UNKNOWN || zp == in);
}

static void check_quantization(void)
{
    static const DML_TENSOR_DATA_TYPE types[] = {F32, F16, I32, I16, I8, U32, U16, U8, F64, BF16};
    /* the scale's and the output's candidates: every type either operator lists for them,
       and some it does not */
    static const DML_TENSOR_DATA_TYPE fewer[] = {F32, F16, I32, U8, I8, BF16};
    static const DML_TENSOR_DATA_TYPE outputs[] = {F32, F16, I32, U8, I8, BF16, I16, U16};
    static const uint32_t dim_counts[] = {1, 4, 5};
    uint32_t sizes[8] = {2, 1, 3, 1, 2, 1, 1, 1};
    unsigned long accepted = 0;
    for (size_t q = 0; q < COUNT(quantization_ops); q++) {
        DML_OPERATOR_TYPE op = quantization_ops[q].op;
        CHECK_U64(dmlp__operator_introduced(op), 0x1000, quantization_ops[q].name);
        for (size_t l = 0; l < COUNT(named_levels); l++)
            for (size_t d = 0; d < COUNT(dim_counts); d++)
                for (size_t a = 0; a < COUNT(types); a++)
                    for (size_t b = 0; b < COUNT(fewer); b++)
                        for (size_t z = 0; z <= COUNT(types); z++)
                            for (size_t o = 0; o < COUNT(outputs); o++) {
                                uint32_t level = named_levels[l].level, dims = dim_counts[d];
                                DML_TENSOR_DATA_TYPE t[4] = {
                                    types[a], fewer[b],
                                    z < COUNT(types) ? types[z] : DML_TENSOR_DATA_TYPE_UNKNOWN,
                                    outputs[o]};
                                DML_BUFFER_TENSOR_DESC buffers[4];
                                DML_TENSOR_DESC tensors[4];
                                for (int k = 0; k < 4; k++) {
                                    DML_TENSOR_DATA_TYPE bt = t[k] ? t[k] : F32;
                                    buffers[k] = (DML_BUFFER_TENSOR_DESC){
                                        bt, DML_TENSOR_FLAG_NONE, dims, sizes, NULL,
                                        dmlp_calc_buffer_tensor_size(bt, dims, sizes, NULL), 0};
                                    tensors[k] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER,
                                                                   &buffers[k]};
                                }
                                DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC qd = {
                                    &tensors[0], &tensors[1], t[2] ? &tensors[2] : NULL,
                                    &tensors[3]};
                                DML_OPERATOR_DESC desc = {op, &qd}; /* one layout for both */
                                for (int ext = 0; ext <= (dims == 4); ext++) {
                                    bool want = quantization_valid(op, level, t[0], t[1], t[2],
                                                                   t[3], dims, ext);
                                    dmlp__op_info info;
                                    dmlp_status st = dmlp__validate_operator(
                                        level, ext ? DMLP_DEVICE_FLAG_EXTENSIONS : 0, &desc, 0,
                                        &info);
                                    accepted += st == DMLP_OK;
                                    if ((st == DMLP_OK) != want || want)
                                        CHECK((st == DMLP_OK) == want,
                                              "%s at 0x%x ext %d: %x %x %x %x, %u dims: %s",
                                              quantization_ops[q].name, (unsigned)level, ext,
                                              (unsigned)t[0], (unsigned)t[1], (unsigned)t[2],
                                              (unsigned)t[3], (unsigned)dims, dmlp_last_error());
                                }
                            }
    }
    CHECK(accepted > 0, "some accepted");

    /* The messages of the rules between tensors, each naming both. */
    static const struct {
        DML_OPERATOR_TYPE op;
        uint32_t level;
        DML_TENSOR_DATA_TYPE t[4];
        dmlp_status status;
        const char *message;
    } refusals[] = {
        {QUANTIZE, 0x6400, {F16, F32, U8, U8}, DMLP_ERROR_INVALID_ARGUMENT,
         "ELEMENT_WISE_QUANTIZE_LINEAR: ScaleTensor.DataType is FLOAT32; with "
         "InputTensor.DataType FLOAT16 it must be FLOAT16"},
        {QUANTIZE, 0x6400, {I32, F16, U8, U8}, DMLP_ERROR_INVALID_ARGUMENT,
         "ScaleTensor.DataType is FLOAT16; with InputTensor.DataType INT32 it must be FLOAT32"},
        {QUANTIZE, 0x6400, {F32, F32, I8, U8}, DMLP_ERROR_INVALID_ARGUMENT,
         "ELEMENT_WISE_QUANTIZE_LINEAR: OutputTensor.DataType is UINT8; it must equal "
         "ZeroPointTensor.DataType (INT8)"},
        {QUANTIZE, 0x6100, {F32, F32, 0, U8}, DMLP_ERROR_UNSUPPORTED,
         "ELEMENT_WISE_QUANTIZE_LINEAR: ZeroPointTensor is NULL; at feature level 6_1 it is "
         "required (it may be NULL from 6_2)"},
        {QUANTIZE, 0x2000, {F32, F32, I8, I8}, DMLP_ERROR_UNSUPPORTED,
         "ZeroPointTensor.DataType is INT8; at feature level 2_0 it must be UINT8"},
        {QUANTIZE, 0x5000, {F16, F16, U8, U8}, DMLP_ERROR_UNSUPPORTED,
         "InputTensor.DataType is FLOAT16"},
        {QUANTIZE, 0x6400, {F32, F32, I16, I16}, DMLP_ERROR_UNSUPPORTED,
         "ELEMENT_WISE_QUANTIZE_LINEAR: ZeroPointTensor.DataType is INT16; it needs a device "
         "created with DMLP_DEVICE_FLAG_EXTENSIONS"},
        {QUANTIZE, 0x6400, {F32, F32, 0, U16}, DMLP_ERROR_UNSUPPORTED,
         "ELEMENT_WISE_QUANTIZE_LINEAR: OutputTensor.DataType is UINT16; it needs a device "
         "created with DMLP_DEVICE_FLAG_EXTENSIONS"},
        {QUANTIZE, 0x6400, {F32, F32, 0, U32}, DMLP_ERROR_UNSUPPORTED,
         "ELEMENT_WISE_QUANTIZE_LINEAR: OutputTensor.DataType is UINT32; at feature level 6_4 "
         "it must be UINT8 or INT8"},
        {DEQUANTIZE, 0x6400, {U8, F16, U8, F32}, DMLP_ERROR_INVALID_ARGUMENT,
         "ELEMENT_WISE_DEQUANTIZE_LINEAR: OutputTensor.DataType is FLOAT32; it must equal "
         "ScaleTensor.DataType (FLOAT16)"},
        {DEQUANTIZE, 0x6400, {U8, F32, I8, F32}, DMLP_ERROR_INVALID_ARGUMENT,
         "ZeroPointTensor.DataType is INT8; it must equal InputTensor.DataType (UINT8)"},
        {DEQUANTIZE, 0x3000, {U8, F16, U8, F16}, DMLP_ERROR_UNSUPPORTED,
         "ScaleTensor.DataType is FLOAT16; at feature level 3_0 it must be FLOAT32"},
        {DEQUANTIZE, 0x6400, {F32, F32, F32, F32}, DMLP_ERROR_UNSUPPORTED,
         "InputTensor.DataType is FLOAT32"},
    };
    for (size_t r = 0; r < COUNT(refusals); r++) {
        DML_BUFFER_TENSOR_DESC buffers[4];
        DML_TENSOR_DESC tensors[4];
        for (int k = 0; k < 4; k++) {
            DML_TENSOR_DATA_TYPE bt = refusals[r].t[k] ? refusals[r].t[k] : F32;
            buffers[k] = (DML_BUFFER_TENSOR_DESC){
                bt, DML_TENSOR_FLAG_NONE, 4, sizes, NULL,
                dmlp_calc_buffer_tensor_size(bt, 4, sizes, NULL), 0};
            tensors[k] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &buffers[k]};
        }
        DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC qd = {
            &tensors[0], &tensors[1], refusals[r].t[2] ? &tensors[2] : NULL, &tensors[3]};
        DML_OPERATOR_DESC desc = {refusals[r].op, &qd};
        dmlp__op_info info;
        CHECK_STATUS(dmlp__validate_operator(refusals[r].level, 0, &desc, 0, &info),
                     refusals[r].status);
        CHECK_CONTAINS(dmlp_last_error(), refusals[r].message);
    }
}

/* docs/validation.md's QuantizedLinearAdd row: introduced at 4_0, 1 to 8 dimensions; A,
   B and the output each INT8 or UINT8, each with a zero point of its type or none; the
   three scales FLOAT32. Every level, dimension counts 1, 8 and 9, each of the three
   groups (tensor, zero point) over INT8, UINT8 and INT16 for the tensor and NULL, INT8
   and UINT8 for the zero point, with the scales right or one of them FLOAT16. */
static bool quantized_add_valid(uint32_t level, uint32_t dims, const DML_TENSOR_DATA_TYPE *t)
{
    if (level < 0x4000 || dims < 1 || dims > 8)
        return false;
    for (int g = 0; g < 3; g++) {
        DML_TENSOR_DATA_TYPE tensor = t[g == 2 ? 8 : 3 * g], zero = t[g == 2 ? 7 : 3 * g + 2];
        if ((tensor != I8 && tensor != U8) || (zero != 0 && zero != tensor))
            return false;
    }
    return t[1] == F32 && t[4] == F32 && t[6] == F32;
}

static dmlp_status validate_quantized_add(uint32_t level, uint32_t dims,
                                          const DML_TENSOR_DATA_TYPE *t)
{
    static const uint32_t sizes[9] = {2, 1, 3, 1, 1, 1, 1, 1, 1};
    DML_BUFFER_TENSOR_DESC buffers[9];
    DML_TENSOR_DESC tensors[9];
    for (int k = 0; k < 9; k++) {
        DML_TENSOR_DATA_TYPE bt = t[k] ? t[k] : F32;
        buffers[k] = (DML_BUFFER_TENSOR_DESC){bt, DML_TENSOR_FLAG_NONE, dims, sizes, NULL,
                                              dmlp_calc_buffer_tensor_size(bt, dims, sizes, NULL),
                                              0};
        tensors[k] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &buffers[k]};
    }
    const DML_TENSOR_DESC *p[9];
    for (int k = 0; k < 9; k++)
        p[k] = t[k] ? &tensors[k] : NULL;
    DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC qd = {p[0], p[1], p[2], p[3], p[4],
                                                              p[5], p[6], p[7], p[8]};
    DML_OPERATOR_DESC desc = {QLADD, &qd};
    dmlp__op_info info;
    return dmlp__validate_operator(level, 0, &desc, 0, &info);
}

static void check_quantized_add(void)
{
    static const DML_TENSOR_DATA_TYPE tensor_types[] = {I8, U8, I16};
    static const DML_TENSOR_DATA_TYPE zero_types[] = {0, I8, U8};
    static const uint32_t dim_counts[] = {1, 8, 9};
    CHECK_U64(dmlp__operator_introduced(QLADD), 0x4000, "QuantizedLinearAdd");
    unsigned long accepted = 0;
    for (size_t l = 0; l < COUNT(named_levels); l++)
        for (size_t d = 0; d < COUNT(dim_counts); d++)
            for (uint32_t combo = 0; combo < 729; combo++)
                for (int wrong_scale = -1; wrong_scale < 3; wrong_scale++) {
                    DML_TENSOR_DATA_TYPE t[9] = {0, F32, 0, 0, F32, 0, F32, 0, 0};
                    uint32_t c = combo;
                    for (int g = 0; g < 3; g++, c /= 9) {
                        t[g == 2 ? 8 : 3 * g] = tensor_types[c % 9 % 3];
                        t[g == 2 ? 7 : 3 * g + 2] = zero_types[c % 9 / 3];
                    }
                    if (wrong_scale >= 0)
                        t[wrong_scale == 0 ? 1 : wrong_scale == 1 ? 4 : 6] = F16;
                    uint32_t level = named_levels[l].level;
                    bool want = quantized_add_valid(level, dim_counts[d], t);
                    dmlp_status st = validate_quantized_add(level, dim_counts[d], t);
                    accepted += st == DMLP_OK;
                    if ((st == DMLP_OK) != want)
                        CHECK((st == DMLP_OK) == want,
                              "QuantizedLinearAdd at 0x%x, %u dims: %x %x %x %x %x %x %x %x %x: %s",
                              (unsigned)level, (unsigned)dim_counts[d], (unsigned)t[0],
                              (unsigned)t[1], (unsigned)t[2], (unsigned)t[3], (unsigned)t[4],
                              (unsigned)t[5], (unsigned)t[6], (unsigned)t[7], (unsigned)t[8],
                              dmlp_last_error());
                }
    /* 10 levels from 4_0, 2 dimension counts, 4 ways for each group */
    CHECK(accepted == 10ul * 2 * 64, "accepted %lu", accepted);

    /* The messages, each naming the tensor and the rule. */
    static const struct {
        uint32_t level;
        DML_TENSOR_DATA_TYPE t[9];
        dmlp_status status;
        const char *message;
    } refusals[] = {
        {0x3100, {I8, F32, 0, I8, F32, 0, F32, 0, I8}, DMLP_ERROR_UNSUPPORTED, "4_0"},
        {0x6400, {I8, F32, 0, U8, F32, I8, F32, 0, I8}, DMLP_ERROR_INVALID_ARGUMENT,
         "ELEMENT_WISE_QUANTIZED_LINEAR_ADD: BZeroPointTensor.DataType is INT8; it must "
         "equal BTensor.DataType (UINT8)"},
        {0x6400, {I8, F32, 0, U8, F32, 0, F32, U8, I8}, DMLP_ERROR_INVALID_ARGUMENT,
         "OutputTensor.DataType is INT8; it must equal OutputZeroPointTensor.DataType (UINT8)"},
        {0x6400, {U8, F32, I8, U8, F32, 0, F32, 0, U8}, DMLP_ERROR_INVALID_ARGUMENT,
         "AZeroPointTensor.DataType is INT8"},
        {0x6400, {U8, F32, 0, U8, F16, 0, F32, 0, U8}, DMLP_ERROR_UNSUPPORTED,
         "BScaleTensor.DataType is FLOAT16"},
        {0x6400, {I32, F32, 0, U8, F32, 0, F32, 0, U8}, DMLP_ERROR_UNSUPPORTED,
         "ATensor.DataType is INT32"},
        {0x6400, {U8, F32, 0, U8, F32, 0, F32, 0, I16}, DMLP_ERROR_UNSUPPORTED,
         "OutputTensor.DataType is INT16"},
    };
    for (size_t r = 0; r < COUNT(refusals); r++) {
        CHECK_STATUS(validate_quantized_add(refusals[r].level, 4, refusals[r].t),
                     refusals[r].status);
        CHECK_CONTAINS(dmlp_last_error(), refusals[r].message);
    }
}

int main(void)
{
    check_names();
    check_quantization();
    check_quantized_add();
    for (size_t l = 0; l < COUNT(named_levels); l++) {
        walk_level(named_levels[l].level);
        walk_cast_outputs(named_levels[l].level);
        walk_own_outputs(named_levels[l].level);
        check_support_get(named_levels[l].level);
    }
    for (size_t l = 0; l < COUNT(between_levels); l++) {
        walk_level(between_levels[l]);
        walk_own_outputs(between_levels[l]);
        check_support_get(between_levels[l]);
    }
    check_introduction();
    check_if_condition();
    return test_finish("test_support_tables");
}
