#!/usr/bin/python3
"""Writes ONNX's own backend node test cases for Sign, Softsign, IsInf, Abs, Neg, Add, Sub,
Mul, Div, Cast, Greater, And, Or, Ceil, Floor, Relu, Max, Min, PRelu, Mod, Mean, Equal,
Less, GreaterOrEqual, LessOrEqual, Xor, Not, IsNaN, BitwiseAnd, BitwiseOr, BitwiseXor,
BitwiseNot (ONNX releases before 1.13 have no Bitwise cases), BitShift, LeakyRelu,
ThresholdedRelu, HardSigmoid, Shrink, HardSwish, Clip (its min and max made
initializers: dmlp reads Clip's bounds as constants), Reciprocal, Sqrt, Round, Sum,
Where, QuantizeLinear, DequantizeLinear, Exp, Elu, Selu, Celu, Sigmoid, Tanh, Log, Erf, Gelu
(from ONNX 1.15 on, both forms), Softplus, Mish (from ONNX 1.13 on), Pow (its
test_pow_types_* cases, an exponent of another type than the base's or an integer base, are
left out with the reason printed: dmlp refuses both, docs/onnx.md), Sinh, Cosh, Asinh, Acosh,
Atanh, Asin, Acos, Atan, Sin, Cos, Tan, Softmax, LogSoftmax and Hardmax.

ONNX's expected outputs of the correctly rounded operators (Exp, Elu, Selu, Celu,
Sigmoid, Tanh, Log, Erf, Gelu, Softplus, Mish, Pow, Sinh, Cosh, Asinh, Acosh, Atanh, Asin,
Acos, Atan, Sin, Cos, Tan, Softmax, LogSoftmax) are numpy's approximations, 1-4 ulps off in
places: they are compared
within ONNX's own tolerance (rtol 1e-3, `dmlp onnx-test` without --exact), and dmlp's
bits are checked against the correctly rounded values separately (tests/crmath;
Softmax's and LogSoftmax's cases also by check_softmax_cases.py, which holds Hardmax's
0 and 1 bit for bit).

Usage: gen_backend_cases.py OUT_DIR

Uses the installed ONNX Python package's test-case collection (onnx.backend.test.case.node)
and writes each case the way ONNX's backend test data is laid out: OUT_DIR/<case>/model.onnx
and OUT_DIR/<case>/test_data_set_<k>/input_<i>.pb, output_<i>.pb. Prints the case names.
Exits 1 when no case was produced.
"""
import os
import sys

import numpy as np

# Older ONNX releases' test modules use numpy aliases that newer numpy removed
# (np.float, np.bool, ...). Put them back before the modules are imported.
for alias, target in (("float", float), ("int", int), ("bool", bool), ("object", object),
                      ("str", str), ("complex", complex), ("long", int), ("unicode", str)):
    if alias not in np.__dict__:
        setattr(np, alias, target)

import onnx  # noqa: E402
from onnx import numpy_helper  # noqa: E402
import onnx.backend.test.case.node as node_cases  # noqa: E402

OPERATORS = ("Sign", "Softsign", "IsInf", "Abs", "Neg", "Add", "Sub", "Mul", "Div", "Cast",
             "Greater", "And", "Or", "Ceil", "Floor", "Relu", "Max", "Min", "PRelu", "Mod",
             "Mean", "Equal", "Less", "GreaterOrEqual", "LessOrEqual", "Xor", "Not", "IsNaN",
             "BitwiseAnd", "BitwiseOr", "BitwiseXor", "BitwiseNot", "BitShift", "LeakyRelu",
             "ThresholdedRelu", "HardSigmoid", "Shrink", "HardSwish", "Clip", "Reciprocal",
             "Sqrt", "Round", "Sum", "Where", "QuantizeLinear", "DequantizeLinear", "Exp",
             "Elu", "Selu", "Celu", "Sigmoid", "Tanh", "Log",
             "Erf", "Gelu", "Softplus", "Mish", "Pow", "Sinh", "Cosh", "Asinh", "Acosh",
             "Atanh", "Asin", "Acos", "Atan", "Sin", "Cos", "Tan", "Softmax", "LogSoftmax",
             "Hardmax")
STRING = 8  # a type dmlp does not hold: cases with string tensors are left out
BFLOAT16 = 16
# Cases whose own data is wrong in some ONNX releases; left out with the reason printed.
FLAWED = {
    "test_cast_FLOAT_to_BFLOAT16":
        "before ONNX 1.14 the expected output truncates float to bfloat16; ONNX's Cast "
        "rounds to nearest even (as the reference evaluator of later releases and dmlp do)",
    "test_castlike_BFLOAT16_to_FLOAT_expanded":
        "before ONNX 1.14 the data set gives input \"like\" the shape [1] where the graph "
        "declares [3, 4]",
    "test_castlike_FLOAT_to_BFLOAT16_expanded":
        "before ONNX 1.14 the data set gives input \"like\" the shape [1] where the graph "
        "declares [3, 4]",
}
# Cases of a form dmlp refuses by design (docs/onnx.md); left out with the reason printed.
MIXED_POW = ("a float base with an exponent of another type (%s): dmlp runs Pow with the "
             "exponent in the base's type only")
INTEGER_POW = ("an integer base (%s): ONNX computes it in integer arithmetic; dmlp runs "
               "Pow on float types only")
REFUSED = {
    "test_pow_types_float32_int32": MIXED_POW % "int32",
    "test_pow_types_float32_int64": MIXED_POW % "int64",
    "test_pow_types_float32_uint32": MIXED_POW % "uint32",
    "test_pow_types_float32_uint64": MIXED_POW % "uint64",
    "test_pow_types_int32_float32": INTEGER_POW % "int32, the exponent float",
    "test_pow_types_int64_float32": INTEGER_POW % "int64, the exponent float",
    "test_pow_types_int32_int32": INTEGER_POW % "int32",
    "test_pow_types_int64_int64": INTEGER_POW % "int64",
}


def tensor_proto(value, name, declared=0):
    """ONNX's cases hold bfloat16 data as uint16 arrays: the declared type says which."""
    value = np.asarray(value)
    if declared == BFLOAT16 and value.dtype == np.uint16:
        t = onnx.TensorProto()
        t.name = name
        t.data_type = BFLOAT16
        t.dims.extend(value.shape)
        t.raw_data = np.ascontiguousarray(value).astype("<u2").tobytes()
        return t
    return numpy_helper.from_array(value, name)


def bounds_as_initializers(case):
    """ONNX's Clip cases feed min and max as graph inputs; dmlp reads Clip's bounds as
    constants (docs/onnx.md). The same case with them as initializers holding the data
    set's values (each Clip case has one data set): the same results, checked the same
    way."""
    graph = case.model.graph
    bound_names = {name for node in graph.node if node.op_type == "Clip"
                   for name in list(node.input)[1:] if name}
    if not bound_names or len(case.data_sets) != 1:
        return case.model, case.data_sets
    model = onnx.ModelProto()
    model.CopyFrom(case.model)
    inputs, outputs = case.data_sets[0]
    kept_values = []
    kept_inputs = []
    for value_info, value in zip(case.model.graph.input, inputs):
        if value_info.name in bound_names:
            model.graph.initializer.append(numpy_helper.from_array(np.asarray(value),
                                                                   value_info.name))
        else:
            kept_inputs.append(value_info)
            kept_values.append(value)
    del model.graph.input[:]
    model.graph.input.extend(kept_inputs)
    return model, [(kept_values, outputs)]


def write_case(case, out_dir):
    case_dir = os.path.join(out_dir, case.name)
    os.makedirs(case_dir, exist_ok=True)
    model, data_sets = bounds_as_initializers(case)
    with open(os.path.join(case_dir, "model.onnx"), "wb") as f:
        f.write(model.SerializeToString())
    graph = model.graph
    for k, (inputs, outputs) in enumerate(data_sets):
        set_dir = os.path.join(case_dir, "test_data_set_%d" % k)
        os.makedirs(set_dir, exist_ok=True)
        for i, value in enumerate(inputs):
            with open(os.path.join(set_dir, "input_%d.pb" % i), "wb") as f:
                f.write(tensor_proto(value, graph.input[i].name,
                                     graph.input[i].type.tensor_type.elem_type)
                        .SerializeToString())
        for i, value in enumerate(outputs):
            with open(os.path.join(set_dir, "output_%d.pb" % i), "wb") as f:
                f.write(tensor_proto(value, graph.output[i].name,
                                     graph.output[i].type.tensor_type.elem_type)
                        .SerializeToString())


def main():
    if len(sys.argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    out_dir = sys.argv[1]
    os.makedirs(out_dir, exist_ok=True)
    count = 0
    # Every node test case ONNX defines (None: no operator filter), then those whose
    # graphs are made of those operators only.
    for case in node_cases.collect_testcases(None):
        ops = {n.op_type for n in case.model.graph.node}
        if case.kind != "node" or not ops or not ops <= set(OPERATORS):
            continue
        values = list(case.model.graph.input) + list(case.model.graph.output)
        if any(v.type.tensor_type.elem_type == STRING for v in values):
            continue
        old = tuple(int(p) for p in onnx.__version__.split(".")[:2]) < (1, 14)
        if old and case.name in FLAWED:
            sys.stderr.write("left out: %s: %s\n" % (case.name, FLAWED[case.name]))
            continue
        if case.name in REFUSED:
            sys.stderr.write("left out: %s: %s\n" % (case.name, REFUSED[case.name]))
            continue
        write_case(case, out_dir)
        print(case.name)
        count += 1
    if count == 0:
        sys.stderr.write("gen_backend_cases: no case was generated (onnx %s)\n"
                         % onnx.__version__)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
