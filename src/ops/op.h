/* The vocabulary of an operator file (src/ops/<operator>.c): everything dmlp knows about
   one operator, written once, as rows that each layer expands for its own part.

   An operator file defines OP (the DML_OPERATOR_ value) and OP_DESC (the descriptor
   struct), then writes its rows:

     DMLP_OP(NAME, cli, python, "Onnx" or NULL, OUTPUT, PLACE, help, fields...)
         the registry row (src/core/registry.c): DirectML's name without DML_OPERATOR_
         (also DxDispatch's "type"), the `dmlp run` name, the Python function's name
         (dmlp.python), the ONNX operator, the output type (DMLP_SAME_TYPE: the input's;
         DMLP_OUTPUT_LISTED: any type of the support row, chosen by the output tensor; or
         a DML_TENSOR_DATA_TYPE), DMLP_IN_PLACE or DMLP_NOT_IN_PLACE("why"), the
         `dmlp run --help` lines, and the descriptor's members in order, each
         DMLP_FIELD(KIND, Member) with KIND one of INPUT, OUTPUT, INFINITY_MODE,
         ROUNDING_MODE, SCALE_BIAS, FUSED_ACTIVATION, FLOAT, SCALAR_TYPE, SCALAR
         (src/core/registry.h); a FLOAT member with a default for Python and `dmlp run`
         (ONNX's, where ONNX has the operator) is DMLP_FIELD_DEFAULT(FLOAT, Member, value);
         a DML_SCALAR_UNION member is DMLP_FIELD_DEFAULT(SCALAR, Min, -inf) after
         DMLP_FIELD(SCALAR_TYPE, MinMaxDataType), its value the element's bits in the
         kernels' args->scalar; an input DirectML marks _Maybenull_ (QuantizeLinear's
         ZeroPointTensor) is DMLP_FIELD_OPTIONAL(INPUT, Member): NULL is accepted, the
         input is then absent and its kernel pointer NULL
     DMLP_SUPPORT(level, min_dims, max_dims, (types...))
         a row of DirectML's tensor support table: the whole type list in force from
         that feature level on (2_0, 4_1, ...), with the short type names of
         src/core/support.c (F32, I8, BF16, ...)
     DMLP_OUTPUT_TYPES(level, (types...))
         an output whose types are its own whatever the inputs' (LogicalGreaterThan)
     DMLP_INPUT_TYPES(index, level, (types...))
         input `index` (member order of the INPUT fields) has types of its own from that
         level on, whatever the others' (ELEMENT_WISE_IF's ConditionTensor: UINT8); the
         inputs without such a row take DMLP_SUPPORT's list and share one type, the
         first of them being the operator's main input (the kernels' key)
     DMLP_SAME_TYPE_AS(Tensor, Other)
         two tensors (members, the output among them) have one data type when both are
         present (QuantizeLinear: OutputTensor, ZeroPointTensor); the front ends that
         make the output give it the input's type
     DMLP_TYPE_PAIRS(Tensor, Other, (other's type, Tensor's type, ...))
         Tensor's types allowed with each type of Other (QuantizeLinear's ScaleTensor:
         FLOAT32 with an INT32 input, else the input's type); a type of Other in no pair
         restricts nothing
     DMLP_OPTIONAL_FROM(Tensor, level)
         an optional input (DMLP_FIELD_OPTIONAL) may be NULL only from that level on
     DMLP_EXTENSION_TYPES((types...))
         input types added on a device with DMLP_DEVICE_FLAG_EXTENSIONS
     DMLP_EXTENSION_OPERATOR()
         the operator is dmlp's own (OP numbered from 0x1000, outside DirectML's range):
         only a device with DMLP_DEVICE_FLAG_EXTENSIONS takes it, at the levels and with
         the types of its rows; other devices refuse it naming the flag
     DMLP_EXTENSION_OUTPUT_TYPES((types...))
     DMLP_EXTENSION_INPUT_TYPES(index, (types...))
         the same for an output with types of its own (DMLP_OUTPUT_TYPES) and for input
         `index` with types of its own (DMLP_INPUT_TYPES): QuantizeLinear's 16-bit outputs
         and zero points
     DMLP_ONNX(since, "types", output, flags, attributes)
         a version of the ONNX operator (newest first): the input types it allows as
         ONNX names them, its output type (0: the input's; DMLP_ONNX_TYPE_BOOL), the
         execution flags that give ONNX's results, and the legacy attributes it accepts
         (DMLP_ONNX_CONSUMED_INPUTS, src/onnx/onnx_internal.h)
     DMLP_ONNX_WHEN(attribute, KIND, "value", "otherwise" or NULL)
         the file's DMLP_ONNX rows apply only to a node whose attribute (KIND: INT or
         STRING) has that value; otherwise is the value an absent attribute takes (NULL:
         the attribute is required). Several files may then name one ONNX operator, each
         with its own value: Mod is ELEMENT_WISE_MODULUS_TRUNCATE when fmod is 1 and
         ELEMENT_WISE_MODULUS_FLOOR when it is 0 (its default)
     DMLP_ONNX_ALSO("Name", since, "types", output, flags, attributes)
         a version of a second ONNX operator the file's operator runs, as DMLP_ONNX is
         one of the first (newest first): ONNX's Sum is a left fold of Adds, so add.c
         names "Add" in its DMLP_OP and gives Sum's versions in these rows. The node
         then runs as the file's operator; messages name the second ONNX operator
     DMLP_FUSABLE()
         an activation DirectML lets an operator fuse (its page, "Using fused operators
         to improve performance"): ELEMENT_WISE_ADD1's FusedActivation may name it
     DMLP_ROWS(kind)
         an operator along axes: each result depends on a whole row of the input
         (Softmax, LogSoftmax, Hardmax: kind DMLP__SOFTMAX, DMLP__LOG_SOFTMAX or
         DMLP__HARDMAX of numeric/softmax_row.h). The row is along the descriptor's
         AXIS_COUNT and AXES members, or without them the last axis of a tensor of
         effective rank at most 2, as the 1_0 operators have it. Such an operator has no
         DMLP_KERNEL rows: src/core/plan_rows.c walks its rows
     DMLP_ONNX_AXES(coerced_before)
         the ONNX operator's INT attribute `axis` gives the AXIS_COUNT and AXES members
         (negative counts from the end): before version coerced_before the input is
         coerced to 2-D at axis (default 1), so the row is axes axis .. rank - 1; from it
         the row is the one axis (default -1). Softmax, LogSoftmax, Hardmax: 13
     DMLP_ZERO_DIVISOR("what")
         an integer element of 0 in BTensor is refused before anything is written, the
         message calling the operation `what` ("an integer division by zero is refused")
     DMLP_ONNX_FLOAT("attribute", Member, default)
         an ONNX attribute (FLOAT) that gives a FLOAT member, with ONNX's default; NULL
         for the attribute fixes the member at the value (HardSwish's 1/6 and 0.5)
     DMLP_KERNEL(TYPE, name, in_bytes, out_bytes, X86, ARM)
     DMLP_BINARY_KERNEL(TYPE, name, bytes, X86, ARM)
     DMLP_CONVERT_KERNEL(IN_TYPE, OUT_TYPE, name, in_bytes, out_bytes, X86, ARM)
     DMLP_NARY_KERNEL(TYPE, OUT_TYPE, name, X86, ARM)
         a kernel of a row with three or more inputs (src/kernels/nary_kernel_list.inc),
         keyed by the main input's type and the output's
         a kernel per input type (src/kernels/kernel_list.inc says what the columns mean):
         the reference dmlp__<name>__reference, defined in the file's reference part,
         and with YES in a column the fast ones of that processor family
     DMLP_CHAIN(map)
         graphs may run the operator inside a chain kernel as map (dmlp__chain_op; 0:
         it changes nothing and joins as no map); Round's map is DMLP__CHAIN_ROUND plus
         the node's RoundingMode
     DMLP_CHAIN_MAP(type, map, element, setup)
         the chain kernel of type (f16, bf16, f32, f64) applies map with the element
         function and the setup of the operator's own fast kernel of that type, each map
         with its node's FLOAT members and NaN rule (src/kernels/vector_chain.inc)

   A row kind a reader does not define expands to nothing, so each layer takes its own
   part: the registry, the support tables, the kernel lists, the ONNX versions and the
   graph planner each include src/ops/ops.inc (every operator file, in table order)
   with the row kinds they read defined. The rest of an operator file is code:
     #ifndef DMLP_OPS_LIST ... #endif   the reference kernels, compiled once when the
                                        file is its own translation unit (the kernels
                                        layer builds every file of src/ops)

   This header has no include guard: each operator file includes it first, and it only
   defines what is not defined yet. */

#ifndef DMLP_OP
#define DMLP_OP(NAME, cli, python, onnx, output, place, help, ...)
#endif
#ifndef DMLP_SUPPORT
#define DMLP_SUPPORT(level, min_dims, max_dims, types)
#endif
#ifndef DMLP_OUTPUT_TYPES
#define DMLP_OUTPUT_TYPES(level, types)
#endif
#ifndef DMLP_SAME_TYPE_AS
#define DMLP_SAME_TYPE_AS(tensor, other)
#endif
#ifndef DMLP_TYPE_PAIRS
#define DMLP_TYPE_PAIRS(tensor, other, pairs)
#endif
#ifndef DMLP_OPTIONAL_FROM
#define DMLP_OPTIONAL_FROM(tensor, level)
#endif
#ifndef DMLP_EXTENSION_TYPES
#define DMLP_EXTENSION_TYPES(types)
#endif
#ifndef DMLP_EXTENSION_OUTPUT_TYPES
#define DMLP_EXTENSION_OUTPUT_TYPES(types)
#endif
#ifndef DMLP_EXTENSION_INPUT_TYPES
#define DMLP_EXTENSION_INPUT_TYPES(index, types)
#endif
#ifndef DMLP_ONNX
#define DMLP_ONNX(since, types, output, flags, attributes)
#endif
#ifndef DMLP_ONNX_ALSO
#define DMLP_ONNX_ALSO(name, since, types, output, flags, attributes)
#endif
#ifndef DMLP_ONNX_WHEN
#define DMLP_ONNX_WHEN(attribute, kind, value, otherwise)
#endif
#ifndef DMLP_ZERO_DIVISOR
#define DMLP_ZERO_DIVISOR(what)
#endif
#ifndef DMLP_FUSABLE
#define DMLP_FUSABLE()
#endif
#ifndef DMLP_ROWS
#define DMLP_ROWS(kind)
#endif
#ifndef DMLP_ONNX_AXES
#define DMLP_ONNX_AXES(coerced_before)
#endif
#ifndef DMLP_EXTENSION_OPERATOR
#define DMLP_EXTENSION_OPERATOR()
#endif
#ifndef DMLP_ONNX_FLOAT
#define DMLP_ONNX_FLOAT(attribute, member, value)
#endif
#ifndef DMLP_KERNEL
#define DMLP_KERNEL(type, name, in_bytes, out_bytes, x86, arm)
#endif
#ifndef DMLP_BINARY_KERNEL
#define DMLP_BINARY_KERNEL(type, name, bytes, x86, arm)
#endif
#ifndef DMLP_INPUT_TYPES
#define DMLP_INPUT_TYPES(index, level, types)
#endif
#ifndef DMLP_NARY_KERNEL
#define DMLP_NARY_KERNEL(type, out_type, name, x86, arm)
#endif
#ifndef DMLP_CONVERT_KERNEL
#define DMLP_CONVERT_KERNEL(in_type, out_type, name, in_bytes, out_bytes, x86, arm)
#endif
#ifndef DMLP_CHAIN
#define DMLP_CHAIN(map)
#endif
#ifndef DMLP_CHAIN_MAP
#define DMLP_CHAIN_MAP(type, map, element, setup)
#endif

/* A parenthesised list without its parentheses: DMLP_UNPAREN (a, b) gives a, b. */
#ifndef DMLP_UNPAREN
#define DMLP_UNPAREN(...) __VA_ARGS__
#endif
