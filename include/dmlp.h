/*
 * dmlp.h — DirectML's element-wise operators Sign, Softsign, IsInfinity, Identity, Abs,
 * Negate, Add, Subtract, Multiply, Divide, the logical GreaterThan, And and Or, and Cast,
 * on any CPU.
 *
 * This header is the library's reference manual. It has three parts:
 *   1. DirectML-compatible types: the same names, member order, layout and values as
 *      DirectML.h, so descriptor-building code written for DirectML compiles unchanged.
 *   2. Extensions (dmlp's own): data types and an execution flag that ONNX needs and
 *      DirectML lacks. They are accepted only on a device created with
 *      DMLP_DEVICE_FLAG_EXTENSIONS; without it, validation is exactly DirectML's.
 *   3. Devices, operators and execution.
 *
 * Exact results (every kernel, every CPU path, bit for bit; docs/operators.md says the same
 * at length, and docs/validation.md gives the feature-level tables and tensor rules):
 *
 *   Sign (DML_OPERATOR_ELEMENT_WISE_SIGN): -1 if x < 0, +1 if x > 0, else 0, in the
 *     input's type. -0.0 gives +0.0; unsigned types give 0 or 1; INT_MIN gives -1.
 *     NaN gives +0, or NaN (the input's NaN, quiet) with DMLP_EXECUTION_FLAG_NAN_PROPAGATE.
 *     f16 results are 0x3C00 / 0xBC00 / 0x0000; bf16 results 0x3F80 / 0xBF80 / 0x0000.
 *     Subnormals are numbers like any other: sign(smallest subnormal) = 1.
 *
 *   Softsign (DML_OPERATOR_ACTIVATION_SOFTSIGN): x / (1 + |x|). f32 is the IEEE binary32
 *     evaluation of that formula (1 + |x| rounded, then the division rounded to nearest
 *     even); f64 likewise in binary64; f16 and bf16 are widened exactly to f32, evaluated
 *     as f32 and rounded once to nearest even. ±0 gives ±0, ±inf gives NaN, NaN gives NaN,
 *     and |f(x)| <= 1 for every finite x. Subnormal inputs are not flushed.
 *
 *   IsInfinity (DML_OPERATOR_ELEMENT_WISE_IS_INFINITY): a UINT8 output holding 1 where the
 *     input is an infinity the mode selects (EITHER ±inf, POSITIVE +inf, NEGATIVE -inf),
 *     else 0. NaN gives 0. float8 E4M3FN, E4M3FNUZ and E5M2FNUZ have no infinities: all 0.
 *
 *   IsNaN (DML_OPERATOR_ELEMENT_WISE_IS_NAN, from feature level 2_0): 1 where the input is
 *     a NaN (any payload, quiet or signalling, either sign), else 0, in an output of UINT8
 *     or UINT32. Infinities, zeros and subnormals give 0. float8 E4M3FN's NaN is
 *     S.1111.111; E4M3FNUZ's and E5M2FNUZ's only NaN is 0x80.
 *
 *   Identity (DML_OPERATOR_ELEMENT_WISE_IDENTITY): without a ScaleBias, an exact copy of
 *     every element of every type (NaN payloads, signalling NaNs and -0 included). With
 *     one (float types only: FLOAT32, FLOAT16, FLOAT64, BFLOAT16), x * Scale + Bias with the
 *     multiply and the add each rounded to nearest even, never fused: in binary32 for
 *     FLOAT32; FLOAT16 and BFLOAT16 widened exactly to binary32, computed so, then rounded
 *     once to the type; FLOAT64 in binary64. A NaN input gives that NaN made quiet; a NaN
 *     the arithmetic makes (inf * 0, inf - inf, a NaN Scale or Bias) gives the type's
 *     positive default quiet NaN. So {1, 0} is not a copy: -0 gives +0.
 *
 *   Abs (DML_OPERATOR_ELEMENT_WISE_ABS): |x|. Float types clear the sign bit and change
 *     nothing else (-0 gives +0, a NaN keeps its payload and stays signalling if it was);
 *     signed integers wrap, so INT_MIN gives INT_MIN; unsigned types (an extension, for
 *     ONNX) are copied. With a ScaleBias (float types only), |x * Scale + Bias| with
 *     x * Scale + Bias computed exactly as Identity computes it.
 *
 *   Negate (DML_OPERATOR_ELEMENT_WISE_NEGATE, from feature level 5_0): -x. Float types
 *     flip the sign bit and change nothing else (0 gives -0, NaN keeps its payload);
 *     signed integers wrap, so INT_MIN gives INT_MIN.
 *
 *   Add, Subtract, Multiply, Divide (DML_OPERATOR_ELEMENT_WISE_ADD, _ADD1, _SUBTRACT,
 *     _MULTIPLY, _DIVIDE): a + b, a - b, a * b, a / b element by element. Floats: the
 *     IEEE result rounded to nearest even in the operating type (f32 in binary32, f64 in
 *     binary64; f16 computed in binary32 and bf16 in binary64, then rounded once, which is
 *     the correctly rounded result), no contraction or reciprocal. A NaN input gives that
 *     NaN made quiet (A's when both are NaN); a NaN the arithmetic makes (inf - inf,
 *     0 * inf, 0 / 0, inf / inf) gives the type's positive default quiet NaN. Integers
 *     wrap modulo 2^bits (INT_MIN / -1 gives INT_MIN); division truncates toward zero,
 *     and an integer division by zero is refused by dmlp_operator_execute before anything
 *     is written. ADD1's FusedActivation ACTIVATION_SOFTSIGN gives softsign of the sum
 *     rounded to the type, exactly Softsign applied to Add's output.
 *
 *   LogicalGreaterThan (DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN): 1 where a > b,
 *     else 0, in an output of UINT8 or UINT32 (from feature level 2_0; UINT32 only at 1_0)
 *     whatever the inputs' type. Floats compare as numbers: any comparison with a NaN is
 *     false (0), -0 and +0 are equal, subnormals are ordered like any number, -inf < every
 *     finite value < +inf. Integers compare in their own signedness.
 *
 *   LogicalEquals (DML_OPERATOR_ELEMENT_WISE_LOGICAL_EQUALS): 1 where a == b, else 0, in
 *     an output of UINT8 or UINT32 like GreaterThan's. Floats compare as numbers: a NaN
 *     equals nothing (itself included), -0 equals +0. Integers compare their values.
 *
 *   LogicalLessThan (DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN): 1 where a < b, else 0,
 *     likewise (NaN compares false, -0 is not below +0).
 *
 *   LogicalGreaterThanOrEqual, LogicalLessThanOrEqual
 *     (DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL, _LESS_THAN_OR_EQUAL, from
 *     feature level 3_0): 1 where a >= b (a <= b), else 0, likewise: any comparison with a
 *     NaN is false (NaN >= NaN too), -0 >= +0 and -0 <= +0 are true.
 *
 *   LogicalAnd, LogicalOr (DML_OPERATOR_ELEMENT_WISE_LOGICAL_AND, _OR): on UINT8 or
 *     UINT32 (the output the inputs' type): 1 where both (And) or either (Or) of a and b
 *     are nonzero, else 0. The output may be bound exactly onto an input (in place).
 *
 *   LogicalXor (DML_OPERATOR_ELEMENT_WISE_LOGICAL_XOR): likewise, 1 where exactly one of
 *     a and b is nonzero ((!!a) != (!!b)). LogicalNot (DML_OPERATOR_ELEMENT_WISE_LOGICAL_NOT):
 *     one input of UINT8 or UINT32, 1 where x is 0, else 0, in x's type; in place too.
 *   Ceil (DML_OPERATOR_ELEMENT_WISE_CEIL): the smallest integer not below x, in the
 *     input's float type (IEEE roundToIntegralTowardPositive: exact; -0.5 gives -0, ±0 and
 *     ±inf give themselves, NaN the input's NaN made quiet); with a ScaleBias, of
 *     x * Scale + Bias rounded as Identity rounds it.
 *
 *   Floor (DML_OPERATOR_ELEMENT_WISE_FLOOR): the largest integer not above x, likewise
 *     (IEEE roundToIntegralTowardNegative: 0.5 gives +0, -0.5 gives -1).
 *
 *   Round (DML_OPERATOR_ELEMENT_WISE_ROUND, from feature level 2_1): x rounded to an
 *     integer in the input's float type as RoundingMode says: HALVES_TO_NEAREST_EVEN
 *     (2.5 gives 2, 3.5 gives 4), TOWARD_ZERO (truncation: -2.7 gives -2) or
 *     TOWARD_INFINITY (to nearest, ties away from zero: 2.5 gives 3, -2.5 gives -3).
 *     Exact: the sign is kept (-0.4 gives -0), ±0 and ±inf give themselves, NaN the
 *     input's NaN made quiet. Another RoundingMode is an invalid argument.
 *
 *   Max (DML_OPERATOR_ELEMENT_WISE_MAX): the greater of a and b, broadcast. Floats follow
 *     DirectML's GPU max (IEEE 754-2019 maximumNumber): a NaN loses to a number, two NaNs
 *     give A's made quiet, -0 is below +0. With DMLP_EXECUTION_FLAG_NAN_PROPAGATE (ONNX's
 *     rule), IEEE 754-2019 maximum: a NaN wins (A's before B's, made quiet), -0 still below
 *     +0. Integers compare in their own signedness.
 *
 *   Mean (DML_OPERATOR_ELEMENT_WISE_MEAN): (a + b) / 2, broadcast, in that order: the sum
 *     rounded, then halved and rounded (FLOAT16 and BFLOAT16 evaluated in binary32 and
 *     rounded once to the type); a sum beyond the largest finite value is infinite. A's
 *     NaN made quiet, else B's, else inf + -inf gives the default NaN. INT32 and UINT32:
 *     the sum modulo 2^32, halved truncating toward zero.
 *
 *   Min (DML_OPERATOR_ELEMENT_WISE_MIN): the lesser of a and b, broadcast, the mirror of
 *     Max. Floats follow DirectML's GPU min (IEEE 754-2019 minimumNumber): a NaN loses to a
 *     number, two NaNs give A's made quiet, -0 is below +0. With
 *     DMLP_EXECUTION_FLAG_NAN_PROPAGATE (ONNX's rule), IEEE 754-2019 minimum: a NaN wins
 *     (A's before B's, made quiet), -0 still below +0. Integers compare in their own
 *     signedness.
 *
 *   DifferenceSquare (DML_OPERATOR_ELEMENT_WISE_DIFFERENCE_SQUARE): (a - b) * (a - b),
 *     broadcast: the difference rounded, then its square rounded (FLOAT16 and BFLOAT16
 *     evaluated in binary32 and rounded once to the type). A's NaN made quiet, else B's,
 *     else inf - inf gives the default NaN; the result is never negative (±0 gives +0).
 *     INT32 and UINT32 wrap modulo 2^32.
 *
 *   ModulusTruncate (DML_OPERATOR_ELEMENT_WISE_MODULUS_TRUNCATE): a - b * trunc(a / b),
 *     broadcast, the sign of a: C's fmod (exact) and % (INT_MIN % -1 is 0).
 *   ModulusFloor (DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR): a - b * floor(a / b), the
 *     sign of b (numpy's mod): the fmod remainder, plus b (rounded once in the type) when
 *     it is nonzero and of the other sign; a zero remainder takes b's sign. For both: A's
 *     NaN made quiet, else B's; a infinite or b zero gives the default NaN; an integer
 *     divisor of 0 is refused (DMLP_ERROR_INVALID_ARGUMENT) before anything is written.
 *
 *   ParameterizedRelu (DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU): x if x >= 0, else
 *     slope * x, the slope broadcast. -0 gives -0; a NaN x is not >= 0, so it gives the
 *     product's NaN (the slope's NaN made quiet, else x's); the product is rounded once
 *     (FLOAT16 and BFLOAT16 formed exactly in binary32). Signed integers: the product
 *     modulo 2^bits; unsigned integers (extensions) come back unchanged.
 *   BitAnd, BitOr, BitXor (DML_OPERATOR_ELEMENT_WISE_BIT_AND, _OR, _XOR, from feature
 *     level 3_0): a & b, a | b, a ^ b on the bits of each element, broadcast, in the
 *     inputs' type: every integer type, and from 4_1 FLOAT16, FLOAT32 and FLOAT64 as their
 *     encodings (NaN, -0 and subnormals are bit patterns like any other).
 *
 *   BitNot (DML_OPERATOR_ELEMENT_WISE_BIT_NOT, from 3_0): ~x, every bit of each element
 *     flipped, on the same types (-0.0f gives the NaN 0x7FFFFFFF).
 *
 *   BitCount (DML_OPERATOR_ELEMENT_WISE_BIT_COUNT, from 3_0): the number of bits set in
 *     each element (0 to the width), on the same input types, in a UINT8 or UINT32
 *     output whatever the input's type (-1 of INT64 gives 64; -0.0f gives 1).
 *
 *   BitShiftLeft, BitShiftRight (DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_LEFT, _RIGHT, from
 *     2_1): a << b and a >> b, logical shifts of unsigned integers (UINT8, UINT16, UINT32;
 *     UINT64 from 4_1) by the counts in b, broadcast. DirectML's pages are silent on a
 *     count at or past the width: dmlp takes the count modulo the width, as HLSL's shifts
 *     take the low 5 bits of a 32-bit count (a << 33 of UINT32 is a << 1). With
 *     DMLP_EXECUTION_FLAG_SHIFT_PAST_WIDTH_ZERO (numpy's and ONNX's rule) such a count
 *     gives 0.
 *
 *   If (DML_OPERATOR_ELEMENT_WISE_IF, from 2_0): a where the UINT8 condition is nonzero,
 *     else b, the three broadcast by strides to the output's sizes; the chosen element's
 *     bits are copied whatever the type (NaN payloads, -0 and subnormals kept). At 2_0
 *     FLOAT16 with 4 dimensions; from 3_0 the 8-, 16- and 32-bit types, from 5_0 the
 *     64-bit ones too; BFLOAT16 with DMLP_DEVICE_FLAG_EXTENSIONS.
 *
 *   Relu (DML_OPERATOR_ACTIVATION_RELU): max(0, x) in the input's type. Floats follow
 *     DirectML's GPU max (IEEE 754-2019 maximumNumber, -0 below +0): NaN and -0 give +0.
 *     With DMLP_EXECUTION_FLAG_NAN_PROPAGATE (ONNX's rule), IEEE 754-2019 maximum: NaN
 *     gives the NaN made quiet, -0 still gives +0.
 *
 *   ReluGrad (DML_OPERATOR_ACTIVATION_RELU_GRAD, from feature level 3_0): the gradient dy
 *     (InputGradientTensor) where x (InputTensor) > 0, else +0, into OutputGradientTensor.
 *     A selection on the bits: NaN and ±0 x give +0; where x > 0, dy's bits come back as
 *     they are (-0 and NaN payloads included). It never runs in place.
 *
 *   LeakyRelu (DML_OPERATOR_ACTIVATION_LEAKY_RELU): x if x >= 0, else Alpha * x, rounded
 *     in the type's arithmetic (FLOAT16 widened exactly to float32, computed and rounded
 *     once). -0 gives -0; a NaN input comes back quiet with its sign and payload; a NaN
 *     the product makes (-inf * 0, a NaN Alpha) is the positive default quiet NaN.
 *
 *   Linear (DML_OPERATOR_ACTIVATION_LINEAR): Alpha * x + Beta, each operation rounded in
 *     the type's arithmetic as LeakyRelu's; NaN as LeakyRelu's.
 *
 *   ThresholdedRelu (DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU): x if x > Alpha (IEEE's
 *     compare on the exact values), else +0; NaN gives +0.
 *
 *   HardSigmoid (DML_OPERATOR_ACTIVATION_HARD_SIGMOID): max(0, min(Alpha * x + Beta, 1)),
 *     the arithmetic as Linear's, min and max DirectML's GPU ones (minimumNumber and
 *     maximumNumber, -0 below +0): a NaN Alpha * x + Beta gives 1, -0 gives +0. With
 *     DMLP_EXECUTION_FLAG_NAN_PROPAGATE (ONNX's rule) a NaN gives NaN.
 *
 *   Shrink (DML_OPERATOR_ACTIVATION_SHRINK): x - Bias if x > Threshold, x + Bias if
 *     x < -Threshold, else +0 (NaN gives +0). Integers: the sum in float64, truncated
 *     toward zero and saturated to the type.
 *
 *   HardSwish (DML_OPERATOR_ACTIVATION_HARD_SWISH, from 6_2): x * HardSigmoid(x, Alpha,
 *     Beta), the product rounded in the type's arithmetic.
 *
 *   Threshold (DML_OPERATOR_ELEMENT_WISE_THRESHOLD): max(x, Min), Clip (_CLIP):
 *     max(Min, min(x, Max)), x after the ScaleBias (float types). The bounds are first
 *     converted to the tensor's type (floats rounded to nearest even; integers truncated
 *     toward zero and saturated, a NaN bound bounding nothing). min and max are DirectML's
 *     GPU ones (IEEE 754-2019 minimumNumber and maximumNumber: a NaN loses, -0 below +0);
 *     with DMLP_EXECUTION_FLAG_NAN_PROPAGATE, IEEE minimum and maximum (a NaN wins).
 *   ClipGrad (DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD, from 3_1): the gradient of Clip: +0 (0
 *     for integers) where x <= Min or x >= Max, else the incoming gradient's bits
 *     unchanged (NaN payloads included). The comparisons are on exact values: float
 *     elements widened exactly, integers against the FLOAT bounds as numbers (no
 *     truncation). A NaN x or a NaN bound compares false: the gradient passes. -0 equals
 *     +0 (x = -0 with Min = +0 gives 0).
 *   Clip1, ClipGrad1 (DML_OPERATOR_ELEMENT_WISE_CLIP1, _CLIP_GRAD1, from 5_0): Clip and
 *     ClipGrad with Min and Max as DML_SCALAR_UNION values of the tensor's own type
 *     (MinMaxDataType must be the output's DataType; FLOAT16 in UInt16): nothing is
 *     converted, so integers (64-bit ones too) clip and compare by integer bounds
 *     exactly. Clip1's floats follow Clip's rules (NaN, -0, Min above Max, the flag),
 *     ClipGrad1's ClipGrad's (a NaN compares false).
 *   Recip (DML_OPERATOR_ELEMENT_WISE_RECIP): 1 / x, the IEEE quotient rounded to nearest
 *     even in the input's float type (f16 and bf16: widened exactly to f32, divided there,
 *     rounded once to the type). ±0 gives ±inf, ±inf gives ±0, a NaN comes back quiet
 *     with its sign and payload; with a ScaleBias, of x * Scale + Bias computed exactly as
 *     Identity computes it.
 *
 *   Sqrt (DML_OPERATOR_ELEMENT_WISE_SQRT): the square root of x, IEEE's squareRoot rounded
 *     to nearest even in the input's float type (f16 and bf16 through f32, rounded once,
 *     which is their correctly rounded root). -0 gives -0, +inf gives +inf, a NaN comes
 *     back quiet with its sign and payload, a value below zero (-inf too) gives the type's
 *     positive default quiet NaN; with a ScaleBias, of x * Scale + Bias as Identity.
 *
 *   Exp (DML_OPERATOR_ELEMENT_WISE_EXP): e^x, the exact value rounded once to nearest
 *     even in the input's type (FLOAT16 and BFLOAT16 from the exact value, never through
 *     float32; FLOAT64 within 0.5 ULP + 2^-100 relative, so correctly rounded unless the
 *     value lies within 2^-100 of a midpoint). -inf gives +0, +inf +inf, +-0 give 1;
 *     overflow gives +inf, underflow a correctly rounded subnormal or +0 (never flushed);
 *     a NaN comes back quiet with its sign and payload; with a ScaleBias, of x * Scale +
 *     Bias as Identity.
 *
 *   The exponential activations below give, for FLOAT32, FLOAT16 and BFLOAT16, the exact
 *   value of the formula at the float parameters rounded once to nearest even (FLOAT64:
 *   within 1 ULP); a NaN input comes back quiet with its sign and payload, a NaN the
 *   formula makes from numbers (a NaN parameter, 0 * inf) is the positive default NaN.
 *   Elu (DML_OPERATOR_ACTIVATION_ELU): x if x >= 0 (-0 gives -0), else Alpha * (e^x - 1);
 *     -inf gives -Alpha; a tiny negative x gives Alpha * x correctly rounded.
 *   ScaledElu (DML_OPERATOR_ACTIVATION_SCALED_ELU): Gamma * x if x > 0, else Gamma *
 *     (Alpha * e^x - Alpha); +-0 give Gamma * +0, -inf gives -Gamma * Alpha.
 *   Celu (DML_OPERATOR_ACTIVATION_CELU, from 3_0): max(0, x) + min(0, Alpha * (e^(x /
 *     Alpha) - 1)): x for x > 0, +0 for +-0, Alpha * (e^(x / Alpha) - 1) for x < 0 (x /
 *     Alpha exact, not rounded); an Alpha of 0, +-inf or NaN gives the default NaN.
 *   Softplus (DML_OPERATOR_ACTIVATION_SOFTPLUS): ln(1 + e^(Steepness * x)) / Steepness,
 *     Steepness * x exact; +-0 give ln 2 / Steepness, a large Steepness * x gives x, +inf
 *     gives +inf and -inf +0 (Steepness > 0). Every Steepness is taken (DirectML's page
 *     asks for at least 1 but defines no error): Steepness +-0 gives +-inf, inf / inf
 *     and 0 * inf the default NaN.
 *   ParametricSoftplus (DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS): Alpha * ln(1 +
 *     e^(Beta * x)), Beta * x exact; +-0 give Alpha ln 2; Alpha 0 gives a zero of its
 *     sign, an infinite Alpha times ln(1 + e^-inf) = +0 the default NaN.
 *
 *   Log (DML_OPERATOR_ELEMENT_WISE_LOG): the natural logarithm of x, correctly rounded:
 *     for FLOAT32, FLOAT16 and BFLOAT16 the exact log(x) rounded once to nearest even in
 *     the type (subnormal inputs included; no step through another type). FLOAT64: the
 *     double nearest to a value within 2^-99 of log(x) relative to it (correctly rounded
 *     unless log(x) lies that close to a midpoint; always within 1 ulp). ±0 gives -inf,
 *     +inf gives +inf, 1 gives +0, a value below zero (-inf too) gives the type's
 *     positive default quiet NaN, a NaN comes back quiet with its sign and payload; with
 *     a ScaleBias, of x * Scale + Bias computed as Identity computes it.

 *   Erf (DML_OPERATOR_ELEMENT_WISE_ERF): erf(x), the exact value rounded once to nearest
 *     even in f32, f16 and bf16 for every input (docs/accuracy.md): +-0 gives +-0, +-inf
 *     gives +-1 (as does every |x| >= 3.92 or so in f32), a subnormal x its correctly
 *     rounded erf (about 1.128 x), a NaN comes back quiet with its sign and payload. f64:
 *     within 0.5 ulp + 2^-93 relative. With a ScaleBias, of x * Scale + Bias as Identity.
 *
 *   Sinh (DML_OPERATOR_ELEMENT_WISE_SINH): sinh(x), the exact value rounded once to
 *     nearest even in f32, f16 and bf16 for every input (docs/accuracy.md): +-0 gives +-0,
 *     +-inf gives +-inf, as does every |x| from the type's overflow threshold (f32
 *     89.41599, f16 11.79, bf16 89.5); a NaN comes back quiet with its sign and payload.
 *     f64: the double-double value rounded once, within 0.5 ulp + 2^-90 relative (+-inf
 *     from |x| = 710.475860073944). With a ScaleBias, of x * Scale + Bias as Identity.
 *
 *   Cosh (DML_OPERATOR_ELEMENT_WISE_COSH): cosh(x), rounded as Sinh: +-0 gives 1, +-inf
 *     gives +inf, as does every |x| from Sinh's thresholds. f64 within 0.5 ulp + 2^-98.
 *
 *   Asinh (DML_OPERATOR_ELEMENT_WISE_ASINH): asinh(x), rounded as Sinh: +-0 gives +-0,
 *     +-inf gives +-inf. f64 within 0.5 ulp + 2^-96 relative.
 *
 *   Acosh (DML_OPERATOR_ELEMENT_WISE_ACOSH): acosh(x), rounded as Sinh: 1 gives +0, +inf
 *     gives +inf, below 1 (-0 and -inf too) the type's positive default quiet NaN. f64
 *     within 0.5 ulp + 2^-97 relative.
 *
 *   Atanh (DML_OPERATOR_ELEMENT_WISE_ATANH): atanh(x), rounded as Sinh: +-0 gives +-0,
 *     +-1 gives +-inf, |x| > 1 (+-inf too) the type's positive default quiet NaN. f64
 *     within 0.5 ulp + 2^-98 relative.
 *   Sin (DML_OPERATOR_ELEMENT_WISE_SIN): sin(x), x in radians, the exact value rounded
 *     once to nearest even in f32, f16 and bf16 for every input, the largest finite
 *     included (the reduction by pi/2 is exact): +-0 gives +-0, a subnormal x gives x,
 *     +-inf gives the type's positive default quiet NaN, a NaN comes back quiet with its
 *     sign and payload. f64: within 0.5 ulp + 2^-99 relative. With a ScaleBias, of x *
 *     Scale + Bias as Identity.
 *
 *   Cos (DML_OPERATOR_ELEMENT_WISE_COS): cos(x), x in radians, the exact value rounded
 *     once to nearest even in f32, f16 and bf16 for every input, the largest finite
 *     included: +-0 and every subnormal give 1, +-inf gives the type's positive default
 *     quiet NaN, a NaN comes back quiet with its sign and payload. f64: within 0.5 ulp +
 *     2^-99 relative. With a ScaleBias, of x * Scale + Bias as Identity.
 *
 *   Tan (DML_OPERATOR_ELEMENT_WISE_TAN): tan(x), x in radians, the exact value rounded
 *     once to nearest even in f32, f16 and bf16 for every input, the largest finite
 *     included (no input is close enough to an odd multiple of pi/2 to overflow): +-0
 *     gives +-0, a subnormal x gives x, +-inf gives the type's positive default quiet
 *     NaN, a NaN comes back quiet with its sign and payload. f64: within 0.5 ulp + 2^-97
 *     relative. With a ScaleBias, of x * Scale + Bias as Identity.
 *
 *   Gelu (DML_OPERATOR_ACTIVATION_GELU): 0.5 x (1 + erf(x / sqrt2)), the exact value
 *     rounded once to nearest even in f32, f16 and bf16 for every input, subnormal
 *     results included (f32: nonzero down to x = -14.36 or so): +-0 gives +-0, +inf gives
 *     +inf, -inf gives -0 (the limit), a NaN comes back quiet with its sign and payload.
 *     f64: within 0.5 ulp + 2^-92 relative (1 ulp below 2^-1022).
 *
 *   Pow, ConstantPow (DML_OPERATOR_ELEMENT_WISE_POW: InputTensor to the power of the
 *     ExponentTensor's element, broadcast by strides; DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW:
 *     to the power of the float Exponent): x^y, the exact value rounded once to nearest
 *     even in f32, f16 and bf16 (16-bit results never through float32; exact results
 *     and exact midpoints such as 9^0.5, 2^-3, 1.5^2 computed exactly; overflow +-inf,
 *     underflow a correctly rounded subnormal or signed zero). Special values as C99's
 *     pow (IEEE 754-2019 9.2.1): x^(+-0) = 1 and 1^y = 1 even for a NaN; (-1)^(+-inf) = 1;
 *     |x| < 1 gives x^-inf = +inf and x^+inf = +0, |x| > 1 the reverse; (+-0)^y is +-inf
 *     for an odd integer y < 0, +inf for another y < 0, +-0 for an odd integer y > 0, +0
 *     for another; (-inf)^y is -0 / +0 / -inf / +inf likewise; a negative finite x with
 *     a non-integer finite y gives the positive default quiet NaN, with an integer y the
 *     sign of (-1)^y. A NaN x comes back quiet with its sign and payload, else a NaN y.
 *     f64: within 0.5 ulp + 2^-89 relative (exact results exactly). With a ScaleBias,
 *     of x * Scale + Bias as Identity computes it (the base only, never the exponent).
 *     ExponentTensor has InputTensor's type.
 *
 *   Mish (DMLP_OPERATOR_ACTIVATION_MISH, an extension): x tanh(ln(1 + e^x)), ONNX's
 *     Mish, the exact value rounded once to nearest even in f32, f16 and bf16 for every
 *     input, subnormal results included: +-0 gives +-0, +inf gives +inf, -inf gives -0
 *     (the limit), a NaN comes back quiet with its sign and payload. f64: within 0.5 ulp
 *     + 2^-92 relative (1 ulp below 2^-969).
 *
 *   GeluTanh (DMLP_OPERATOR_ACTIVATION_GELU_TANH, an extension): ONNX's Gelu with
 *     approximate = "tanh", 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))) with sqrt(2/pi)
 *     the real number and 0.044715 the decimal, the exact value rounded once to nearest
 *     even in f32, f16 and bf16 for every input: +-0 gives +-0, +inf gives +inf, -inf
 *     gives -0, a NaN comes back quiet with its sign and payload. f64: within 0.5 ulp +
 *     2^-90 relative (1 ulp below 2^-969).
 *
 *   ActivationIdentity (DML_OPERATOR_ACTIVATION_IDENTITY): f(x) = x, a copy of every bit
 *     (NaN payloads, -0) of a float input; no ScaleBias.
 *
 *   Sigmoid (DML_OPERATOR_ACTIVATION_SIGMOID), Tanh (DML_OPERATOR_ACTIVATION_TANH, and
 *     DML_OPERATOR_ELEMENT_WISE_TANH from 2_0 with a ScaleBias), ScaledTanh
 *     (DML_OPERATOR_ACTIVATION_SCALED_TANH: Alpha * tanh(Beta * x)), Swish
 *     (DML_OPERATOR_ACTIVATION_SWISH, from 6_2: x * sigmoid(SigmoidInputScale * x)):
 *     the exact real value of the formula rounded once to nearest even in the type
 *     (f32, f16, bf16: correctly rounded, subnormals never flushed); f64 within 0.5 ULP
 *     + 2^-90 relative (docs/accuracy.md). sigmoid(±0) = 0.5, (+inf) = 1, (-inf) = +0;
 *     tanh(±0) = ±0, (±inf) = ±1. Products with infinities follow IEEE 754 (Swish of
 *     -inf with a positive scale is -inf * 0: the positive default NaN); a NaN input
 *     comes back quiet with its sign and payload.
 *
 *   QuantizeLinear (DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR): clamp(round(input /
 *     scale) + zero_point, Min, Max), Min and Max the output type's range (UINT8 0..255,
 *     INT8 -128..127), round to nearest with ties to even. A float input is divided in
 *     binary32 (FLOAT16 widened exactly), the quotient rounded once, then to an integer;
 *     an INT32 input's exact quotient is rounded once to an integer. NaN gives Min, ±inf
 *     saturates, a scale of 0 divides by zero (x / 0 = ±inf, 0 / 0 = NaN). A NULL
 *     ZeroPointTensor (from 6_2) is a zero point of 0.
 *
 *   DequantizeLinear (DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR): (input - zero_point)
 *     * scale, the difference and the product exact, rounded once to the scale's type
 *     (the output's) to nearest even. A NaN scale gives itself made quiet; 0 * ±inf
 *     gives the positive quiet NaN; zeros and infinities carry IEEE's sign (a difference
 *     of 0 is +0). A NULL ZeroPointTensor (from 6_2) is a zero point of 0.
 *
 *   QuantizedLinearAdd (DML_OPERATOR_ELEMENT_WISE_QUANTIZED_LINEAR_ADD): a = (A -
 *     AZeroPoint) * AScale and b = (B - BZeroPoint) * BScale, each the exact product
 *     rounded once to binary32; s = a + b rounded once to binary32; then
 *     clamp(round(s / OutputScale) + OutputZeroPoint, Min, Max) as QuantizeLinear of a
 *     FLOAT32 input (the quotient rounded to binary32, then to an integer with ties to
 *     even; Min and Max the output type's range). A NaN anywhere (a NaN scale, inf - inf,
 *     0 * inf, 0 / 0) gives Min; ±inf saturates. A NULL zero point is 0.
 *
 *   Cast (DML_OPERATOR_CAST): each element converted to the output's type (any pair of the
 *     types the level lists, the same type too: a copy). Float to float and integer to
 *     float round once to nearest even from the exact value; beyond the largest finite
 *     value, ±inf (float8 without infinities: the largest finite value, or NaN with
 *     DMLP_EXECUTION_FLAG_CAST_NO_SATURATE). NaN stays NaN with its sign and the leading
 *     payload bits, made quiet (float8 E4M3FN: S.1111.111; FNUZ types: 0x80); -0 stays -0
 *     (+0 in the FNUZ types). Float to integer truncates toward zero and saturates: NaN
 *     gives 0, +inf and values above the maximum give the maximum, -inf and values below
 *     the minimum give the minimum (0 for unsigned types). Integer to integer keeps the
 *     low bits (two's complement wrap: 200 as INT16 gives -56 as INT8). The
 *     CAST_ONNX and CAST_TO_BOOL flags below give ONNX's results instead.
 *
 *   Atan (DML_OPERATOR_ELEMENT_WISE_ATAN): the arctangent, the exact value rounded once
 *     to nearest even in f32, f16 and bf16 for every input: +-0 gives +-0, +-inf gives
 *     +-pi/2 rounded, a subnormal x gives x, a NaN comes back quiet with its sign and
 *     payload. f64: within 0.5 ulp + 2^-95 relative. With a ScaleBias, of x * Scale +
 *     Bias as Identity computes it.
 *
 *   Asin (DML_OPERATOR_ELEMENT_WISE_ASIN): the arcsine, the exact value rounded once to
 *     nearest even in f32, f16 and bf16 for every input: +-0 gives +-0, +-1 gives +-pi/2
 *     rounded, |x| > 1 (+-inf too) the positive default quiet NaN, a subnormal x gives x,
 *     a NaN comes back quiet with its sign and payload. f64: within 0.5 ulp + 2^-95
 *     relative. With a ScaleBias, of x * Scale + Bias as Identity computes it.
 *
 *   Acos (DML_OPERATOR_ELEMENT_WISE_ACOS): the arccosine, the exact value rounded once to
 *     nearest even in f32, f16 and bf16 for every input: 1 gives +0, -1 gives pi rounded,
 *     +-0 gives pi/2 rounded, |x| > 1 (+-inf too) the positive default quiet NaN, a NaN
 *     comes back quiet with its sign and payload. f64: within 0.5 ulp + 2^-95 relative.
 *     With a ScaleBias, of x * Scale + Bias as Identity computes it.
 *
 *   AtanYX (DML_OPERATOR_ELEMENT_WISE_ATAN_YX, from 3_1): atan2(y, x) of ATensor's y and
 *     BTensor's x, broadcast, in (-pi, pi], the exact value rounded once to nearest even
 *     in f32, f16 and bf16 for every pair, with IEEE 754-2019 9.2's values at the origin,
 *     on the axes and at infinity (DirectML leaves the origin undefined): atan2(+-0, -0)
 *     = +-pi, atan2(+-0, +0) = +-0, atan2(+-0, x < 0) = +-pi, atan2(+-0, x > 0) = +-0,
 *     atan2(y, +-0) = +-pi/2 for y != 0 of that sign, atan2(+-y, -inf) = +-pi and
 *     atan2(+-y, +inf) = +-0 for finite y > 0, atan2(+-inf, x) = +-pi/2 for finite x,
 *     atan2(+-inf, -inf) = +-3pi/4, atan2(+-inf, +inf) = +-pi/4. A NaN y comes back quiet
 *     with its sign and payload, else a NaN x. f64: within 0.5 ulp + 2^-95 relative
 *     (results below 2^-900: within 1 ulp).
 *
 *   These results do not depend on the caller's floating-point environment: every thread
 *   that works for an execute call (the caller and the device's threads) computes under
 *   round to nearest even with subnormals neither flushed nor read as zero (on x86-64:
 *   MXCSR's FTZ and DAZ clear, exceptions masked), whatever rounding mode or FTZ/DAZ the
 *   caller set (e.g. -ffast-math), and the caller's state is restored before the call
 *   returns.
 *
 * Errors: every function that can fail returns a dmlp_status; on failure it also sets
 * a one-line message for the calling thread, read with dmlp_last_error(), of the form
 * "OPERATOR: Tensor.Field is VALUE; RULE". A later failing call on the same thread
 * overwrites it; a successful call leaves it as it was.
 */
#ifndef DMLP_H
#define DMLP_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(DMLP_STATIC_DEFINE)
#define DMLP_API
#elif defined(_WIN32)
#ifdef DMLP_BUILDING
#define DMLP_API __declspec(dllexport)
#else
#define DMLP_API __declspec(dllimport)
#endif
#elif defined(__GNUC__)
#define DMLP_API __attribute__((visibility("default")))
#else
#define DMLP_API
#endif

#define DMLP_VERSION_MAJOR 0
#define DMLP_VERSION_MINOR 1
#define DMLP_VERSION_PATCH 0

/* ---------------------------------------------------------------------------------------
 * 1. DirectML-compatible types
 * ------------------------------------------------------------------------------------- */

typedef enum DML_TENSOR_DATA_TYPE {
    DML_TENSOR_DATA_TYPE_UNKNOWN = 0,
    DML_TENSOR_DATA_TYPE_FLOAT32 = 1,
    DML_TENSOR_DATA_TYPE_FLOAT16 = 2,
    DML_TENSOR_DATA_TYPE_UINT32 = 3,
    DML_TENSOR_DATA_TYPE_UINT16 = 4,
    DML_TENSOR_DATA_TYPE_UINT8 = 5,
    DML_TENSOR_DATA_TYPE_INT32 = 6,
    DML_TENSOR_DATA_TYPE_INT16 = 7,
    DML_TENSOR_DATA_TYPE_INT8 = 8,
    DML_TENSOR_DATA_TYPE_FLOAT64 = 9,
    DML_TENSOR_DATA_TYPE_UINT64 = 10,
    DML_TENSOR_DATA_TYPE_INT64 = 11,

    /* Extensions (part 2): numbered outside DirectML's range. Valid only on a device
       created with DMLP_DEVICE_FLAG_EXTENSIONS. */
    DMLP_TENSOR_DATA_TYPE_BFLOAT16 = 0x100,      /* 1 sign, 8 exponent, 7 mantissa bits */
    DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN = 0x101, /* no infinities; NaN = S.1111.111 */
    DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FNUZ = 0x102, /* no infinities, no -0; NaN = 0x80 */
    DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2 = 0x103,   /* IEEE-like: ±inf are 0x7C and 0xFC */
    DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2FNUZ = 0x104 /* no infinities, no -0; NaN = 0x80 */
} DML_TENSOR_DATA_TYPE;

typedef enum DML_TENSOR_TYPE {
    DML_TENSOR_TYPE_INVALID = 0,
    DML_TENSOR_TYPE_BUFFER = 1
} DML_TENSOR_TYPE;

typedef enum DML_TENSOR_FLAGS {
    DML_TENSOR_FLAG_NONE = 0x0,
    DML_TENSOR_FLAG_OWNED_BY_DML = 0x1
} DML_TENSOR_FLAGS;

typedef enum DML_OPERATOR_TYPE {
    DML_OPERATOR_INVALID = 0,
    DML_OPERATOR_ELEMENT_WISE_IDENTITY = 1,
    DML_OPERATOR_ELEMENT_WISE_ABS = 2,
    DML_OPERATOR_ELEMENT_WISE_ACOS = 3,
    DML_OPERATOR_ELEMENT_WISE_ADD = 4,
    DML_OPERATOR_ELEMENT_WISE_ASIN = 5,
    DML_OPERATOR_ELEMENT_WISE_ATAN = 6,
    DML_OPERATOR_ELEMENT_WISE_CEIL = 7,
    DML_OPERATOR_ELEMENT_WISE_CLIP = 8,
    DML_OPERATOR_ELEMENT_WISE_COS = 9,
    DML_OPERATOR_ELEMENT_WISE_DIVIDE = 10,
    DML_OPERATOR_ELEMENT_WISE_EXP = 11,
    DML_OPERATOR_ELEMENT_WISE_FLOOR = 12,
    DML_OPERATOR_ELEMENT_WISE_LOG = 13,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_AND = 14,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_EQUALS = 15,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN = 16,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN = 17,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_NOT = 18,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_OR = 19,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_XOR = 20,
    DML_OPERATOR_ELEMENT_WISE_MAX = 21,
    DML_OPERATOR_ELEMENT_WISE_MEAN = 22,
    DML_OPERATOR_ELEMENT_WISE_MIN = 23,
    DML_OPERATOR_ELEMENT_WISE_MULTIPLY = 24,
    DML_OPERATOR_ELEMENT_WISE_POW = 25,
    DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW = 26,
    DML_OPERATOR_ELEMENT_WISE_RECIP = 27,
    DML_OPERATOR_ELEMENT_WISE_SIN = 28,
    DML_OPERATOR_ELEMENT_WISE_SQRT = 29,
    DML_OPERATOR_ELEMENT_WISE_SUBTRACT = 30,
    DML_OPERATOR_ELEMENT_WISE_TAN = 31,
    DML_OPERATOR_ELEMENT_WISE_THRESHOLD = 32,
    DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR = 33,
    DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR = 34,
    DML_OPERATOR_ACTIVATION_ELU = 35,
    DML_OPERATOR_ACTIVATION_HARDMAX = 36,
    DML_OPERATOR_ACTIVATION_HARD_SIGMOID = 37,
    DML_OPERATOR_ACTIVATION_IDENTITY = 38,
    DML_OPERATOR_ACTIVATION_LEAKY_RELU = 39,
    DML_OPERATOR_ACTIVATION_LINEAR = 40,
    DML_OPERATOR_ACTIVATION_LOG_SOFTMAX = 41,
    DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU = 42,
    DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS = 43,
    DML_OPERATOR_ACTIVATION_RELU = 44,
    DML_OPERATOR_ACTIVATION_SCALED_ELU = 45,
    DML_OPERATOR_ACTIVATION_SCALED_TANH = 46,
    DML_OPERATOR_ACTIVATION_SIGMOID = 47,
    DML_OPERATOR_ACTIVATION_SOFTMAX = 48,
    DML_OPERATOR_ACTIVATION_SOFTPLUS = 49,
    DML_OPERATOR_ACTIVATION_SOFTSIGN = 50,
    DML_OPERATOR_ACTIVATION_TANH = 51,
    DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU = 52,
    DML_OPERATOR_CAST = 61,
    DML_OPERATOR_ELEMENT_WISE_SIGN = 79,
    DML_OPERATOR_ELEMENT_WISE_IS_NAN = 80,
    DML_OPERATOR_ELEMENT_WISE_ERF = 81,
    DML_OPERATOR_ELEMENT_WISE_SINH = 82,
    DML_OPERATOR_ELEMENT_WISE_COSH = 83,
    DML_OPERATOR_ELEMENT_WISE_TANH = 84,
    DML_OPERATOR_ELEMENT_WISE_ASINH = 85,
    DML_OPERATOR_ELEMENT_WISE_ACOSH = 86,
    DML_OPERATOR_ELEMENT_WISE_ATANH = 87,
    DML_OPERATOR_ELEMENT_WISE_IF = 88,
    DML_OPERATOR_ELEMENT_WISE_ADD1 = 89,
    DML_OPERATOR_ACTIVATION_SHRINK = 90,
    DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_LEFT = 97,
    DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_RIGHT = 98,
    DML_OPERATOR_ELEMENT_WISE_ROUND = 99,
    DML_OPERATOR_ELEMENT_WISE_IS_INFINITY = 100,
    DML_OPERATOR_ELEMENT_WISE_MODULUS_TRUNCATE = 101,
    DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR = 102,
    DML_OPERATOR_ELEMENT_WISE_BIT_AND = 121,
    DML_OPERATOR_ELEMENT_WISE_BIT_OR = 122,
    DML_OPERATOR_ELEMENT_WISE_BIT_XOR = 123,
    DML_OPERATOR_ELEMENT_WISE_BIT_NOT = 124,
    DML_OPERATOR_ELEMENT_WISE_BIT_COUNT = 125,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL = 126,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL = 127,
    DML_OPERATOR_ACTIVATION_CELU = 128,
    DML_OPERATOR_ACTIVATION_RELU_GRAD = 129,
    DML_OPERATOR_ELEMENT_WISE_ATAN_YX = 141,
    DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD = 142,
    DML_OPERATOR_ELEMENT_WISE_DIFFERENCE_SQUARE = 143,
    DML_OPERATOR_ELEMENT_WISE_QUANTIZED_LINEAR_ADD = 147,
    DML_OPERATOR_ELEMENT_WISE_CLIP1 = 153,
    DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1 = 154,
    DML_OPERATOR_ELEMENT_WISE_NEGATE = 156,
    DML_OPERATOR_ACTIVATION_GELU = 157,
    DML_OPERATOR_ACTIVATION_SOFTMAX1 = 158,
    DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1 = 159,
    DML_OPERATOR_ACTIVATION_HARDMAX1 = 160,
    DML_OPERATOR_ACTIVATION_SWISH = 167,
    DML_OPERATOR_ACTIVATION_HARD_SWISH = 168,

    /* Extensions (part 2): operators ONNX has and DirectML lacks, numbered from 0x1000,
       far beyond DirectML's range (which grows by one per new operator). Valid only on a
       device created with DMLP_DEVICE_FLAG_EXTENSIONS; their descriptors are below. */
    DMLP_OPERATOR_ACTIVATION_MISH = 0x1000,      /* DMLP_ACTIVATION_MISH_OPERATOR_DESC */
    DMLP_OPERATOR_ACTIVATION_GELU_TANH = 0x1001  /* DMLP_ACTIVATION_GELU_TANH_OPERATOR_DESC */
} DML_OPERATOR_TYPE;

typedef enum DML_IS_INFINITY_MODE {
    DML_IS_INFINITY_MODE_EITHER = 0,
    DML_IS_INFINITY_MODE_POSITIVE = 1,
    DML_IS_INFINITY_MODE_NEGATIVE = 2
} DML_IS_INFINITY_MODE;

/* How ELEMENT_WISE_ROUND rounds to an integer: ties to even, truncation, or ties away
   from zero ("toward infinity": the infinity of the value's sign). */
typedef enum DML_ROUNDING_MODE {
    DML_ROUNDING_MODE_HALVES_TO_NEAREST_EVEN = 0,
    DML_ROUNDING_MODE_TOWARD_ZERO = 1,
    DML_ROUNDING_MODE_TOWARD_INFINITY = 2
} DML_ROUNDING_MODE;

typedef enum DML_FEATURE_LEVEL {
    DML_FEATURE_LEVEL_1_0 = 0x1000,
    DML_FEATURE_LEVEL_2_0 = 0x2000,
    DML_FEATURE_LEVEL_2_1 = 0x2100,
    DML_FEATURE_LEVEL_3_0 = 0x3000,
    DML_FEATURE_LEVEL_3_1 = 0x3100,
    DML_FEATURE_LEVEL_4_0 = 0x4000,
    DML_FEATURE_LEVEL_4_1 = 0x4100,
    DML_FEATURE_LEVEL_5_0 = 0x5000,
    DML_FEATURE_LEVEL_5_1 = 0x5100,
    DML_FEATURE_LEVEL_5_2 = 0x5200,
    DML_FEATURE_LEVEL_6_0 = 0x6000,
    DML_FEATURE_LEVEL_6_1 = 0x6100,
    DML_FEATURE_LEVEL_6_2 = 0x6200,
    DML_FEATURE_LEVEL_6_3 = 0x6300,
    DML_FEATURE_LEVEL_6_4 = 0x6400
} DML_FEATURE_LEVEL;

typedef enum DML_EXECUTION_FLAGS {
    DML_EXECUTION_FLAG_NONE = 0,
    DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION = 0x1,
    DML_EXECUTION_FLAG_DISABLE_META_COMMANDS = 0x2,
    DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE = 0x4
} DML_EXECUTION_FLAGS;

/* A tensor in a linear buffer. Sizes and Strides have DimensionCount entries each;
   Strides are in elements, NULL means packed row-major. TotalTensorSizeInBytes must be
   at least dmlp_calc_buffer_tensor_size() of the same type, sizes and strides. */
typedef struct DML_BUFFER_TENSOR_DESC {
    DML_TENSOR_DATA_TYPE DataType;
    DML_TENSOR_FLAGS Flags;
    uint32_t DimensionCount;
    const uint32_t *Sizes;
    const uint32_t *Strides;
    uint64_t TotalTensorSizeInBytes;
    uint32_t GuaranteedBaseOffsetAlignment;
} DML_BUFFER_TENSOR_DESC;

typedef struct DML_TENSOR_DESC {
    DML_TENSOR_TYPE Type; /* must be DML_TENSOR_TYPE_BUFFER */
    const void *Desc;     /* const DML_BUFFER_TENSOR_DESC * */
} DML_TENSOR_DESC;

typedef struct DML_OPERATOR_DESC {
    DML_OPERATOR_TYPE Type;
    const void *Desc; /* the operator's own desc struct, below */
} DML_OPERATOR_DESC;

/* out = x * Scale + Bias, for the operators that take one (Identity, Abs): applied to
   the input before the operator's own function. */
typedef struct DML_SCALE_BIAS {
    float Scale;
    float Bias;
} DML_SCALE_BIAS;

/* A scalar of any tensor type (ELEMENT_WISE_CLIP1's Min and Max), read as the member of
   the type a companion DML_TENSOR_DATA_TYPE member names (MinMaxDataType). FLOAT16 (and
   the extension BFLOAT16) travel as their bits in UInt16. */
typedef union DML_SCALAR_UNION {
    uint8_t Bytes[8];
    int8_t Int8;
    uint8_t UInt8;
    int16_t Int16;
    uint16_t UInt16;
    int32_t Int32;
    uint32_t UInt32;
    int64_t Int64;
    uint64_t UInt64;
    float Float32;
    double Float64;
} DML_SCALAR_UNION;

typedef struct DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    const DML_SCALE_BIAS *ScaleBias; /* may be NULL: an exact copy */
} DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ABS_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    const DML_SCALE_BIAS *ScaleBias; /* may be NULL: |x| */
} DML_ELEMENT_WISE_ABS_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ATAN_YX_OPERATOR_DESC {
    const DML_TENSOR_DESC *ATensor; /* y */
    const DML_TENSOR_DESC *BTensor; /* x */
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_ATAN_YX_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ACOS_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    const DML_SCALE_BIAS *ScaleBias; /* may be NULL */
} DML_ELEMENT_WISE_ACOS_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ASIN_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    const DML_SCALE_BIAS *ScaleBias; /* may be NULL */
} DML_ELEMENT_WISE_ASIN_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ATAN_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    const DML_SCALE_BIAS *ScaleBias; /* may be NULL */
} DML_ELEMENT_WISE_ATAN_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_CEIL_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    const DML_SCALE_BIAS *ScaleBias; /* may be NULL */
} DML_ELEMENT_WISE_CEIL_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_MAX_OPERATOR_DESC {
    const DML_TENSOR_DESC *ATensor;
    const DML_TENSOR_DESC *BTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_MAX_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_MEAN_OPERATOR_DESC {
    const DML_TENSOR_DESC *ATensor;
    const DML_TENSOR_DESC *BTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_MEAN_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_MIN_OPERATOR_DESC {
    const DML_TENSOR_DESC *ATensor;
    const DML_TENSOR_DESC *BTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_MIN_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_DIFFERENCE_SQUARE_OPERATOR_DESC {
    const DML_TENSOR_DESC *ATensor;
    const DML_TENSOR_DESC *BTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_DIFFERENCE_SQUARE_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_MODULUS_TRUNCATE_OPERATOR_DESC {
    const DML_TENSOR_DESC *ATensor;
    const DML_TENSOR_DESC *BTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_MODULUS_TRUNCATE_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_MODULUS_FLOOR_OPERATOR_DESC {
    const DML_TENSOR_DESC *ATensor;
    const DML_TENSOR_DESC *BTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_MODULUS_FLOOR_OPERATOR_DESC;

/* SlopeTensor has InputTensor's data type, dimension count and sizes (a stride of 0
   broadcasts it). */
typedef struct DML_ACTIVATION_PARAMETERIZED_RELU_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *SlopeTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ACTIVATION_PARAMETERIZED_RELU_OPERATOR_DESC;
/* The bitwise operators work on each element's bits ("its native encoding"): a float
   type is its encoding, and only the element's width matters. */
typedef struct DML_ELEMENT_WISE_BIT_AND_OPERATOR_DESC {
    const DML_TENSOR_DESC *ATensor;
    const DML_TENSOR_DESC *BTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_BIT_AND_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_BIT_OR_OPERATOR_DESC {
    const DML_TENSOR_DESC *ATensor;
    const DML_TENSOR_DESC *BTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_BIT_OR_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_BIT_XOR_OPERATOR_DESC {
    const DML_TENSOR_DESC *ATensor;
    const DML_TENSOR_DESC *BTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_BIT_XOR_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_BIT_NOT_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_BIT_NOT_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_BIT_SHIFT_LEFT_OPERATOR_DESC {
    const DML_TENSOR_DESC *ATensor;
    const DML_TENSOR_DESC *BTensor; /* the shift counts */
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_BIT_SHIFT_LEFT_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_BIT_SHIFT_RIGHT_OPERATOR_DESC {
    const DML_TENSOR_DESC *ATensor;
    const DML_TENSOR_DESC *BTensor; /* the shift counts */
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_BIT_SHIFT_RIGHT_OPERATOR_DESC;

/* ConditionTensor is UINT8; ATensor, BTensor and OutputTensor share one type. */
typedef struct DML_ELEMENT_WISE_IF_OPERATOR_DESC {
    const DML_TENSOR_DESC *ConditionTensor;
    const DML_TENSOR_DESC *ATensor;
    const DML_TENSOR_DESC *BTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_IF_OPERATOR_DESC;

/* The output's DataType (UINT8 or UINT32) may differ from the input's. */
typedef struct DML_ELEMENT_WISE_BIT_COUNT_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_BIT_COUNT_OPERATOR_DESC;

typedef struct DML_ACTIVATION_RELU_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ACTIVATION_RELU_OPERATOR_DESC;

typedef struct DML_ACTIVATION_RELU_GRAD_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *InputGradientTensor;
    const DML_TENSOR_DESC *OutputGradientTensor;
} DML_ACTIVATION_RELU_GRAD_OPERATOR_DESC;

typedef struct DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    float Alpha;
} DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC;

typedef struct DML_ACTIVATION_ELU_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    float Alpha;
} DML_ACTIVATION_ELU_OPERATOR_DESC;

typedef struct DML_ACTIVATION_SCALED_ELU_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    float Alpha;
    float Gamma;
} DML_ACTIVATION_SCALED_ELU_OPERATOR_DESC;

typedef struct DML_ACTIVATION_CELU_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    float Alpha;
} DML_ACTIVATION_CELU_OPERATOR_DESC;

typedef struct DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    float Steepness;
} DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC;

typedef struct DML_ACTIVATION_PARAMETRIC_SOFTPLUS_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    float Alpha;
    float Beta;
} DML_ACTIVATION_PARAMETRIC_SOFTPLUS_OPERATOR_DESC;

typedef struct DML_ACTIVATION_LINEAR_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    float Alpha;
    float Beta;
} DML_ACTIVATION_LINEAR_OPERATOR_DESC;

typedef struct DML_ACTIVATION_THRESHOLDED_RELU_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    float Alpha;
} DML_ACTIVATION_THRESHOLDED_RELU_OPERATOR_DESC;

typedef struct DML_ACTIVATION_HARD_SIGMOID_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    float Alpha;
    float Beta;
} DML_ACTIVATION_HARD_SIGMOID_OPERATOR_DESC;

typedef struct DML_ACTIVATION_SHRINK_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    float Bias;
    float Threshold;
} DML_ACTIVATION_SHRINK_OPERATOR_DESC;

typedef struct DML_ACTIVATION_HARD_SWISH_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    float Alpha;
    float Beta;
} DML_ACTIVATION_HARD_SWISH_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    const DML_SCALE_BIAS *ScaleBias; /* may be NULL */
    float Min;
} DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *ScaleTensor;
    const DML_TENSOR_DESC *ZeroPointTensor; /* may be NULL from feature level 6_2 */
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *ScaleTensor;
    const DML_TENSOR_DESC *ZeroPointTensor; /* may be NULL from feature level 6_2 */
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC {
    const DML_TENSOR_DESC *ATensor;
    const DML_TENSOR_DESC *AScaleTensor;
    const DML_TENSOR_DESC *AZeroPointTensor; /* may be NULL */
    const DML_TENSOR_DESC *BTensor;
    const DML_TENSOR_DESC *BScaleTensor;
    const DML_TENSOR_DESC *BZeroPointTensor; /* may be NULL */
    const DML_TENSOR_DESC *OutputScaleTensor;
    const DML_TENSOR_DESC *OutputZeroPointTensor; /* may be NULL */
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_CLIP_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    const DML_SCALE_BIAS *ScaleBias; /* may be NULL */
    float Min;
    float Max;
} DML_ELEMENT_WISE_CLIP_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_CLIP_GRAD_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *InputGradientTensor;
    const DML_TENSOR_DESC *OutputGradientTensor;
    float Min;
    float Max;
} DML_ELEMENT_WISE_CLIP_GRAD_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    const DML_SCALE_BIAS *ScaleBias; /* may be NULL */
    DML_TENSOR_DATA_TYPE MinMaxDataType;
    DML_SCALAR_UNION Min;
    DML_SCALAR_UNION Max;
} DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *InputGradientTensor;
    const DML_TENSOR_DESC *OutputGradientTensor;
    DML_TENSOR_DATA_TYPE MinMaxDataType;
    DML_SCALAR_UNION Min;
    DML_SCALAR_UNION Max;
} DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_FLOOR_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    const DML_SCALE_BIAS *ScaleBias; /* may be NULL */
} DML_ELEMENT_WISE_FLOOR_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_RECIP_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    const DML_SCALE_BIAS *ScaleBias; /* may be NULL */
} DML_ELEMENT_WISE_RECIP_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_SQRT_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    const DML_SCALE_BIAS *ScaleBias; /* may be NULL */
} DML_ELEMENT_WISE_SQRT_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_SIN_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    const DML_SCALE_BIAS *ScaleBias; /* may be NULL */
} DML_ELEMENT_WISE_SIN_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_COS_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    const DML_SCALE_BIAS *ScaleBias; /* may be NULL */
} DML_ELEMENT_WISE_COS_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_TAN_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    const DML_SCALE_BIAS *ScaleBias; /* may be NULL */
} DML_ELEMENT_WISE_TAN_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_EXP_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    const DML_SCALE_BIAS *ScaleBias; /* may be NULL */
} DML_ELEMENT_WISE_EXP_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_LOG_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    const DML_SCALE_BIAS *ScaleBias; /* may be NULL */
} DML_ELEMENT_WISE_LOG_OPERATOR_DESC;
typedef struct DML_ELEMENT_WISE_POW_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *ExponentTensor;
    const DML_TENSOR_DESC *OutputTensor;
    const DML_SCALE_BIAS *ScaleBias; /* may be NULL */
} DML_ELEMENT_WISE_POW_OPERATOR_DESC;
typedef struct DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    const DML_SCALE_BIAS *ScaleBias; /* may be NULL */
    float Exponent;
} DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC;
typedef struct DML_ELEMENT_WISE_ERF_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    const DML_SCALE_BIAS *ScaleBias; /* may be NULL */
} DML_ELEMENT_WISE_ERF_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_SINH_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    const DML_SCALE_BIAS *ScaleBias; /* may be NULL */
} DML_ELEMENT_WISE_SINH_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_COSH_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    const DML_SCALE_BIAS *ScaleBias; /* may be NULL */
} DML_ELEMENT_WISE_COSH_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ASINH_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    const DML_SCALE_BIAS *ScaleBias; /* may be NULL */
} DML_ELEMENT_WISE_ASINH_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ACOSH_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    const DML_SCALE_BIAS *ScaleBias; /* may be NULL */
} DML_ELEMENT_WISE_ACOSH_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ATANH_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    const DML_SCALE_BIAS *ScaleBias; /* may be NULL */
} DML_ELEMENT_WISE_ATANH_OPERATOR_DESC;

typedef struct DML_ACTIVATION_GELU_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ACTIVATION_GELU_OPERATOR_DESC;

/* Softmax, LogSoftmax and Hardmax along the last axis (effective rank at most 2: the
   leading axes of size 1 dropped, at most one batch axis remains). */
typedef struct DML_ACTIVATION_SOFTMAX_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ACTIVATION_SOFTMAX_OPERATOR_DESC;

typedef struct DML_ACTIVATION_LOG_SOFTMAX_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ACTIVATION_LOG_SOFTMAX_OPERATOR_DESC;

typedef struct DML_ACTIVATION_HARDMAX_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ACTIVATION_HARDMAX_OPERATOR_DESC;

/* The same along any set of axes (from 5_1): Axes[0 .. AxisCount) are distinct dimension
   indices below the input's DimensionCount; the row is every element those axes reach. */
typedef struct DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    uint32_t AxisCount;
    const uint32_t *Axes;
} DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC;

typedef struct DML_ACTIVATION_LOG_SOFTMAX1_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    uint32_t AxisCount;
    const uint32_t *Axes;
} DML_ACTIVATION_LOG_SOFTMAX1_OPERATOR_DESC;

typedef struct DML_ACTIVATION_HARDMAX1_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    uint32_t AxisCount;
    const uint32_t *Axes;
} DML_ACTIVATION_HARDMAX1_OPERATOR_DESC;

/* Extension operators (part 2; DMLP_DEVICE_FLAG_EXTENSIONS): ONNX's Mish and ONNX's Gelu
   with approximate = "tanh". Both take the types of ACTIVATION_GELU from its feature
   level (5_1): FLOAT32 and FLOAT16, and FLOAT64 and BFLOAT16 as every extension. */
typedef struct DMLP_ACTIVATION_MISH_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DMLP_ACTIVATION_MISH_OPERATOR_DESC;

typedef struct DMLP_ACTIVATION_GELU_TANH_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DMLP_ACTIVATION_GELU_TANH_OPERATOR_DESC;

/* No ScaleBias: ELEMENT_WISE_IDENTITY's is DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC. */
typedef struct DML_ACTIVATION_IDENTITY_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ACTIVATION_IDENTITY_OPERATOR_DESC;

typedef struct DML_ACTIVATION_SIGMOID_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ACTIVATION_SIGMOID_OPERATOR_DESC;

typedef struct DML_ACTIVATION_TANH_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ACTIVATION_TANH_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_TANH_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    const DML_SCALE_BIAS *ScaleBias; /* may be NULL */
} DML_ELEMENT_WISE_TANH_OPERATOR_DESC;

typedef struct DML_ACTIVATION_SCALED_TANH_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    float Alpha;
    float Beta;
} DML_ACTIVATION_SCALED_TANH_OPERATOR_DESC;

typedef struct DML_ACTIVATION_SWISH_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    float SigmoidInputScale;
} DML_ACTIVATION_SWISH_OPERATOR_DESC;

/* The output's DataType says what each element becomes (it may differ from the input's). */
typedef struct DML_CAST_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_CAST_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_NEGATE_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_NEGATE_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_SIGN_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_SIGN_OPERATOR_DESC;

typedef struct DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    DML_IS_INFINITY_MODE InfinityMode;
} DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ROUND_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    DML_ROUNDING_MODE RoundingMode;
} DML_ELEMENT_WISE_ROUND_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_IS_NAN_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_IS_NAN_OPERATOR_DESC;

/* The two-input element-wise operators: ATensor, BTensor and OutputTensor have the same
   data type, dimension count and sizes; an input broadcasts along an axis through a
   stride of 0. */
typedef struct DML_ELEMENT_WISE_ADD_OPERATOR_DESC {
    const DML_TENSOR_DESC *ATensor;
    const DML_TENSOR_DESC *BTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_ADD_OPERATOR_DESC;

/* FusedActivation may be NULL; otherwise an activation's DML_OPERATOR_DESC whose tensor
   pointers are NULL (dmlp: DML_OPERATOR_ACTIVATION_SOFTSIGN), applied to the sum. */
typedef struct DML_ELEMENT_WISE_ADD1_OPERATOR_DESC {
    const DML_TENSOR_DESC *ATensor;
    const DML_TENSOR_DESC *BTensor;
    const DML_TENSOR_DESC *OutputTensor;
    const DML_OPERATOR_DESC *FusedActivation;
} DML_ELEMENT_WISE_ADD1_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_SUBTRACT_OPERATOR_DESC {
    const DML_TENSOR_DESC *ATensor;
    const DML_TENSOR_DESC *BTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_SUBTRACT_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC {
    const DML_TENSOR_DESC *ATensor;
    const DML_TENSOR_DESC *BTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_DIVIDE_OPERATOR_DESC {
    const DML_TENSOR_DESC *ATensor;
    const DML_TENSOR_DESC *BTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_DIVIDE_OPERATOR_DESC;

/* The logical operators: ATensor and BTensor have one data type; the output has their
   dimension count and sizes. The comparisons' (GreaterThan's, Equals', ...) output is
   UINT8 or UINT32 whatever the inputs' type; And's and Or's is the inputs' type (UINT8 or
   UINT32). */
typedef struct DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OPERATOR_DESC {
    const DML_TENSOR_DESC *ATensor;
    const DML_TENSOR_DESC *BTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_LOGICAL_EQUALS_OPERATOR_DESC {
    const DML_TENSOR_DESC *ATensor;
    const DML_TENSOR_DESC *BTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_LOGICAL_EQUALS_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OPERATOR_DESC {
    const DML_TENSOR_DESC *ATensor;
    const DML_TENSOR_DESC *BTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL_OPERATOR_DESC {
    const DML_TENSOR_DESC *ATensor;
    const DML_TENSOR_DESC *BTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL_OPERATOR_DESC {
    const DML_TENSOR_DESC *ATensor;
    const DML_TENSOR_DESC *BTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_LOGICAL_AND_OPERATOR_DESC {
    const DML_TENSOR_DESC *ATensor;
    const DML_TENSOR_DESC *BTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_LOGICAL_AND_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_LOGICAL_OR_OPERATOR_DESC {
    const DML_TENSOR_DESC *ATensor;
    const DML_TENSOR_DESC *BTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_LOGICAL_OR_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_LOGICAL_XOR_OPERATOR_DESC {
    const DML_TENSOR_DESC *ATensor;
    const DML_TENSOR_DESC *BTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_LOGICAL_XOR_OPERATOR_DESC;

/* LogicalNot: one input, the output of its type (UINT8 or UINT32), dimension count and
   sizes. */
typedef struct DML_ELEMENT_WISE_LOGICAL_NOT_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
} DML_ELEMENT_WISE_LOGICAL_NOT_OPERATOR_DESC;

/* DirectML's DMLCalcBufferTensorSize: the bytes a buffer tensor spans,
   roundup4((dot(Sizes - 1, Strides) + 1) * ElementSize), packed strides when strides is
   NULL. Returns 0 when an argument is invalid (unknown type, dimension_count 0, NULL
   sizes, a size of 0) or the result does not fit in 64 bits. */
DMLP_API uint64_t dmlp_calc_buffer_tensor_size(DML_TENSOR_DATA_TYPE type,
                                               uint32_t dimension_count,
                                               const uint32_t *sizes,
                                               const uint32_t *strides);

/* ---------------------------------------------------------------------------------------
 * 2. Extensions
 * ------------------------------------------------------------------------------------- */

/* Sign returns NaN for a NaN input instead of 0 (ONNX's behaviour). Accepted by the other
   operators, where it changes nothing. Needs DMLP_DEVICE_FLAG_EXTENSIONS. */
#define DMLP_EXECUTION_FLAG_NAN_PROPAGATE 0x100u

/* Cast: float-to-integer results for NaN, ±inf and out-of-range values as ONNX's reference
   evaluator gives them on x86-64 (numpy's conversions: the value truncated through a
   32-bit conversion for INT8 ... INT32 and keeping the low bits, through a 64-bit one for
   INT64; NaN and values beyond that conversion's range give its "integer indefinite"
   0x80000000 / 0x8000000000000000; docs/onnx.md gives every case) instead of DirectML's
   saturation. Needs DMLP_DEVICE_FLAG_EXTENSIONS; the other operators ignore it. */
#define DMLP_EXECUTION_FLAG_CAST_ONNX 0x200u

/* Cast to a float8 type: a value beyond the largest finite one gives NaN (±inf for
   E5M2) instead of the largest finite value (ONNX's saturate = 0). */
#define DMLP_EXECUTION_FLAG_CAST_NO_SATURATE 0x400u

/* Cast to UINT8 as ONNX's bool: 1 where the input is not zero (NaN included), else 0. */
#define DMLP_EXECUTION_FLAG_CAST_TO_BOOL 0x800u

/* BitShiftLeft, BitShiftRight: a shift count at or past the element's width gives 0
   (numpy's left_shift and right_shift, ONNX's reference) instead of DirectML's count
   modulo the width (HLSL's shifts use the count's low bits). Needs
   DMLP_DEVICE_FLAG_EXTENSIONS; the other operators ignore it. */
#define DMLP_EXECUTION_FLAG_SHIFT_PAST_WIDTH_ZERO 0x4000u

/* Device flag: accept the extension data types and execution flags. With it, Sign and
   Softsign also take FLOAT64 and BFLOAT16, IsInfinity FLOAT64, BFLOAT16 and the four
   float8 types, Identity BFLOAT16 and the four float8 types, Abs FLOAT64, BFLOAT16 and
   the unsigned types, Negate FLOAT64 and BFLOAT16, Cast BFLOAT16 and the four float8
   types on either side, each with the dimension counts the device's level allows the
   operator. It also admits the extension operators (DMLP_OPERATOR_ACTIVATION_MISH,
   DMLP_OPERATOR_ACTIVATION_GELU_TANH); without it they are refused naming the flag. */
#define DMLP_DEVICE_FLAG_EXTENSIONS 0x1u

/* ---------------------------------------------------------------------------------------
 * 3. Devices, operators and execution
 * ------------------------------------------------------------------------------------- */

typedef enum dmlp_status {
    DMLP_OK = 0,
    DMLP_ERROR_INVALID_ARGUMENT, /* a descriptor, binding or argument breaks a rule */
    DMLP_ERROR_UNSUPPORTED,      /* valid, but not at this feature level or device */
    DMLP_ERROR_OUT_OF_MEMORY,
    DMLP_ERROR_IO,               /* a file could not be read or written */
    DMLP_ERROR_FORMAT            /* a file or model is malformed */
} dmlp_status;

/* The status's name, e.g. "DMLP_ERROR_INVALID_ARGUMENT"; "unknown status" otherwise.
   Never NULL; the string is static. */
DMLP_API const char *dmlp_status_string(dmlp_status status);

/* The calling thread's last failure message: one line, no trailing newline. Empty if no
   call on this thread has failed. Valid until the next dmlp call on the same thread. */
DMLP_API const char *dmlp_last_error(void);

typedef struct dmlp_device dmlp_device;
typedef struct dmlp_operator dmlp_operator;

typedef struct dmlp_device_desc {
    DML_FEATURE_LEVEL feature_level; /* 0: the highest, 6_4. Others: a level of the enum,
                                        or any value from 1_0 up (a level between two
                                        table rows uses the lower row) */
    uint32_t thread_count;           /* 0: one per available core (or DMLP_NUM_THREADS) */
    uint32_t flags;                  /* DMLP_DEVICE_FLAG_* */
} dmlp_device_desc;

/* Creates a device: the feature level operators are validated at and the threads they
   run on. desc may be NULL (level 6_4, one thread per core, no extensions).
   Statuses: INVALID_ARGUMENT (device NULL, a level below 1_0, unknown flags),
   OUT_OF_MEMORY (also when a thread cannot be started). Thread-safe. */
DMLP_API dmlp_status dmlp_device_create(const dmlp_device_desc *desc, dmlp_device **device);

/* Destroys a device and its threads. Accepts NULL. Every operator of the device must be
   destroyed first, and no call may be using the device. */
DMLP_API void dmlp_device_destroy(dmlp_device *device);

/* Validates an operator descriptor completely at the device's level (tensor rules,
   support tables, execution flags) and prepares its execution plan. The descriptor is
   copied: the caller may free it after the call. execution_flags is an OR of
   DML_EXECUTION_FLAGS and, with extensions, DMLP_EXECUTION_FLAG_NAN_PROPAGATE and the
   DMLP_EXECUTION_FLAG_CAST_* flags.
   Statuses: INVALID_ARGUMENT (a rule broken), UNSUPPORTED (an operator, type or
   dimension count the level or device does not support), OUT_OF_MEMORY.
   *op is set only on success. Thread-safe. */
DMLP_API dmlp_status dmlp_operator_create(dmlp_device *device, const DML_OPERATOR_DESC *desc,
                                          uint32_t execution_flags, dmlp_operator **op);

/* Destroys an operator. Accepts NULL. No execute may be running on it. */
DMLP_API void dmlp_operator_destroy(dmlp_operator *op);

/* Where a tensor lives: host memory buffer, the tensor's first byte at buffer + offset,
   size_in_bytes bytes usable from there. */
typedef struct dmlp_buffer_binding {
    void *buffer;
    uint64_t offset;
    uint64_t size_in_bytes;
} dmlp_buffer_binding;

/* Validates the bindings, then runs the operator on the device's threads; returns when
   the output is written. One binding per input tensor of the operator (one, or ATensor
   then BTensor) and one output binding.
   Rules: non-NULL buffers; each range holds the tensor's TotalTensorSizeInBytes and does
   not wrap the address space; GuaranteedBaseOffsetAlignment honoured; an output's range
   overlaps no input's range, except that Sign, Softsign, Identity and the two-input
   operators may run in place (output bound to exactly an input's start, with the same
   size and strides). An integer DIVIDE whose BTensor holds a 0 is refused.
   Statuses: INVALID_ARGUMENT. Nothing is written unless every check passed.
   May be called concurrently on the same operator with different bindings. */
DMLP_API dmlp_status dmlp_operator_execute(dmlp_operator *op, uint32_t input_count,
                                           const dmlp_buffer_binding *inputs,
                                           uint32_t output_count,
                                           const dmlp_buffer_binding *outputs);

/* ---------------------------------------------------------------------------------------
 * Graphs: DirectML's IDMLDevice1::CompileGraph. The structs have DirectML.h's names,
 * member order and enum values; an operator node holds a dmlp_operator where DirectML
 * holds an IDMLOperator. docs/graphs.md has the whole story.
 *
 * A graph is a set of nodes (operators made with dmlp_operator_create, and constant data)
 * joined by edges: a graph input to a node input (INPUT), a node output to a graph output
 * (OUTPUT), a node output to another node's input (INTERMEDIATE; a constant node's data
 * reaches its consumers this way, as output 0). dmlp_graph_compile checks the graph and
 * makes one operator of it, run with dmlp_operator_execute: one binding per graph input
 * (in GraphInputIndex order), then one per graph output.
 *
 * Results are those of running the nodes one by one, bit for bit. How it runs: a graph
 * whose tensors all hold the same number of packed elements (an input of a two-input
 * node may instead be one element broadcast with strides of 0) runs in one pass, block by
 * block: each thread runs every node on a few thousand elements in cache and writes only
 * the graph outputs to memory. In FLOAT32 and FLOAT64, DIVIDE(x, ADD(ABS(x), c)) and
 * DIVIDE(x, ADD(c, ABS(x))) (ADD or ADD1 without a FusedActivation, c a constant node
 * holding 1) run as one ACTIVATION_SOFTSIGN, whose definition is those very two roundings.
 * Any other graph runs node by node through full-size intermediates.
 * ------------------------------------------------------------------------------------- */

typedef enum DML_GRAPH_EDGE_TYPE {
    DML_GRAPH_EDGE_TYPE_INVALID = 0,
    DML_GRAPH_EDGE_TYPE_INPUT = 1,
    DML_GRAPH_EDGE_TYPE_OUTPUT = 2,
    DML_GRAPH_EDGE_TYPE_INTERMEDIATE = 3
} DML_GRAPH_EDGE_TYPE;

typedef enum DML_GRAPH_NODE_TYPE {
    DML_GRAPH_NODE_TYPE_INVALID = 0,
    DML_GRAPH_NODE_TYPE_OPERATOR = 1,
    DML_GRAPH_NODE_TYPE_CONSTANT = 2
} DML_GRAPH_NODE_TYPE;

typedef struct DML_GRAPH_EDGE_DESC {
    DML_GRAPH_EDGE_TYPE Type;
    const void *Desc; /* the DML_*_GRAPH_EDGE_DESC of Type */
} DML_GRAPH_EDGE_DESC;

typedef struct DML_GRAPH_NODE_DESC {
    DML_GRAPH_NODE_TYPE Type;
    const void *Desc; /* DML_OPERATOR_GRAPH_NODE_DESC or DML_CONSTANT_DATA_GRAPH_NODE_DESC */
} DML_GRAPH_NODE_DESC;

/* Name (may be NULL) prefixes the messages that concern the edge or node. */
typedef struct DML_INPUT_GRAPH_EDGE_DESC {
    uint32_t GraphInputIndex;
    uint32_t ToNodeIndex;
    uint32_t ToNodeInputIndex;
    const char *Name;
} DML_INPUT_GRAPH_EDGE_DESC;

typedef struct DML_OUTPUT_GRAPH_EDGE_DESC {
    uint32_t FromNodeIndex;
    uint32_t FromNodeOutputIndex;
    uint32_t GraphOutputIndex;
    const char *Name;
} DML_OUTPUT_GRAPH_EDGE_DESC;

typedef struct DML_INTERMEDIATE_GRAPH_EDGE_DESC {
    uint32_t FromNodeIndex;
    uint32_t FromNodeOutputIndex;
    uint32_t ToNodeIndex;
    uint32_t ToNodeInputIndex;
    const char *Name;
} DML_INTERMEDIATE_GRAPH_EDGE_DESC;

/* Operator: an operator of the same device (not itself a compiled graph). The graph
   keeps its own copy: the caller may destroy Operator after dmlp_graph_compile. */
typedef struct DML_OPERATOR_GRAPH_NODE_DESC {
    dmlp_operator *Operator;
    const char *Name;
} DML_OPERATOR_GRAPH_NODE_DESC;

/* Constant data read by each consumer through its own input tensor desc; DataSize must
   hold every consumer's TotalTensorSizeInBytes. Copied by dmlp_graph_compile. */
typedef struct DML_CONSTANT_DATA_GRAPH_NODE_DESC {
    const void *Data;
    size_t DataSize;
    const char *Name;
} DML_CONSTANT_DATA_GRAPH_NODE_DESC;

typedef struct DML_GRAPH_DESC {
    uint32_t InputCount;
    uint32_t OutputCount;
    uint32_t NodeCount;
    const DML_GRAPH_NODE_DESC *Nodes;
    uint32_t InputEdgeCount;
    const DML_GRAPH_EDGE_DESC *InputEdges;
    uint32_t OutputEdgeCount;
    const DML_GRAPH_EDGE_DESC *OutputEdges;
    uint32_t IntermediateEdgeCount;
    const DML_GRAPH_EDGE_DESC *IntermediateEdges;
} DML_GRAPH_DESC;

/* Graph execution flags (extensions: need DMLP_DEVICE_FLAG_EXTENSIONS). They change how
   a graph runs, never its results: NODE_BY_NODE runs every node over the whole tensor in
   turn (through full-size intermediates); NO_PATTERNS keeps every node, not replacing
   DIVIDE(x, ADD(ABS(x), 1)) by Softsign. */
#define DMLP_EXECUTION_FLAG_GRAPH_NODE_BY_NODE 0x1000u
#define DMLP_EXECUTION_FLAG_GRAPH_NO_PATTERNS 0x2000u

/* Checks a graph and compiles it into one operator (*op, set only on success; destroy
   with dmlp_operator_destroy). The rules, each refusal naming the node or edge:
   OutputCount and NodeCount at least 1, every count below 65536; every edge's Type
   matches its list and its indices are in range (FromNodeOutputIndex 0, ToNodeInputIndex
   below the node's input count); every operator node input is fed exactly once, every
   graph output exactly once, every graph input and every node's output at least once;
   no cycles; an intermediate edge joins an output and an input of the same data type,
   the input reading nothing past the bytes the output spans (the same layout, or a view
   of it such as a broadcast); the inputs a graph input feeds have one data type; constant
   data is large enough for each consumer. execution_flags: an OR of
   DML_EXECUTION_FLAGS and, with extensions, DMLP_EXECUTION_FLAG_GRAPH_*; the nodes keep
   the flags they were created with.
   Executing: the usual binding rules for each graph input (the largest
   TotalTensorSizeInBytes and GuaranteedBaseOffsetAlignment of the inputs it feeds) and
   output; no graph output may overlap a graph input or another output (graphs do not
   run in place). An integer DIVIDE whose divisor holds a 0 is refused before anything is
   written, its message prefixed with the node's Name (or "graph node N").
   Statuses: INVALID_ARGUMENT, UNSUPPORTED (a node type other than OPERATOR and CONSTANT),
   OUT_OF_MEMORY (also from execute, for the intermediates of a node-by-node run).
   Thread-safe. */
DMLP_API dmlp_status dmlp_graph_compile(dmlp_device *device, const DML_GRAPH_DESC *desc,
                                        uint32_t execution_flags, dmlp_operator **op);

#ifdef __cplusplus
}
#endif

#endif /* DMLP_H */
