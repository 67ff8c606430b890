/* What fuzz_descriptor's last input did, for descriptor_seeds.c, which searches for one
   input per registered operator that the operator creates and executes. */
#ifndef DMLP_FUZZ_DESCRIPTOR_H
#define DMLP_FUZZ_DESCRIPTOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dmlp.h"

typedef struct fuzz_descriptor_outcome {
    DML_OPERATOR_TYPE op; /* the operator type the input chose (0: none read) */
    bool created;         /* dmlp_operator_create succeeded */
    bool executed;        /* dmlp_operator_execute succeeded and every check passed */
} fuzz_descriptor_outcome;

extern fuzz_descriptor_outcome fuzz_descriptor_last;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
