/* Internal: DirectML's DML_SCALAR_UNION members (ELEMENT_WISE_CLIP1's Min and Max) as
   dmlp carries them: the element's bits in the member type's width, zero-extended to 64
   bits (FLOAT16 and BFLOAT16 in UInt16, as DxDispatch writes a FLOAT16 scalar), read
   and written through the union's member of that type. The front ends read a value as
   text (`dmlp run --min`, Python's keyword, DxDispatch's JSON number) with
   dmlp__scalar_parse once the tensor's type is known. */
#ifndef DMLP_CORE_SCALAR_H
#define DMLP_CORE_SCALAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dmlp.h"

/* The union's member of `type` as element bits; 0 for a type the union does not hold. */
uint64_t dmlp__scalar_load(DML_TENSOR_DATA_TYPE type, const DML_SCALAR_UNION *scalar);
/* The element bits into the union's member of `type` (the other bytes zero). */
void dmlp__scalar_store(DML_TENSOR_DATA_TYPE type, uint64_t bits, DML_SCALAR_UNION *scalar);

/* A decimal value as an element of `type`: integers exactly (a sign and digits, or a
   real that is integral: "3", "-128", "1e3"), refused outside the type's range or when
   not integral, "inf" and "-inf" giving the type's highest and lowest; floats rounded
   once to nearest even from the decimal's binary64 value ("nan", "inf", "-inf" too).
   false with a reason ("300 is out of range for INT8 (-128 to 127)") otherwise. */
bool dmlp__scalar_parse(DML_TENSOR_DATA_TYPE type, const char *text, uint64_t *bits,
                        char *why, size_t capacity);
/* A float default (-inf, inf) as an element of `type`, integers saturated. */
uint64_t dmlp__scalar_from_float(DML_TENSOR_DATA_TYPE type, float value);
/* The element as text for messages ("-128", "0.5", "nan"). */
const char *dmlp__scalar_text(DML_TENSOR_DATA_TYPE type, uint64_t bits, char *text,
                              size_t capacity);

#endif
