#!/usr/bin/python3
"""Side-by-side throughput of dmlp and its peers on the same tensors.

Runs `dmlp bench --json --cases large,cache` for dmlp's figures, then the same element
counts and thread counts through the peers that are installed: numpy (one thread),
SciPy (scipy.special's softmax and log_softmax, one thread), PyTorch
(torch.set_num_threads) and, for the large cases, ONNX Runtime through the npm package
onnxruntime-node (a small node script, one session per thread count). A missing peer is
reported as skipped. The operators along axes (softmax, log_softmax, hardmax: dmlp
bench's large-row* and cache-row* cases, rows of 64 to 1Mi elements) also run through
dmlp's Python binding (dmlp.softmax(x, axis=-1, out=y)), called as the peers are: column
dmlp.py. Figures are GB/s of bytes read + written, median of --reps
runs, like dmlp bench; cache-resident cases time as many calls in a row as dmlp bench
does. Per cell: dmlp over the best peer; and for the large case the same with each
side's figure taken relative to a copy of the same bytes (glibc memcpy through numpy or
PyTorch, dmlp bench's own memcpy figure) timed right after it on the same threads: the
host's share of memory bandwidth can swing between one side's run and the next, and the
copy moves with it.

Every operator of `dmlp bench` is here (OPS says how each peer runs it, with the same
parameters); two-input operators run twice, B packed and B one broadcast element. A peer
without the operation or the type leaves its cell empty.

usage: bench/peers.py [--dmlp PATH] [--large-mib N] [--threads 1,all] [--reps N]
                      [--cases large,cache] [--ops LIST] [--types LIST] [--inputs LIST]
                      [--ort-dir DIR] [--rounds N] [--quick] [--json]
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

# type name -> (element bytes, numpy dtype name, torch dtype name, ONNX TensorProto name)
TYPES = {
    "i8": (1, "int8", "int8", "INT8"),
    "u8": (1, "uint8", "uint8", "UINT8"),
    "i16": (2, "int16", "int16", "INT16"),
    "u16": (2, "uint16", None, "UINT16"),
    "i32": (4, "int32", "int32", "INT32"),
    "u32": (4, "uint32", None, "UINT32"),
    "i64": (8, "int64", "int64", "INT64"),
    "u64": (8, "uint64", None, "UINT64"),
    "f16": (2, "float16", "float16", "FLOAT16"),
    "f32": (4, "float32", "float32", "FLOAT"),
    "f64": (8, "float64", "float64", "DOUBLE"),
    "bf16": (2, None, "bfloat16", "BFLOAT16"),
    "e5m2": (1, None, None, "FLOAT8E5M2"),
}
FLOATS = {"f16", "f32", "f64", "bf16"}


class Op:
    """How each peer runs one of dmlp bench's operators.

    inputs: 1 or 2; onnx: (op_type, attributes) or None; np / th / sp: a function of the
    module (numpy, torch, scipy.special), the inputs and the output array giving a
    callable that runs the operator once into the output (None: the peer has no such
    operation); out: "same" or "bool" (a one-byte result: dmlp's UINT8, numpy's and
    PyTorch's bool); floats: floats only; axes: an operator along axes, its inputs
    shaped (rows, row length) and its row the last axis; py: the same for dmlp's Python
    binding, which also takes the thread count."""

    def __init__(self, inputs, onnx=None, np=None, th=None, out="same", floats=False,
                 sp=None, axes=False, py=None):
        self.inputs, self.onnx, self.np, self.th = inputs, onnx, np, th
        self.out, self.floats = out, floats
        self.sp, self.axes, self.py = sp, axes, py


def _np_where2(cond):
    """numpy's select without temporaries: y = b, then 0 where cond(a) fails (b broadcast
    when it is one element): a gradient's form."""
    def make(np, a, b, y):
        mask = np.empty(a.shape, dtype=np.bool_)
        def run():
            np.logical_not(cond(np, a, mask), out=mask)
            np.copyto(y, b)
            np.copyto(y, 0, where=mask)
        return run
    return make


def _np_where(cond):
    """The same for one input: y = x, then 0 where cond(x) fails."""
    make = _np_where2(cond)
    return lambda np, x, y: make(np, x, x, y)


def _np_inside(np, a, m):
    """-inf < a < inf: Clip's gradient passes with the bench's Min and Max (the defaults)."""
    return np.isfinite(a, out=m)


def _th_clip_grad(t, a, b, y):
    """PyTorch's Clip backward with the bench's bounds, -inf and inf."""
    return lambda: t.ops.aten.hardtanh_backward(b.expand_as(a), a, -float("inf"), float("inf"))


def _np_elu(np, x, y, alpha, gamma):
    """gamma * (x if x > 0 else alpha * (e^x - 1)), into y without temporaries."""
    mask = np.empty(x.shape, dtype=np.bool_)
    def run():
        np.expm1(x, out=y)
        np.multiply(y, alpha, out=y)
        np.copyto(y, x, where=np.greater(x, 0, out=mask))
        if gamma != 1.0:
            np.multiply(y, gamma, out=y)
    return run


def _np_softmax(np, x, y):
    """numpy's softmax along the last axis into y: e^(x - max) over its sum, the row
    maxima and sums the only temporaries."""
    m = np.empty(x.shape[:-1] + (1,), dtype=x.dtype)
    def run():
        np.max(x, axis=-1, keepdims=True, out=m)
        np.exp(np.subtract(x, m, out=y), out=y)
        np.divide(y, np.sum(y, axis=-1, keepdims=True, out=m), out=y)
    return run


def _np_log_softmax(np, x, y):
    """The same for log_softmax: x - (max + log of the sum of e^(x - max))."""
    m, s = (np.empty(x.shape[:-1] + (1,), dtype=x.dtype) for _ in range(2))
    def run():
        np.max(x, axis=-1, keepdims=True, out=m)
        np.exp(np.subtract(x, m, out=y), out=y)
        np.log(np.sum(y, axis=-1, keepdims=True, out=s), out=s)
        np.subtract(x, np.add(m, s, out=m), out=y)
    return run


# Parameters are the defaults dmlp bench runs with (the registry's, ONNX's).
OPS = {
    "sign": Op(1, ("Sign", {}), lambda np, x, y: lambda: np.sign(x, out=y),
               lambda t, x, y: lambda: t.sign(x, out=y)),
    "abs": Op(1, ("Abs", {}), lambda np, x, y: lambda: np.abs(x, out=y),
              lambda t, x, y: lambda: t.abs(x, out=y)),
    "negate": Op(1, ("Neg", {}), lambda np, x, y: lambda: np.negative(x, out=y),
                 lambda t, x, y: lambda: t.neg(x, out=y)),
    "identity": Op(1, ("Identity", {}), lambda np, x, y: lambda: np.copyto(y, x),
                   lambda t, x, y: lambda: y.copy_(x)),
    "activation_identity": Op(1, ("Identity", {}), lambda np, x, y: lambda: np.copyto(y, x),
                              lambda t, x, y: lambda: y.copy_(x)),
    # x / (1 + |x|) without temporaries: numpy's best form of it.
    "softsign": Op(1, ("Softsign", {}),
                   lambda np, x, y: lambda: np.divide(x, np.add(np.abs(x, out=y), 1, out=y), out=y),
                   lambda t, x, y: lambda: t.nn.functional.softsign(x), floats=True),
    "isinf": Op(1, ("IsInf", {}), lambda np, x, y: lambda: np.isinf(x, out=y),
                lambda t, x, y: lambda: t.isinf(x), out="bool", floats=True),
    "isnan": Op(1, ("IsNaN", {}), lambda np, x, y: lambda: np.isnan(x, out=y),
                lambda t, x, y: lambda: t.isnan(x), out="bool", floats=True),
    "ceil": Op(1, ("Ceil", {}), lambda np, x, y: lambda: np.ceil(x, out=y),
               lambda t, x, y: lambda: t.ceil(x, out=y), floats=True),
    "floor": Op(1, ("Floor", {}), lambda np, x, y: lambda: np.floor(x, out=y),
                lambda t, x, y: lambda: t.floor(x, out=y), floats=True),
    "relu": Op(1, ("Relu", {}), lambda np, x, y: lambda: np.maximum(x, 0, out=y),
               lambda t, x, y: lambda: t.relu(x)),
    # RoundingMode 0 (halves to even), as dmlp bench and ONNX's Round run it.
    "round": Op(1, ("Round", {}), lambda np, x, y: lambda: np.rint(x, out=y),
                lambda t, x, y: lambda: t.round(x, out=y), floats=True),
    "recip": Op(1, ("Reciprocal", {}), lambda np, x, y: lambda: np.reciprocal(x, out=y),
                lambda t, x, y: lambda: t.reciprocal(x, out=y), floats=True),
    "sqrt": Op(1, ("Sqrt", {}), lambda np, x, y: lambda: np.sqrt(x, out=y),
               lambda t, x, y: lambda: t.sqrt(x, out=y), floats=True),
    # The correctly rounded functions; numpy's ELU family without temporaries: expm1 into
    # y, scaled, then x copied where x > 0.
    "exp": Op(1, ("Exp", {}), lambda np, x, y: lambda: np.exp(x, out=y),
              lambda t, x, y: lambda: t.exp(x, out=y), floats=True),
    "elu": Op(1, ("Elu", {"alpha": 1.0}), lambda np, x, y: _np_elu(np, x, y, 1.0, 1.0),
              lambda t, x, y: lambda: t.nn.functional.elu(x, 1.0), floats=True),
    "selu": Op(1, ("Selu", {}),
               lambda np, x, y: _np_elu(np, x, y, 1.67326319217681884765625,
                                        1.05070102214813232421875),
               lambda t, x, y: lambda: t.nn.functional.selu(x), floats=True),
    "celu": Op(1, ("Celu", {"alpha": 1.0}), lambda np, x, y: _np_elu(np, x, y, 1.0, 1.0),
               lambda t, x, y: lambda: t.nn.functional.celu(x, 1.0), floats=True),
    "log": Op(1, ("Log", {}), lambda np, x, y: lambda: np.log(x, out=y),
              lambda t, x, y: lambda: t.log(x, out=y), floats=True),
    # numpy's sigmoid without temporaries: e^-x, plus 1, its reciprocal (in place).
    "sigmoid": Op(1, ("Sigmoid", {}),
                  lambda np, x, y: lambda: np.reciprocal(np.add(np.exp(np.negative(x, out=y), out=y),
                                                                1, out=y), out=y),
                  lambda t, x, y: lambda: t.sigmoid(x, out=y), floats=True),
    "tanh": Op(1, ("Tanh", {}), lambda np, x, y: lambda: np.tanh(x, out=y),
               lambda t, x, y: lambda: t.tanh(x, out=y), floats=True),
    "activation_tanh": Op(1, ("Tanh", {}), lambda np, x, y: lambda: np.tanh(x, out=y),
                          lambda t, x, y: lambda: t.tanh(x, out=y), floats=True),
    # Swish (SiLU) as x / (1 + e^-x) into y; ScaledTanh at its defaults, 1 tanh(0.5 x).
    "swish": Op(1, None,
                lambda np, x, y: lambda: np.divide(x, np.add(np.exp(np.negative(x, out=y), out=y),
                                                             1, out=y), out=y),
                lambda t, x, y: lambda: t.nn.functional.silu(x), floats=True),
    "scaled_tanh": Op(1, None,
                      lambda np, x, y: lambda: np.multiply(np.tanh(np.multiply(x, 0.5, out=y),
                                                                   out=y), 1.0, out=y),
                      lambda t, x, y: lambda: t.mul(t.tanh(t.mul(x, 0.5, out=y), out=y), 1.0,
                                                    out=y), floats=True),
    # numpy has no erf, GELU or Mish; softplus is logaddexp(0, x).
    "erf": Op(1, ("Erf", {}), None, lambda t, x, y: lambda: t.erf(x, out=y), floats=True),
    "gelu": Op(1, None, None, lambda t, x, y: lambda: t.nn.functional.gelu(x), floats=True),
    "gelu_tanh": Op(1, None, None,
                    lambda t, x, y: lambda: t.nn.functional.gelu(x, approximate="tanh"),
                    floats=True),
    "mish": Op(1, None, None, lambda t, x, y: lambda: t.nn.functional.mish(x), floats=True),
    "softplus": Op(1, ("Softplus", {}), lambda np, x, y: lambda: np.logaddexp(0, x, out=y),
                   lambda t, x, y: lambda: t.nn.functional.softplus(x), floats=True),
    "parametric_softplus": Op(1, None, lambda np, x, y: lambda: np.logaddexp(0, x, out=y),
                              lambda t, x, y: lambda: t.nn.functional.softplus(x),
                              floats=True),
    # ConstantPow at the bench's Exponent 2.5; Pow of the bench's two inputs.
    "constant_pow": Op(1, None, lambda np, x, y: lambda: np.power(x, 2.5, out=y),
                       lambda t, x, y: lambda: t.pow(x, 2.5, out=y), floats=True),
    "pow": Op(2, ("Pow", {}), lambda np, a, b, y: lambda: np.power(a, b, out=y),
              lambda t, a, b, y: lambda: t.pow(a, b, out=y), floats=True),
    "not": Op(1, None, lambda np, x, y: lambda: np.logical_not(x, out=y),
              lambda t, x, y: lambda: t.logical_not(x), out="bool"),
    "bitnot": Op(1, ("BitwiseNot", {}), lambda np, x, y: lambda: np.invert(x, out=y),
                 lambda t, x, y: lambda: t.bitwise_not(x, out=y)),
    "bitcount": Op(1),  # neither numpy 1.24 nor PyTorch has a population count
    "leaky_relu": Op(1, ("LeakyRelu", {"alpha": 0.01}),
                     lambda np, x, y: lambda: np.maximum(x, np.multiply(x, 0.01, out=y), out=y),
                     lambda t, x, y: lambda: t.nn.functional.leaky_relu(x, 0.01), floats=True),
    "linear": Op(1, None, lambda np, x, y: lambda: np.add(np.multiply(x, 1.0, out=y), 1.0, out=y),
                 lambda t, x, y: lambda: t.add(t.mul(x, 1.0, out=y), 1.0, out=y), floats=True),
    "thresholded_relu": Op(1, ("ThresholdedRelu", {"alpha": 1.0}),
                           _np_where(lambda np, x, m: np.greater(x, 1.0, out=m)),
                           lambda t, x, y: lambda: t.nn.functional.threshold(x, 1.0, 0.0),
                           floats=True),
    "hard_sigmoid": Op(1, ("HardSigmoid", {"alpha": 0.2, "beta": 0.5}),
                       lambda np, x, y: lambda: np.clip(np.add(np.multiply(x, 0.2, out=y), 0.5,
                                                               out=y), 0, 1, out=y),
                       lambda t, x, y: lambda: t.clamp(t.add(t.mul(x, 0.2, out=y), 0.5, out=y),
                                                       0, 1, out=y), floats=True),
    "hard_swish": Op(1, ("HardSwish", {}),
                     lambda np, x, y: lambda: np.multiply(x, np.clip(np.add(np.multiply(
                         x, 1 / 6, out=y), 0.5, out=y), 0, 1, out=y), out=y),
                     lambda t, x, y: lambda: t.nn.functional.hardswish(x), floats=True),
    "shrink": Op(1, ("Shrink", {"lambd": 0.5, "bias": 0.0}),
                 _np_where(lambda np, x, m: np.greater(np.abs(x), 0.5, out=m)),
                 lambda t, x, y: lambda: t.nn.functional.hardshrink(x, 0.5), floats=True),
    "threshold": Op(1, None, lambda np, x, y: lambda: np.maximum(x, 1.0, out=y),
                    lambda t, x, y: lambda: t.clamp(x, min=1.0, out=y), floats=True),
    "clip": Op(1, None, lambda np, x, y: lambda: np.clip(x, -np.inf, np.inf, out=y),
               lambda t, x, y: lambda: t.clamp(x, -float("inf"), float("inf"), out=y),
               floats=True),
    "add": Op(2, ("Add", {}), lambda np, a, b, y: lambda: np.add(a, b, out=y),
              lambda t, a, b, y: lambda: t.add(a, b, out=y)),
    "add1": Op(2, ("Add", {}), lambda np, a, b, y: lambda: np.add(a, b, out=y),
               lambda t, a, b, y: lambda: t.add(a, b, out=y)),
    "sub": Op(2, ("Sub", {}), lambda np, a, b, y: lambda: np.subtract(a, b, out=y),
              lambda t, a, b, y: lambda: t.sub(a, b, out=y)),
    "mul": Op(2, ("Mul", {}), lambda np, a, b, y: lambda: np.multiply(a, b, out=y),
              lambda t, a, b, y: lambda: t.mul(a, b, out=y)),
    # Integer Divide truncates in dmlp; numpy's nearest is floor_divide.
    "div": Op(2, ("Div", {}),
              lambda np, a, b, y: (lambda: np.divide(a, b, out=y)) if a.dtype.kind == "f"
              else (lambda: np.floor_divide(a, b, out=y)),
              lambda t, a, b, y: lambda: t.div(a, b, out=y) if a.is_floating_point()
              else t.div(a, b, rounding_mode="trunc", out=y)),
    "max": Op(2, ("Max", {}), lambda np, a, b, y: lambda: np.maximum(a, b, out=y),
              lambda t, a, b, y: lambda: t.maximum(a, b, out=y)),
    "min": Op(2, ("Min", {}), lambda np, a, b, y: lambda: np.minimum(a, b, out=y),
              lambda t, a, b, y: lambda: t.minimum(a, b, out=y)),
    "mean": Op(2, ("Mean", {}),
               lambda np, a, b, y: lambda: np.multiply(np.add(a, b, out=y), 0.5, out=y),
               lambda t, a, b, y: lambda: t.mul(t.add(a, b, out=y), 0.5, out=y), floats=True),
    "diffsq": Op(2, None,
                 lambda np, a, b, y: lambda: np.square(np.subtract(a, b, out=y), out=y),
                 lambda t, a, b, y: lambda: t.square(t.sub(a, b, out=y), out=y), floats=True),
    "gt": Op(2, ("Greater", {}), lambda np, a, b, y: lambda: np.greater(a, b, out=y),
             lambda t, a, b, y: lambda: t.gt(a, b, out=y), out="bool"),
    "eq": Op(2, ("Equal", {}), lambda np, a, b, y: lambda: np.equal(a, b, out=y),
             lambda t, a, b, y: lambda: t.eq(a, b, out=y), out="bool"),
    "lt": Op(2, ("Less", {}), lambda np, a, b, y: lambda: np.less(a, b, out=y),
             lambda t, a, b, y: lambda: t.lt(a, b, out=y), out="bool"),
    "ge": Op(2, ("GreaterOrEqual", {}), lambda np, a, b, y: lambda: np.greater_equal(a, b, out=y),
             lambda t, a, b, y: lambda: t.ge(a, b, out=y), out="bool"),
    "le": Op(2, ("LessOrEqual", {}), lambda np, a, b, y: lambda: np.less_equal(a, b, out=y),
             lambda t, a, b, y: lambda: t.le(a, b, out=y), out="bool"),
    "and": Op(2, None, lambda np, a, b, y: lambda: np.logical_and(a, b, out=y),
              lambda t, a, b, y: lambda: t.logical_and(a, b, out=y), out="bool"),
    "or": Op(2, None, lambda np, a, b, y: lambda: np.logical_or(a, b, out=y),
             lambda t, a, b, y: lambda: t.logical_or(a, b, out=y), out="bool"),
    "xor": Op(2, None, lambda np, a, b, y: lambda: np.logical_xor(a, b, out=y),
              lambda t, a, b, y: lambda: t.logical_xor(a, b, out=y), out="bool"),
    "prelu": Op(2, ("PRelu", {}),
                lambda np, a, b, y: lambda: np.copyto(np.multiply(a, b, out=y), a,
                                                      where=np.greater_equal(a, 0)),
                lambda t, a, b, y: lambda: t.nn.functional.prelu(a, b) if b.numel() == 1
                else t.where(a >= 0, a, a * b), floats=True),
    # Gradients: B (the incoming gradient) where A passes, else 0. ONNX has neither
    # (ReluGrad is com.microsoft's); PyTorch's own backward kernels are the peers.
    "relu_grad": Op(2, None, _np_where2(lambda np, a, m: np.greater(a, 0, out=m)),
                    lambda t, a, b, y: lambda: t.ops.aten.threshold_backward(b, a, 0),
                    floats=True),
    "clipgrad": Op(2, None, _np_where2(_np_inside), _th_clip_grad, floats=True),
    "clipgrad1": Op(2, None, _np_where2(_np_inside), _th_clip_grad, floats=True),
    "fmod": Op(2, ("Mod", {"fmod": 1}), lambda np, a, b, y: lambda: np.fmod(a, b, out=y),
               lambda t, a, b, y: lambda: t.fmod(a, b, out=y)),
    "mod": Op(2, ("Mod", {"fmod": 0}), lambda np, a, b, y: lambda: np.mod(a, b, out=y),
              lambda t, a, b, y: lambda: t.remainder(a, b, out=y)),
    "bitand": Op(2, ("BitwiseAnd", {}), lambda np, a, b, y: lambda: np.bitwise_and(a, b, out=y),
                 lambda t, a, b, y: lambda: t.bitwise_and(a, b, out=y)),
    "bitor": Op(2, ("BitwiseOr", {}), lambda np, a, b, y: lambda: np.bitwise_or(a, b, out=y),
                lambda t, a, b, y: lambda: t.bitwise_or(a, b, out=y)),
    "bitxor": Op(2, ("BitwiseXor", {}), lambda np, a, b, y: lambda: np.bitwise_xor(a, b, out=y),
                 lambda t, a, b, y: lambda: t.bitwise_xor(a, b, out=y)),
    "shl": Op(2, ("BitShift", {"direction": "LEFT"}),
              lambda np, a, b, y: lambda: np.left_shift(a, b, out=y),
              lambda t, a, b, y: lambda: t.bitwise_left_shift(a, b, out=y)),
    "shr": Op(2, ("BitShift", {"direction": "RIGHT"}),
              lambda np, a, b, y: lambda: np.right_shift(a, b, out=y),
              lambda t, a, b, y: lambda: t.bitwise_right_shift(a, b, out=y)),
    "sinh": Op(1, ("Sinh", {}), lambda np, x, y: lambda: np.sinh(x, out=y),
              lambda t, x, y: lambda: t.sinh(x, out=y), floats=True),
    "cosh": Op(1, ("Cosh", {}), lambda np, x, y: lambda: np.cosh(x, out=y),
              lambda t, x, y: lambda: t.cosh(x, out=y), floats=True),
    "asinh": Op(1, ("Asinh", {}), lambda np, x, y: lambda: np.arcsinh(x, out=y),
               lambda t, x, y: lambda: t.asinh(x, out=y), floats=True),
    "acosh": Op(1, ("Acosh", {}), lambda np, x, y: lambda: np.arccosh(x, out=y),
               lambda t, x, y: lambda: t.acosh(x, out=y), floats=True),
    "atanh": Op(1, ("Atanh", {}), lambda np, x, y: lambda: np.arctanh(x, out=y),
               lambda t, x, y: lambda: t.atanh(x, out=y), floats=True),
    # The inverse trigonometric functions; ATAN_YX is atan2(A, B), A the y axis.
    "atan": Op(1, ("Atan", {}), lambda np, x, y: lambda: np.arctan(x, out=y),
               lambda t, x, y: lambda: t.atan(x, out=y), floats=True),
    "asin": Op(1, ("Asin", {}), lambda np, x, y: lambda: np.arcsin(x, out=y),
               lambda t, x, y: lambda: t.asin(x, out=y), floats=True),
    "acos": Op(1, ("Acos", {}), lambda np, x, y: lambda: np.arccos(x, out=y),
               lambda t, x, y: lambda: t.acos(x, out=y), floats=True),
    "atan_yx": Op(2, None, lambda np, a, b, y: lambda: np.arctan2(a, b, out=y),
                  lambda t, a, b, y: lambda: t.atan2(a, b, out=y), floats=True),
    "sin": Op(1, ("Sin", {}), lambda np, x, y: lambda: np.sin(x, out=y),
              lambda t, x, y: lambda: t.sin(x, out=y), floats=True),
    "cos": Op(1, ("Cos", {}), lambda np, x, y: lambda: np.cos(x, out=y),
              lambda t, x, y: lambda: t.cos(x, out=y), floats=True),
    "tan": Op(1, ("Tan", {}), lambda np, x, y: lambda: np.tan(x, out=y),
              lambda t, x, y: lambda: t.tan(x, out=y), floats=True),
    # Along the last axis. SciPy's allocate their result (no out=); PyTorch 1.13 has no
    # float16 softmax on the CPU, nor any peer a Hardmax but ONNX.
    "softmax": Op(1, ("Softmax", {"axis": -1}), _np_softmax,
                  lambda t, x, y: lambda: t.softmax(x, -1, out=y), floats=True,
                  sp=lambda sp, x, y: lambda: sp.softmax(x, axis=-1), axes=True,
                  py=lambda d, x, y, n: lambda: d.softmax(x, axis=-1, out=y, threads=n)),
    "log_softmax": Op(1, ("LogSoftmax", {"axis": -1}), _np_log_softmax,
                      lambda t, x, y: lambda: t.log_softmax(x, -1, out=y), floats=True,
                      sp=lambda sp, x, y: lambda: sp.log_softmax(x, axis=-1), axes=True,
                      py=lambda d, x, y, n: lambda: d.log_softmax(x, axis=-1, out=y,
                                                                  threads=n)),
    "hardmax": Op(1, ("Hardmax", {"axis": -1}), floats=True, axes=True,
                  py=lambda d, x, y, n: lambda: d.hardmax(x, axis=-1, out=y, threads=n)),
}
# Shift counts: dmlp bench's B is random bits, which numpy and PyTorch would read as huge
# counts (undefined in C); the peers get counts below the width instead.
SHIFTS = {"shl", "shr"}


def calls_for(case):
    """Calls per timing, as dmlp bench makes them: 64 MiB of input per timing in cache
    (the row cases in cache have 256 KiB of input)."""
    sizes = {"cache-64KiB": 64, "cache-256KiB": 256, "cache-1MiB": 1024}
    if case.startswith("cache-row"):
        return (64 * 1024) // 256
    return (64 * 1024) // sizes[case] if case in sizes else 1


def is_large(case):
    """dmlp bench's memory-sized cases: large, and the row cases large-row*."""
    return case == "large" or case.startswith("large-")


# The row lengths of dmlp bench's row cases (large-row64 ... cache-row1Mi).
ROW_LENGTHS = {"64": 64, "1Ki": 1024, "32Ki": 32768, "1Mi": 1 << 20}


def shape_of(case):
    """The shape a case's input has: (rows, row length) along axes, else one dimension."""
    n = case["elements"]
    if not OPS.get(case["op"]) or not OPS[case["op"]].axes:
        return (n,)
    cols = ROW_LENGTHS[case["case"].split("-row", 1)[1]]
    return (n // cols, cols)


def median_seconds(fn, reps, calls=1):
    """Seconds per call: the median over reps of `calls` calls in a row."""
    fn()  # warm-up: first-touch of outputs, lazy initialisation
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        for _ in range(calls):
            fn()
        times.append((time.perf_counter() - t0) / calls)
    return statistics.median(times)


def op_and_copy_seconds(fn, copy, case, reps):
    """The operator's seconds per call, and those of the copy of the same bytes beside it."""
    calls = calls_for(case)
    return median_seconds(fn, reps, calls), median_seconds(copy, reps, calls)


def copy_bytes(nbytes):
    """The copy beside an operator: as dmlp bench makes it, half the bytes read + written,
    a whole number of 64-byte lines."""
    return (nbytes // 2) & ~63


def random_input(np, type_name, n, second=False, shift=False):
    """A's values, or B's (second): no integer zero (dmlp's integer Divide refuses one),
    and shift counts below the width."""
    rng = np.random.default_rng(2 if second else 1)
    size, np_name = TYPES[type_name][0], TYPES[type_name][1] or "float32"
    if type_name in FLOATS:
        return rng.standard_normal(n, dtype=np.float32).astype(np_name) * 4
    if shift:
        return rng.integers(0, 8 * size, n, dtype=np_name)
    info = np.iinfo(np_name)
    x = rng.integers(info.min, info.max, n, dtype=np_name, endpoint=True)
    if second:
        x[x == 0] = 1
    return x


def operands(np, case):
    """The peers' inputs for a case: A (or x), and B packed or a one-element array."""
    op, type_name, n, inputs = case["op"], case["type"], case["elements"], case["inputs"]
    a = random_input(np, type_name, n)
    if OPS[op].inputs == 1:
        return [a.reshape(shape_of(case))]
    b = random_input(np, type_name, 1 if inputs.endswith("=scalar") else n, True, op in SHIFTS)
    return [a, b]


def peer_cases(cases, peer):
    """The cases a peer can run: an operation it has, on a type it has (dmlp.py: numpy
    arrays, so numpy's types). numpy and SciPy run on one thread only."""
    column = {"numpy": 1, "scipy": 1, "dmlp.py": 1, "torch": 2}[peer]
    for c in cases:
        spec = OPS.get(c["op"])
        fn = spec and {"numpy": spec.np, "scipy": spec.sp, "torch": spec.th,
                       "dmlp.py": spec.py}[peer]
        if not fn or TYPES[c["type"]][column] is None:
            continue
        if spec.floats and c["type"] not in FLOATS:
            continue
        if peer in ("numpy", "scipy") and c["threads"] != 1:
            continue
        yield c, fn


_said = set()


def say_once(message):
    """A peer's refusal, once per peer, operator and type (not once per case)."""
    if message not in _said:
        _said.add(message)
        print(message, file=sys.stderr)


def key_of(c):
    return (c["op"], c["type"], c["threads"], c["case"], c["inputs"])


def numpy_like_peer(name, cases, reps, module, extra=()):
    """Times `name`'s cases on numpy arrays, each maker given `module` (numpy,
    scipy.special, dmlp) and its inputs, the output and `extra(case)`."""
    import numpy as np
    out = {}
    for c, make in peer_cases(cases, name):
        ins = operands(np, c)
        y = np.empty(ins[0].shape, dtype=np.bool_ if OPS[c["op"]].out == "bool" else ins[0].dtype)
        cb = copy_bytes(c["bytes"])
        src, dst = np.ones(cb, dtype=np.uint8), np.empty(cb, dtype=np.uint8)
        try:
            fn = make(module, *ins, y, *[f(c) for f in extra])
            with np.errstate(all="ignore"):
                out[key_of(c)] = op_and_copy_seconds(fn, lambda: np.copyto(dst, src),
                                                     c["case"], reps)
        except (TypeError, ValueError) as e:  # an operation the peer lacks for this type
            say_once(f"peers: {name} {c['op']} {c['type']}: {e}")
    return out, None


def numpy_peer(cases, reps):
    try:
        import numpy as np
    except ImportError:
        return None, "numpy is not installed"
    return numpy_like_peer("numpy", cases, reps, np)


def scipy_peer(cases, reps):
    try:
        import scipy.special
    except ImportError:
        return None, "SciPy is not installed (Debian: python3-scipy)"
    return numpy_like_peer("scipy", cases, reps, scipy.special)


def dmlp_py_side(cases, reps, build_python):
    """dmlp itself through its Python binding, called as the peers are (on numpy arrays,
    into a preallocated output, threads= the case's); the built module under the dmlp
    command's build directory when no dmlp is installed."""
    try:
        import numpy  # noqa: F401  (the binding's arrays)
    except ImportError:
        return None, "numpy is not installed"
    try:
        import dmlp
    except ImportError:
        sys.path.insert(0, build_python)
        try:
            import dmlp
        except ImportError as e:
            return None, f"the dmlp module is not importable ({e}; pip install . or build " \
                         f"the dmlp_python target)"
    return numpy_like_peer("dmlp.py", cases, reps, dmlp, (lambda c: c["threads"],))


def torch_peer(cases, reps):
    try:
        import numpy as np
        import torch
    except ImportError:
        return None, "PyTorch is not installed (Debian: python3-torch)"
    out = {}
    for c, make in peer_cases(cases, "torch"):
        torch.set_num_threads(c["threads"])
        dtype = getattr(torch, TYPES[c["type"]][2])
        # bf16: numpy has no such type; the values come as f32 and convert.
        ins = [torch.from_numpy(v).to(dtype) for v in operands(np, c)]
        y = torch.empty(ins[0].shape, dtype=torch.bool if OPS[c["op"]].out == "bool" else dtype)
        cb = copy_bytes(c["bytes"])
        src, dst = torch.ones(cb, dtype=torch.uint8), torch.empty(cb, dtype=torch.uint8)
        try:
            fn = make(torch, *ins, y)
            out[key_of(c)] = op_and_copy_seconds(fn, lambda: dst.copy_(src), c["case"], reps)
        except (TypeError, RuntimeError) as e:  # an operation PyTorch lacks for this type
            say_once(f"peers: torch {c['op']} {c['type']}: {e}")
    return out, None


ORT_SCRIPT = r"""
const ort = require(process.env.ORT_MODULE);
const jobs = JSON.parse(process.argv[2]);
const arrays = {FLOAT: Float32Array, DOUBLE: Float64Array, FLOAT16: Uint16Array,
                INT8: Int8Array, UINT8: Uint8Array, INT16: Int16Array, UINT16: Uint16Array,
                INT32: Int32Array, UINT32: Uint32Array, INT64: BigInt64Array,
                UINT64: BigUint64Array};
const names = {FLOAT: 'float32', DOUBLE: 'float64', FLOAT16: 'float16', INT8: 'int8',
               UINT8: 'uint8', INT16: 'int16', UINT16: 'uint16', INT32: 'int32',
               UINT32: 'uint32', INT64: 'int64', UINT64: 'uint64'};
// Values 1..7 at every 97th element (B: never 0, a shift count below every width); the
// rest stay 0 for A and become 1 for B. dims: the shape (default [n]).
function fill(j, n, second, dims) {
  const data = new arrays[j.onnx_type](n);
  const big = j.onnx_type.includes('INT64');
  for (let i = 0; i < n; i++) {
    const v = (i % 97 == 0) ? (i % 7) + 1 : (second ? 1 : 0);
    data[i] = big ? BigInt(v) : (j.onnx_type == 'FLOAT16' ? 0x3c00 : v);
  }
  return new ort.Tensor(names[j.onnx_type], data, dims || [n]);
}
(async () => {
  const results = [];
  for (const j of jobs) {
    try {
      const s = await ort.InferenceSession.create(j.model, {intraOpNumThreads: j.threads,
                                                            interOpNumThreads: 1});
      const feeds = {x: fill(j, j.elements, false, j.shape)};
      if (j.b_elements) feeds.b = fill(j, j.b_elements, true);
      await s.run(feeds);
      const times = [];
      for (let r = 0; r < j.reps; r++) {
        const t0 = process.hrtime.bigint();
        await s.run(feeds);
        times.push(Number(process.hrtime.bigint() - t0) / 1e9);
      }
      times.sort((a, b) => a - b);
      results.push({key: j.key, seconds: times[Math.floor(times.length / 2)]});
    } catch (e) {
      results.push({key: j.key, error: String(e.message || e).split('\n')[0]});
    }
  }
  console.log(JSON.stringify(results));
})();
"""


def find_ort(ort_dir):
    node = shutil.which("node")
    if not node:
        return None, None, "node is not installed"
    dirs = [d for d in (ort_dir, os.environ.get("ORT_NODE_DIR")) if d]
    for d in dirs:
        path = os.path.join(d, "node_modules", "onnxruntime-node")
        if os.path.isdir(path):
            return node, path, None
    probe = subprocess.run([node, "-e", "console.log(require.resolve('onnxruntime-node'))"],
                           capture_output=True, text=True)
    if probe.returncode == 0:
        return node, probe.stdout.strip(), None
    return None, None, ("onnxruntime-node not found (npm install onnxruntime-node in a "
                        "scratch dir, then --ort-dir DIR)")


def ort_model(spec, c, elem, path):
    """A one-node model of the operator: input x (and b), output y; along axes x and y
    are (rows, row length)."""
    import onnx
    from onnx import TensorProto, helper
    op_type, attributes = spec.onnx
    scalar = c["inputs"].endswith("=scalar")
    shape = list(shape_of(c))
    ins = [helper.make_tensor_value_info("x", elem, shape)]
    if spec.inputs == 2:
        ins.append(helper.make_tensor_value_info("b", elem, [1 if scalar else c["elements"]]))
    out_elem = TensorProto.BOOL if spec.out == "bool" else elem
    node = helper.make_node(op_type, [i.name for i in ins], ["y"], **attributes)
    graph = helper.make_graph([node], "g", ins,
                              [helper.make_tensor_value_info("y", out_elem, shape)])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 20)])
    model.ir_version = 9
    onnx.save(model, path)


def ort_peer(cases, reps, ort_dir):
    node, module, why = find_ort(ort_dir)
    if not node:
        return None, why
    try:
        from onnx import TensorProto
    except ImportError:
        return None, "python3-onnx is needed to write the models"
    tmp = tempfile.mkdtemp(prefix="dmlp-peers-")
    jobs = []
    try:
        for c in cases:
            spec, onnx_type = OPS.get(c["op"]), TYPES[c["type"]][3]
            if not spec or not spec.onnx or onnx_type in ("BFLOAT16", "FLOAT8E5M2"):
                continue  # no ONNX operator; onnxruntime-node has no tensors of these types
            if spec.floats and c["type"] not in FLOATS:
                continue
            path = os.path.join(tmp, f"{len(jobs)}.onnx")
            ort_model(spec, c, getattr(TensorProto, onnx_type), path)
            scalar = c["inputs"].endswith("=scalar")
            jobs.append({"key": list(key_of(c)), "model": path, "threads": c["threads"],
                         "onnx_type": onnx_type, "elements": c["elements"],
                         "shape": list(shape_of(c)),
                         "b_elements": (1 if scalar else c["elements"]) if spec.inputs == 2 else 0,
                         "reps": reps})
        script = os.path.join(tmp, "run.js")
        with open(script, "w") as f:
            f.write(ORT_SCRIPT)
        env = dict(os.environ, ORT_MODULE=module)
        run = subprocess.run([node, "--max-old-space-size=8192", script, json.dumps(jobs)],
                             capture_output=True, text=True, env=env)
        if run.returncode != 0:
            return None, "node failed: " + run.stderr.strip().splitlines()[-1:][0]
        out = {}
        for r in json.loads(run.stdout.strip().splitlines()[-1]):
            if "seconds" in r:
                out[tuple(r["key"])] = (r["seconds"], None)  # no copy beside it
            else:
                print(f"peers: onnxruntime {r['key']}: {r['error']}", file=sys.stderr)
        return out, None
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--dmlp", default=os.path.join(here, "..", "build", "dmlp"))
    p.add_argument("--large-mib", type=int, default=256)
    p.add_argument("--threads", default="1,all")
    p.add_argument("--cases", default="large,cache", help="large and/or cache")
    p.add_argument("--reps", type=int, default=5)
    p.add_argument("--ops")
    p.add_argument("--types")
    p.add_argument("--inputs", default="one,two", help="one and/or two: the operators of "
                   "one input, of two")
    p.add_argument("--ort-dir")
    p.add_argument("--rounds", type=int, default=2,
                   help="dmlp and every peer in turn this many times; each side's fastest "
                        "round counts (a swing in the host's share of memory then weighs "
                        "on every side alike)")
    p.add_argument("--quick", action="store_true", help="--large-mib 64 --reps 3")
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    if a.quick:
        a.large_mib, a.reps = 64, 3
    # Two-input operators run with B packed and with B one element broadcast (dmlp bench's
    # "a,b" and "a,b=scalar" rows); each peer gets the same shapes.
    cmd = [a.dmlp, "bench", "--json", "--cases", a.cases, "--threads", a.threads,
           "--large-mib", str(a.large_mib), "--reps", str(a.reps), "--inputs", a.inputs]
    if a.ops:
        cmd += ["--ops", a.ops]
    if a.types:
        cmd += ["--types", a.types]
    print("peers: " + " ".join(cmd), file=sys.stderr)
    rows, cases, peers = None, None, {}
    for round_ in range(max(1, a.rounds)):
        dmlp = json.loads(subprocess.run(cmd, check=True, capture_output=True,
                                         text=True).stdout)
        got = [r for r in dmlp["results"] if is_large(r["case"]) or r["case"].startswith("cache-")]
        if rows is None:
            rows = got
            cases = [{k: r[k] for k in ("op", "type", "threads", "elements", "case", "inputs",
                                        "bytes")} for r in rows]
        else:
            for r, g in zip(rows, got):
                r["gbps"] = max(r["gbps"], g["gbps"])
                r["copies_gbps"]["memcpy"] = max(r["copies_gbps"]["memcpy"],
                                                 g["copies_gbps"]["memcpy"])
        build_python = os.path.join(os.path.dirname(os.path.abspath(a.dmlp)), "python")
        for name, fn in (("numpy", lambda: numpy_peer(cases, a.reps)),
                         ("scipy", lambda: scipy_peer(cases, a.reps)),
                         ("torch", lambda: torch_peer(cases, a.reps)),
                         ("onnxruntime", lambda: ort_peer([c for c in cases if is_large(c["case"])],
                                                          a.reps, a.ort_dir)),
                         ("dmlp.py", lambda: dmlp_py_side(cases, a.reps, build_python))):
            print(f"peers: round {round_ + 1}: running {name}", file=sys.stderr)
            figures, why = fn()
            if figures is None:
                if round_ == 0:
                    print(f"peers: {name} skipped: {why}", file=sys.stderr)
                peers[name] = (None, why)
                continue
            # Each figure (the operator's, its copy's) the fastest of the rounds.
            old = peers.get(name, (None, None))[0] or {}
            fastest = lambda a, b: b if a is None else a if b is None else min(a, b)
            peers[name] = ({k: tuple(fastest(v[i], old.get(k, v)[i]) for i in range(2))
                            for k, v in figures.items()}, why)

    table = []
    for r in rows:
        key = (r["op"], r["type"], r["threads"], r["case"], r["inputs"])
        nbytes = r["bytes"]
        entry = {"op": r["op"], "type": r["type"], "case": r["case"], "threads": r["threads"],
                 "inputs": r["inputs"],
                 "elements": r["elements"], "dmlp_gbps": r["gbps"]}
        # dmlp's own memcpy figure, beside it in the bench (the same copy size as the peers').
        dmlp_copy = r.get("copies_gbps", {}).get("memcpy")
        best, best_rel = 0.0, 0.0
        for name, (figures, _) in peers.items():
            s, cs = figures.get(key, (None, None)) if figures else (None, None)
            entry[name + "_gbps"] = nbytes / s / 1e9 if s else None
            entry[name + "_copy_gbps"] = 2 * copy_bytes(nbytes) / cs / 1e9 if cs else None
            if name == "dmlp.py":  # dmlp itself, not a peer
                continue
            if s:
                best = max(best, nbytes / s / 1e9)
            if s and cs:
                best_rel = max(best_rel, cs / s)  # GB/s over its copy's GB/s, same bytes
        entry["dmlp_copy_gbps"] = dmlp_copy
        entry["dmlp_vs_best_peer"] = r["gbps"] / best if best else None
        py = entry.get("dmlp.py_gbps")
        entry["dmlp.py_vs_best_peer"] = py / best if py and best else None
        # Large cells only: in cache no bandwidth swings, and a peer's per-call cost from
        # Python slows its copy as much as its operator, which would flatter it.
        large = is_large(r["case"])
        entry["dmlp_vs_best_peer_each_to_its_copy"] = (
            r["gbps"] / dmlp_copy / best_rel if large and best_rel and dmlp_copy else None)
        table.append(entry)

    if a.json:
        json.dump({"dmlp": dmlp, "peers_skipped": {n: w for n, (f, w) in peers.items() if f is None},
                   "table": table}, sys.stdout, indent=1)
        print()
        return
    fmt = lambda v: f"{v:9.2f}" if v is not None else f"{'-':>9}"
    print(f"GB/s of bytes read + written, large: {a.large_mib} MiB inputs, median of {a.reps}, "
          f"each side's fastest of {max(1, a.rounds)} round(s) in turn")
    def summary(column):
        got = [e[column] for e in table if e[column] is not None]
        return (min(got) if got else None), sum(1 for v in got if v < 1)
    for name, (figures, why) in peers.items():
        if figures is None:
            print(f"  {name}: skipped ({why})")
    print("dmlp/best: GB/s over the best peer's; to copy (large only): the same, each side's GB/s "
          "first divided by that of a memcpy timed beside it;\ndmlp.py: dmlp through its Python "
          "binding, called as the peers are (operators along axes); py/best: it over the best "
          "peer's")
    print(f"{'op':17} {'type':5} {'inputs':10} {'case':13} {'thr':>3} {'elements':>11} {'dmlp':>9} {'numpy':>9} "
          f"{'scipy':>9} {'torch':>9} {'onnxrt':>9} {'dmlp.py':>9} {'dmlp/best':>9} {'to copy':>9} "
          f"{'py/best':>9}")
    for e in table:
        print(f"{e['op']:17} {e['type']:5} {e['inputs']:10} {e['case']:13} {e['threads']:3} {e['elements']:11} "
              f"{fmt(e['dmlp_gbps'])} {fmt(e.get('numpy_gbps'))} {fmt(e.get('scipy_gbps'))} "
              f"{fmt(e.get('torch_gbps'))} {fmt(e.get('onnxruntime_gbps'))} "
              f"{fmt(e.get('dmlp.py_gbps'))} {fmt(e['dmlp_vs_best_peer'])} "
              f"{fmt(e['dmlp_vs_best_peer_each_to_its_copy'])} {fmt(e['dmlp.py_vs_best_peer'])}")
    for column, what in (("dmlp_vs_best_peer", "dmlp / best peer"),
                         ("dmlp_vs_best_peer_each_to_its_copy", "the same, each to its copy"),
                         ("dmlp.py_vs_best_peer", "dmlp.py / best peer")):
        worst, below = summary(column)
        if worst is not None:
            print(f"{what}: lowest {worst:.2f}; {below} cell(s) below 1.0")


if __name__ == "__main__":
    main()
