#!/usr/bin/python3
"""What Python costs on top of the C library, measured in one process.

1. Per-call overhead: a 16-element call of dmlp.sign / softsign / isinf from Python
   (fresh result, and with out=), median over repeated timeit batches, in microseconds.
   numpy's own np.sign on the same array is printed beside it for scale.
2. Large tensors: 64 MiB of input (float32), each operator through dmlp's Python API
   with out= and through the C library itself (libdmlp.so via ctypes: one operator
   created once, dmlp_operator_execute on the same buffers, same thread count), median
   of --reps runs each, interleaved; printed as GB/s of bytes read + written and as the
   ratio Python / C (the median over the back-to-back pairs). A fresh-result Python
   call (which also pays for the new array's page faults) is printed too.

The module carries its own copy of the library (linked statically) beside libdmlp.so, and
each copy would measure its streaming strategies on its own; on a busy machine the two
can choose differently, and the ratio would compare strategies, not Python. So both run
the built-in strategies (DMLP_TUNE=defaults) unless DMLP_TUNE is set.

usage: PYTHONPATH=build/python bench/python_overhead.py [--lib build/src/libdmlp.so]
           [--mib 64] [--reps 15] [--threads N] [--json]
"""
import argparse
import ctypes
import json
import os
import platform
import statistics
import time
import timeit

import numpy as np

# Before either copy of the library starts (see above).
os.environ.setdefault("DMLP_TUNE", "defaults")

import dmlp  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def per_call_us(stmt, env, reps=15, number=20000):
    timer = timeit.Timer(stmt, globals=env)
    timer.timeit(number // 10)
    return statistics.median(timer.repeat(reps, number)) / number * 1e6


def median_seconds(fn, reps):
    fn()
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


# The C library through ctypes: the structs of dmlp.h.
class BufferTensorDesc(ctypes.Structure):
    _fields_ = [("DataType", ctypes.c_int), ("Flags", ctypes.c_int),
                ("DimensionCount", ctypes.c_uint32), ("Sizes", ctypes.POINTER(ctypes.c_uint32)),
                ("Strides", ctypes.POINTER(ctypes.c_uint32)),
                ("TotalTensorSizeInBytes", ctypes.c_uint64),
                ("GuaranteedBaseOffsetAlignment", ctypes.c_uint32)]


class TensorDesc(ctypes.Structure):
    _fields_ = [("Type", ctypes.c_int), ("Desc", ctypes.c_void_p)]


class OperatorDesc(ctypes.Structure):
    _fields_ = [("Type", ctypes.c_int), ("Desc", ctypes.c_void_p)]


class UnaryDesc(ctypes.Structure):  # Sign, Softsign, and IsInfinity with its mode after
    _fields_ = [("InputTensor", ctypes.POINTER(TensorDesc)),
                ("OutputTensor", ctypes.POINTER(TensorDesc)), ("InfinityMode", ctypes.c_int)]


class DeviceDesc(ctypes.Structure):
    _fields_ = [("feature_level", ctypes.c_int), ("thread_count", ctypes.c_uint32),
                ("flags", ctypes.c_uint32)]


class Binding(ctypes.Structure):
    _fields_ = [("buffer", ctypes.c_void_p), ("offset", ctypes.c_uint64),
                ("size_in_bytes", ctypes.c_uint64)]


OP_TYPES = {"sign": 79, "softsign": 50, "isinf": 100}
FLOAT32, UINT8 = 1, 5


class CLibrary:
    def __init__(self, path, threads):
        self.lib = ctypes.CDLL(path)
        self.lib.dmlp_last_error.restype = ctypes.c_char_p
        self.device = ctypes.c_void_p()
        # Python's default device: level 6_4 with the extensions flag.
        desc = DeviceDesc(0, threads, 1)
        self.check(self.lib.dmlp_device_create(ctypes.byref(desc), ctypes.byref(self.device)))

    def check(self, status):
        if status != 0:
            raise RuntimeError(self.lib.dmlp_last_error().decode())

    def operator(self, op, n):
        sizes = (ctypes.c_uint32 * 1)(n)
        out_type = UINT8 if op == "isinf" else FLOAT32
        in_buf = BufferTensorDesc(FLOAT32, 0, 1, sizes, None, (n * 4 + 3) & ~3, 0)
        out_buf = BufferTensorDesc(out_type, 0, 1, sizes, None,
                                   ((n * (1 if op == "isinf" else 4)) + 3) & ~3, 0)
        tin = TensorDesc(1, ctypes.cast(ctypes.pointer(in_buf), ctypes.c_void_p))
        tout = TensorDesc(1, ctypes.cast(ctypes.pointer(out_buf), ctypes.c_void_p))
        unary = UnaryDesc(ctypes.pointer(tin), ctypes.pointer(tout), 0)
        desc = OperatorDesc(OP_TYPES[op], ctypes.cast(ctypes.pointer(unary), ctypes.c_void_p))
        handle = ctypes.c_void_p()
        self.check(self.lib.dmlp_operator_create(self.device, ctypes.byref(desc), 0,
                                                 ctypes.byref(handle)))
        return handle

    def execute(self, handle, x, out):
        bin_ = Binding(x.ctypes.data, 0, x.nbytes + 3 & ~3)
        bout = Binding(out.ctypes.data, 0, out.nbytes + 3 & ~3)
        self.check(self.lib.dmlp_operator_execute(handle, 1, ctypes.byref(bin_), 1,
                                                  ctypes.byref(bout)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lib", default=os.path.join(HERE, "..", "build", "src", "libdmlp.so"))
    parser.add_argument("--mib", type=int, default=64)
    parser.add_argument("--reps", type=int, default=15)
    parser.add_argument("--threads", type=int, default=0, help="0: one per core (default)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    report = {"cpu": cpu_model(), "cores": os.cpu_count(), "dmlp": dmlp.__version__,
              "tune": os.environ["DMLP_TUNE"], "small": {}, "large": {}}
    small = np.linspace(-2, 2, 16, dtype=np.float32)
    small_out = np.empty_like(small)
    small_bool = np.empty(16, np.bool_)
    env = {"dmlp": dmlp, "x": small, "o": small_out, "b": small_bool, "np": np}
    for name, stmt in [("sign", "dmlp.sign(x)"), ("softsign", "dmlp.softsign(x)"),
                       ("isinf", "dmlp.isinf(x)"), ("sign out=", "dmlp.sign(x, out=o)"),
                       ("softsign out=", "dmlp.softsign(x, out=o)"),
                       ("isinf out=", "dmlp.isinf(x, out=b)"),
                       ("numpy np.sign", "np.sign(x)")]:
        report["small"][name] = per_call_us(stmt, env)

    threads = args.threads or None
    n = args.mib * (1 << 20) // 4
    x = np.random.default_rng(1).standard_normal(n, dtype=np.float32) * 4
    c = CLibrary(os.path.abspath(args.lib), args.threads)
    for op in ("sign", "softsign", "isinf"):
        out = np.empty(n, np.bool_ if op == "isinf" else np.float32)
        c_out = np.empty(n, np.uint8 if op == "isinf" else np.float32)
        fn = getattr(dmlp, op)
        handle = c.operator(op, n)
        bytes_moved = x.nbytes + out.nbytes
        # Interleave the two so both see the same machine state.
        py_times, c_times = [], []
        fn(x, out=out, threads=threads)
        c.execute(handle, x, c_out)
        def run_python():
            t0 = time.perf_counter()
            fn(x, out=out, threads=threads)
            py_times.append(time.perf_counter() - t0)

        def run_c():
            t0 = time.perf_counter()
            c.execute(handle, x, c_out)
            c_times.append(time.perf_counter() - t0)

        for rep in range(args.reps):  # interleaved, each first every other time
            for run in ((run_python, run_c) if rep % 2 == 0 else (run_c, run_python)):
                run()
        py_t, c_t = statistics.median(py_times), statistics.median(c_times)
        # Each rep's pair ran back to back: the median of their ratios cancels the slow
        # drifts of a shared machine better than the ratio of the two medians.
        paired = statistics.median(c / p for c, p in zip(c_times, py_times))
        fresh_t = median_seconds(lambda: fn(x, threads=threads), max(3, args.reps // 3))
        assert out.view(np.uint8).tobytes() == c_out.view(np.uint8).tobytes()
        c.lib.dmlp_operator_destroy(handle)
        report["large"][op] = {"python_gbs": bytes_moved / py_t / 1e9,
                               "c_gbs": bytes_moved / c_t / 1e9, "ratio": paired,
                               "python_fresh_gbs": bytes_moved / fresh_t / 1e9}

    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"CPU: {report['cpu']} ({report['cores']} cores), dmlp {report['dmlp']}, "
          f"DMLP_TUNE={report['tune']}")
    print("16-element call from Python (median, microseconds per call):")
    for name, us in report["small"].items():
        print(f"  {name:16s} {us:6.2f} us")
    print(f"{args.mib} MiB float32 input, threads={args.threads or 'all'} "
          f"(GB/s of bytes read + written, median of {args.reps}):")
    print("  op         Python out=   C library   Python / C   Python fresh result")
    print("  (Python / C: the median of each back-to-back pair's speed ratio)")
    for op, r in report["large"].items():
        print(f"  {op:9s} {r['python_gbs']:10.2f} {r['c_gbs']:11.2f} {r['ratio']:11.3f}"
              f" {r['python_fresh_gbs']:14.2f}")


if __name__ == "__main__":
    main()
