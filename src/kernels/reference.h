/* Internal to src/kernels: the reference kernels of each operator, looked up by input
   type. Each returns {fn, DMLP__ISA_SCALAR, name}, with fn NULL when the operator has no
   kernel for that type. */
#ifndef DMLP_KERNELS_REFERENCE_H
#define DMLP_KERNELS_REFERENCE_H

#include "kernels/kernels.h"

dmlp__kernel_choice dmlp__reference_sign(DML_TENSOR_DATA_TYPE type);
dmlp__kernel_choice dmlp__reference_softsign(DML_TENSOR_DATA_TYPE type);
dmlp__kernel_choice dmlp__reference_isinf(DML_TENSOR_DATA_TYPE type);

#endif
