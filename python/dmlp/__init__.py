"""dmlp: DirectML's element-wise operators on the CPU, one function per operator.

    dmlp.sign(x, *, nan="zero", out=None, feature_level=None, threads=None)
    dmlp.add(a, b, *, out=None, feature_level=None, threads=None)
    ...                                            every operator: python -m dmlp._doc
    dmlp.onnx.InferenceSession(path_or_bytes)      ONNX Runtime's calling convention
    dmlp.dispatch(model_json_path)                 a DxDispatch model's resources

The operator functions are made from the library's registry when the module is imported
(dmlp._dmlp._operators() says what each is made from). x, a and b are numpy arrays (any
layout; a and b broadcast as numpy does), CPU tensors with __dlpack__ (torch, bfloat16
included) or anything numpy.asarray accepts. out= writes into a given array,
feature_level= applies DirectML's tables of that level ("1_0" ... "6_4"; None: 6_4 with
dmlp's extensions), threads= sets the worker threads of the call. Results are exactly
those of the C library (include/dmlp.h); refusals raise dmlp.Error (a ValueError) or
TypeError naming the argument.
"""
from . import _dmlp
from ._dmlp import Error, __version__, dispatch
from . import onnx

#: The operator functions' names, in the registry's order.
operators = tuple(op["name"] for op in _dmlp._operators())
globals().update({name: getattr(_dmlp, name) for name in operators})

__all__ = ["Error", "__version__", "dispatch", "onnx", "operators"] + list(operators)
