"""DLPack producers that lie: a __dlpack__ whose capsule holds a hand-made DLManagedTensor
with a NULL shape, negative or overflowing dimensions and strides, a device that is not
the CPU, NULL data. Each one, passed as x, as out= and as an InferenceSession feed, must
raise a Python exception naming the field; nothing may crash, hang or be written.

The hostile calls run in a child process (this file run as a script), so a crash or an
endless loop fails the cases it reaches, named, rather than the whole test run."""
import ctypes
import json
import os
import re
import subprocess
import sys

import numpy as np
import pytest
from onnx import TensorProto, helper

import dmlp
from dmlp.onnx import InferenceSession


class DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", DLDevice), ("ndim", ctypes.c_int32),
                ("dtype", DLDataType), ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


class DLManagedTensor(ctypes.Structure):
    _fields_ = [("dl_tensor", DLTensor), ("manager_ctx", ctypes.c_void_p),
                ("deleter", ctypes.c_void_p)]


_capsule_new = ctypes.pythonapi.PyCapsule_New
_capsule_new.restype = ctypes.py_object
_capsule_new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
_NAME = b"dltensor"  # PyCapsule_New keeps the pointer: this bytes object lives as long


def _int64s(values):
    return None if values is None else (ctypes.c_int64 * max(len(values), 1))(*values)


class Producer:
    """A float32 tensor of 4 elements over its own buffer unless told otherwise; every
    DLTensor field may be replaced. The struct and arrays live as long as the object (the
    deleter is NULL: there is nothing to free)."""

    def __init__(self, shape=(4,), strides=None, ndim=None, data="buffer", byte_offset=0,
                 capsule_device=1, said_device=1):
        self.buffer = np.arange(1, 9, dtype=np.float32)
        self.shape_array = _int64s(shape)
        self.strides_array = _int64s(strides)
        t = DLTensor()
        t.data = self.buffer.ctypes.data if data == "buffer" else data
        t.device = DLDevice(capsule_device, 0)
        t.ndim = len(shape) if ndim is None else ndim
        t.dtype = DLDataType(2, 32, 1)
        if self.shape_array is not None:
            t.shape = ctypes.cast(self.shape_array, ctypes.POINTER(ctypes.c_int64))
        if self.strides_array is not None:
            t.strides = ctypes.cast(self.strides_array, ctypes.POINTER(ctypes.c_int64))
        t.byte_offset = byte_offset
        self.managed = DLManagedTensor(t, None, None)
        self.said_device = said_device

    def __dlpack_device__(self):
        return (self.said_device, 0)

    def __dlpack__(self, stream=None):
        return _capsule_new(ctypes.addressof(self.managed), _NAME, None)


BIG = 1 << 62
CASES = {
    "shape NULL": (dict(shape=None, ndim=1), r"dl_tensor\.shape is NULL"),
    "dimension -1": (dict(shape=(-1,)), r"dl_tensor\.shape\[0\] is -1"),
    "dimensions -4, -4": (dict(shape=(-4, -4)), r"dl_tensor\.shape\[0\] is -4"),
    "capsule on CUDA": (dict(capsule_device=2), r"dl_tensor\.device.* 2"),
    "data NULL, offset 64": (dict(data=None, byte_offset=64), r"dl_tensor\.data is NULL"),
    "data NULL, 4 elements": (dict(data=None), r"dl_tensor\.data is NULL"),
    "data NULL, offset 64, empty": (dict(data=None, byte_offset=64, shape=(0,)),
                                    r"dl_tensor\.data is NULL"),
    "2^64 elements, strides 0": (dict(shape=(1 << 32, 1 << 32), strides=(0, 0)),
                                 r"dl_tensor\.shape .*elements"),
    "stride 2^62": (dict(strides=(BIG,)), r"dl_tensor\.strides\[0\] is 4611686018427387904"),
    "stride -2^62": (dict(strides=(-BIG,)), r"dl_tensor\.strides\[0\] is -4611686018427387904"),
    "extent past 2^63": (dict(shape=(3, 3), strides=(1 << 60, 1 << 60)), r"dl_tensor\.strides"),
    "offset wraps the address": (dict(byte_offset=(1 << 64) - 8), r"dl_tensor\.byte_offset"),
    "ndim -1": (dict(ndim=-1), r"dl_tensor\.ndim is -1"),
    "ndim 1000": (dict(ndim=1000), r"dl_tensor\.ndim is 1000"),
}

MODEL = helper.make_model(
    helper.make_graph([helper.make_node("Abs", ["x"], ["y"])], "g",
                      [helper.make_tensor_value_info("x", TensorProto.FLOAT, None)],
                      [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)]),
    opset_imports=[helper.make_opsetid("", 13)]).SerializeToString()


def test_an_honest_producer_works():
    # The ctypes structs match the ABI: the same producer, told the truth, is read and
    # written in place.
    p = Producer(shape=(2, 2), strides=(1, 2))
    assert dmlp.negative(p, out=np.empty((2, 2), np.float32)).tolist() == [[-1.0, -3.0],
                                                                        [-2.0, -4.0]]
    dmlp.negative(np.ones((2, 2), np.float32), out=p)
    assert p.buffer.tolist() == [-1.0] * 4 + [5.0, 6.0, 7.0, 8.0]
    [y] = InferenceSession(MODEL).run(None, {"x": Producer()})
    assert y.tolist() == [1.0, 2.0, 3.0, 4.0]


ENTRIES = ("x", "out", "feed")


def call(entry, producer):
    if entry == "x":
        dmlp.sign(producer)
    elif entry == "out":
        dmlp.sign(np.zeros(4, np.float32), out=producer)
    else:
        InferenceSession(MODEL).run(None, {"x": producer})


PAIRS = [(entry, case) for entry in ENTRIES for case in CASES]


def run_cases(first):
    """The child: the cases from PAIRS[first] on, one JSON line each, a "start" line
    written first so that a crash names its case."""
    for entry, case in PAIRS[first:]:
        print(json.dumps({"start": [entry, case]}), flush=True)
        p = Producer(**CASES[case][0])
        before = p.buffer.copy()
        result = {"entry": entry, "case": case, "raised": None, "message": "", "kinds": []}
        try:
            call(entry, p)
        except Exception as e:  # what it raises is the parent's to judge
            result.update(raised=type(e).__name__, message=str(e),
                          kinds=[k.__name__ for k in type(e).__mro__])
        result["unchanged"] = bool(np.array_equal(p.buffer, before))
        print(json.dumps(result), flush=True)


@pytest.fixture(scope="module")
def outcomes():
    """{(entry, case): the child's record, or why the child ended there}; a child that
    crashes or hangs is started again after the case it ended at."""
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    results, first = {}, 0
    while first < len(PAIRS):
        try:
            r = subprocess.run([sys.executable, __file__, str(first)], capture_output=True,
                               text=True, timeout=30, env=env)
            out, how = r.stdout, f"exit status {r.returncode}: {r.stderr[-1000:]}"
        except subprocess.TimeoutExpired as e:
            out, how = (e.stdout or b"").decode(), "no answer in 30 s (an endless loop?)"
        last = None
        for line in out.splitlines():
            record = json.loads(line)
            if "start" in record:
                last = tuple(record["start"])
            else:
                results[(record["entry"], record["case"])] = record
        if last is None or last in results:
            break  # every case reached answered (or the child never started)
        results[last] = how
        first = PAIRS.index(last) + 1
    return results


@pytest.mark.parametrize("entry", ENTRIES)
@pytest.mark.parametrize("case", CASES)
def test_refused(outcomes, entry, case):
    r = outcomes.get((entry, case), "not reached: the child never started")
    if isinstance(r, str):
        pytest.fail(f"{entry}, {case}: {r}")
    arg = "out" if entry == "out" else "x"
    assert r["raised"] and {"ValueError", "TypeError", "BufferError"} & set(r["kinds"]), r
    assert re.search("^" + arg + ": .*" + CASES[case][1], r["message"]), r["message"]
    assert r["unchanged"], "the producer's memory was written"


if __name__ == "__main__":
    run_cases(int(sys.argv[1]))
