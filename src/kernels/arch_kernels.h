/* Internal to src/kernels: the fast kernels of the processor family this library is
   built for. Each family's folder (src/kernels/x86/, ...) defines the table; the build
   picks one folder (src/kernels/CMakeLists.txt), src/kernels/generic/ where there is
   none. dispatch.c chooses among them and falls back to the reference kernels. */
#ifndef DMLP_KERNELS_ARCH_KERNELS_H
#define DMLP_KERNELS_ARCH_KERNELS_H

#include <stddef.h>

#include "kernels/kernels.h"

typedef struct dmlp__kernel_entry {
    DML_OPERATOR_TYPE op;
    DML_TENSOR_DATA_TYPE type;
    dmlp__kernel_choice choice;
} dmlp__kernel_entry;

/* Best first within each op x type. */
extern const dmlp__kernel_entry dmlp__arch_kernels[];
extern const size_t dmlp__arch_kernel_count;

/* The same for the two-input kernels (binary_kernel_list.inc). */
typedef struct dmlp__binary_kernel_entry {
    DML_OPERATOR_TYPE op;
    DML_TENSOR_DATA_TYPE type;
    dmlp__binary_kernel_choice choice;
} dmlp__binary_kernel_entry;

extern const dmlp__binary_kernel_entry dmlp__arch_binary_kernels[];
extern const size_t dmlp__arch_binary_kernel_count;

/* The same for the N-input kernels (nary_kernel_list.inc), keyed also by the output type. */
typedef struct dmlp__nary_kernel_entry {
    DML_OPERATOR_TYPE op;
    DML_TENSOR_DATA_TYPE type;
    DML_TENSOR_DATA_TYPE out_type;
    dmlp__nary_kernel_choice choice;
} dmlp__nary_kernel_entry;

extern const dmlp__nary_kernel_entry dmlp__arch_nary_kernels[];
extern const size_t dmlp__arch_nary_kernel_count;

/* The chain kernels (chain_kernel_list.inc), best first within each type; op is
   DML_OPERATOR_INVALID. */
extern const dmlp__kernel_entry dmlp__arch_chain_kernels[];
extern const size_t dmlp__arch_chain_kernel_count;

/* The kernel levels this processor runs, from its feature bits (src/platform/cpu.h),
   without the DMLP_ISA cap. */
dmlp__isa dmlp__arch_isa(void);

#endif
