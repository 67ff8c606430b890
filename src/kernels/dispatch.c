/* Placeholder until the kernels land: no kernels yet. */
#include "kernels/kernels.h"

dmlp__unary_kernel dmlp__reference_kernel(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type)
{
    (void)op;
    (void)type;
    return 0;
}
