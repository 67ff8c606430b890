"""dmlp: DirectML's element-wise operators Sign, Softsign and IsInfinity on the CPU.

    dmlp.sign(x, *, nan="zero", out=None, feature_level=None, threads=None)
    dmlp.softsign(x, *, out=None, feature_level=None, threads=None)
    dmlp.isinf(x, *, mode="either", out=None, feature_level=None, threads=None)
    dmlp.onnx.InferenceSession(path_or_bytes)      ONNX Runtime's calling convention
    dmlp.dispatch(model_json_path)                 a DxDispatch model's resources

x is a numpy array (any layout), a CPU tensor with __dlpack__ (torch, bfloat16
included) or anything numpy.asarray accepts. Results are exactly those of the C library
(include/dmlp.h); refusals raise dmlp.Error (a ValueError) or TypeError.
"""
from ._dmlp import Error, __version__, dispatch, isinf, sign, softsign
from . import onnx

__all__ = ["Error", "__version__", "dispatch", "isinf", "onnx", "sign", "softsign"]
