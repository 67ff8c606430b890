/* Internal: facts about each data type (size, name, kind), from one table. */
#ifndef DMLP_CORE_TYPES_H
#define DMLP_CORE_TYPES_H

#include <stdbool.h>
#include <stdint.h>

#include "dmlp.h"

typedef enum dmlp__type_kind {
    DMLP__KIND_INVALID = 0,
    DMLP__KIND_FLOAT,
    DMLP__KIND_SIGNED,
    DMLP__KIND_UNSIGNED
} dmlp__type_kind;

typedef struct dmlp__type_info {
    DML_TENSOR_DATA_TYPE type;
    const char *name;       /* DirectML's short name: "FLOAT32", "BFLOAT16", "FLOAT8_E5M2" */
    uint32_t size;          /* bytes per element */
    dmlp__type_kind kind;
    bool extension;         /* needs DMLP_DEVICE_FLAG_EXTENSIONS */
    const char *short_name; /* numpy-like: "f32", "bf16", "e5m2" (bench, tests) */
} dmlp__type_info;

/* NULL for UNKNOWN and any value that is not a type. */
const dmlp__type_info *dmlp__type_get(DML_TENSOR_DATA_TYPE type);

/* Element size in bytes, 0 for an invalid type. */
uint32_t dmlp__type_size(DML_TENSOR_DATA_TYPE type);

/* Short name, or "UNKNOWN(<n>)"-style text in a static per-thread buffer. */
const char *dmlp__type_name(DML_TENSOR_DATA_TYPE type);

/* Parses a short name ("FLOAT32") or the full one ("DML_TENSOR_DATA_TYPE_FLOAT32",
   "DMLP_TENSOR_DATA_TYPE_BFLOAT16"). Returns DML_TENSOR_DATA_TYPE_UNKNOWN if none. */
DML_TENSOR_DATA_TYPE dmlp__type_from_name(const char *name);

/* Iteration over all known types, in table order. */
uint32_t dmlp__type_count(void);
const dmlp__type_info *dmlp__type_at(uint32_t index);

#endif
