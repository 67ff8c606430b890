/* A processor family without fast kernels: every operator runs its reference kernel. */
#include "kernels/arch_kernels.h"
#include "kernels/softmax_lanes.h"

/* One sentinel entry, so the array is not empty; the count leaves it out. */
const dmlp__kernel_entry dmlp__arch_kernels[] = {
    {DML_OPERATOR_INVALID, DML_TENSOR_DATA_TYPE_UNKNOWN, {0, DMLP__ISA_SCALAR, 0}},
};
const size_t dmlp__arch_kernel_count = 0;

const dmlp__binary_kernel_entry dmlp__arch_binary_kernels[] = {
    {DML_OPERATOR_INVALID, DML_TENSOR_DATA_TYPE_UNKNOWN, {0, DMLP__ISA_SCALAR, 0}},
};
const size_t dmlp__arch_binary_kernel_count = 0;

const dmlp__nary_kernel_entry dmlp__arch_nary_kernels[] = {
    {DML_OPERATOR_INVALID, DML_TENSOR_DATA_TYPE_UNKNOWN, DML_TENSOR_DATA_TYPE_UNKNOWN,
     {0, DMLP__ISA_SCALAR, 0}},
};
const size_t dmlp__arch_nary_kernel_count = 0;

const dmlp__kernel_entry dmlp__arch_chain_kernels[] = {
    {DML_OPERATOR_INVALID, DML_TENSOR_DATA_TYPE_UNKNOWN, {0, DMLP__ISA_SCALAR, 0}},
};
const size_t dmlp__arch_chain_kernel_count = 0;

dmlp__isa dmlp__arch_isa(void)
{
    return DMLP__ISA_SCALAR;
}

int dmlp__softsign_has_recip(dmlp__isa isa)
{
    (void)isa;
    return 0;
}

int dmlp__table16_has_gather(dmlp__isa isa)
{
    (void)isa;
    return 0;
}

/* No binary64 lanes: Softmax rows take numeric/softmax_row.c alone. */
const dmlp__softmax_lanes *dmlp__softmax_lanes_select(dmlp__isa max_isa)
{
    (void)max_isa;
    return NULL;
}
