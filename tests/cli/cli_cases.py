"""Inputs and expectations for test_cli.sh, with Debian's numpy.

  cli_cases.py gen DIR    writes DIR/in/NAME.npy for every case, DIR/cases.txt (one
                          "NAME ARGS..." line per case for `dmlp run ARGS IN OUT`) and the
                          malformed files of the error tests
  cli_cases.py check DIR  compares DIR/out/NAME.npy with the expectation; prints one
                          "ok NAME" or "FAIL NAME: why" line per case

Expectations are the operators' definitions written out here (docs/operators.md), not
results of dmlp: sign is -1/0/+1 from comparisons, softsign is the binary32 (binary64)
evaluation of x / (1 + |x|), f16 through an exact widening to f32 and one rounding, isinf
is a test for +-inf.
"""
import os
import sys

import numpy as np
from numpy.lib import format as npformat

F32_EDGES = [-np.inf, -3.5, -1.0, -0.0, 0.0, 1e-45, 0.5, 2.0, 1e30, 3.4e38, np.inf, np.nan,
             -1e-45, 1.17549435e-38, -3.4028235e38, 3.4028235e38, 7.0, -0.25]


def int_edges(dtype):
    info = np.iinfo(dtype)
    values = [info.min, info.min + 1, -1, 0, 1, 2, info.max - 1, info.max]
    return np.array([v for v in values if info.min <= v <= info.max], dtype=dtype)


def sign_ref(x, nan_propagate=False):
    if x.dtype == np.bool_:
        return x.copy()
    one = np.ones((), x.dtype)
    zero = np.zeros((), x.dtype)
    if x.dtype.kind == "u":
        out = np.where(x > 0, one, zero).astype(x.dtype)
    else:
        out = np.where(x > 0, one, np.where(x < 0, -one, zero)).astype(x.dtype)
    if nan_propagate and x.dtype.kind == "f":
        out = np.where(np.isnan(x), x, out).astype(x.dtype)
    return out


def softsign_ref(x):
    with np.errstate(all="ignore"):
        if x.dtype == np.float16:
            w = x.astype(np.float32)
            return (w / (np.float32(1) + np.abs(w))).astype(np.float16)
        return x / (x.dtype.type(1) + np.abs(x))


def isinf_ref(x, mode):
    if mode == "positive":
        hit = np.isposinf(x)
    elif mode == "negative":
        hit = np.isneginf(x)
    else:
        hit = np.isinf(x)
    return hit  # numpy's bool (|b1); --to u1 gives DirectML's UINT8


def cases():
    """(name, dmlp run arguments, input array, .npy version, expected array)."""
    f32 = np.array(F32_EDGES, dtype=np.float32)
    with np.errstate(over="ignore"):  # 1e30 and 3.4e38 become inf in f16
        f16 = np.array(F32_EDGES[:12] + [65504.0, -65504.0, 6e-8, 1e-4],
                       dtype=np.float32).astype(np.float16)
    f64 = np.array(F32_EDGES + [1e300, -5e-324], dtype=np.float64)
    rng = np.random.default_rng(7)
    big = rng.standard_normal(100003).astype(np.float32) * 100
    big[::1000] = np.inf
    out = []
    for dt in ["i1", "i2", "i4", "i8", "u1", "u2", "u4", "u8"]:
        x = int_edges(np.dtype("<" + dt))
        out.append(("sign_" + dt, ["sign"], x, (1, 0), sign_ref(x)))
    bools = np.array([True, False, True], dtype=np.bool_)
    out.append(("sign_b1", ["sign"], bools, (1, 0), sign_ref(bools)))
    out.append(("sign_f4", ["sign"], f32, (1, 0), sign_ref(f32)))
    out.append(("sign_f2", ["sign"], f16, (1, 0), sign_ref(f16)))
    out.append(("sign_f8_ext", ["sign", "--feature-level", "ext"], f64, (1, 0), sign_ref(f64)))
    out.append(("sign_nan_propagate", ["sign", "--nan", "propagate", "--feature-level=ext"],
                f32, (1, 0), sign_ref(f32, True)))
    out.append(("sign_nan_zero", ["sign", "--nan", "zero"], f32, (1, 0), sign_ref(f32)))
    out.append(("softsign_f4", ["softsign"], f32, (1, 0), softsign_ref(f32)))
    out.append(("softsign_f2", ["softsign"], f16, (1, 0), softsign_ref(f16)))
    out.append(("softsign_f8_ext", ["softsign", "--feature-level", "ext"], f64, (1, 0),
                softsign_ref(f64)))
    for mode in ["either", "positive", "negative"]:
        out.append(("isinf_f4_" + mode, ["isinf", "--mode", mode], f32, (1, 0),
                    isinf_ref(f32, mode)))
        out.append(("isinf_f2_" + mode, ["isinf", "--mode=" + mode], f16, (1, 0),
                    isinf_ref(f16, mode)))
    out.append(("isinf_default_mode", ["isinf"], f32, (1, 0), isinf_ref(f32, "either")))
    out.append(("isinf_to_u1", ["isinf", "--to", "u1"], f32, (1, 0),
                isinf_ref(f32, "either").astype(np.uint8)))
    # layouts, ranks and format versions
    cube = (np.arange(24, dtype=np.float32) - 11.5).reshape(2, 3, 4)
    fortran = np.asfortranarray(cube)
    out.append(("fortran_sign", ["sign"], fortran, (1, 0), sign_ref(cube)))
    out.append(("fortran_softsign", ["softsign"], fortran, (1, 0), softsign_ref(cube)))
    out.append(("fortran_isinf", ["isinf"], np.asfortranarray(np.array(
        [[np.inf, 1], [2, -np.inf], [np.nan, 0]], np.float32)), (1, 0),
        isinf_ref(np.array([[np.inf, 1], [2, -np.inf], [np.nan, 0]], np.float32), "either")))
    out.append(("version2", ["sign"], cube, (2, 0), sign_ref(cube)))
    out.append(("version3", ["softsign"], cube, (3, 0), softsign_ref(cube)))
    scalar = np.array(-2.5, dtype=np.float32)
    out.append(("scalar_0d", ["softsign"], scalar, (1, 0), softsign_ref(scalar)))
    empty = np.zeros((0, 3), dtype=np.float32)
    out.append(("empty", ["sign"], empty, (1, 0), sign_ref(empty)))
    out.append(("empty_isinf", ["isinf"], empty, (1, 0), isinf_ref(empty, "either")))
    eight = (np.arange(256, dtype=np.int32) - 128).reshape((2,) * 8)
    out.append(("rank8", ["sign"], eight, (1, 0), sign_ref(eight)))
    four = cube.reshape(1, 2, 3, 4)
    out.append(("level_2_0_4d", ["sign", "--feature-level", "2_0"], four, (1, 0),
                sign_ref(four)))
    out.append(("level_1_0_softsign", ["softsign", "--feature-level", "1_0"], four, (1, 0),
                softsign_ref(four)))
    out.append(("threads_1", ["softsign", "--threads", "1"], big, (1, 0), softsign_ref(big)))
    out.append(("threads_2", ["softsign", "--threads=2"], big, (1, 0), softsign_ref(big)))
    out.append(("options_last", ["isinf", "IN", "OUT", "--mode", "negative"], big, (1, 0),
                isinf_ref(big, "negative")))
    return out


def save(path, array, version):
    with open(path, "wb") as f:
        npformat.write_array(f, array, version=version)


def gen(root):
    os.makedirs(os.path.join(root, "in"), exist_ok=True)
    os.makedirs(os.path.join(root, "out"), exist_ok=True)
    with open(os.path.join(root, "cases.txt"), "w") as manifest:
        for name, args, x, version, _ in cases():
            save(os.path.join(root, "in", name + ".npy"), x, version)
            manifest.write(name + " " + " ".join(args) + "\n")
    # inputs for the error tests
    bad = os.path.join(root, "bad")
    os.makedirs(bad, exist_ok=True)
    x = np.arange(6, dtype=np.float32)
    save(os.path.join(bad, "good.npy"), x, (1, 0))
    with open(os.path.join(bad, "good.npy"), "rb") as f:
        raw = f.read()
    with open(os.path.join(bad, "truncated.npy"), "wb") as f:
        f.write(raw[:-4])
    with open(os.path.join(bad, "text.npy"), "w") as f:
        f.write("1.0, 2.0, 3.0\n")
    save(os.path.join(bad, "complex.npy"), np.zeros(3, np.complex64), (1, 0))
    save(os.path.join(bad, "bigendian.npy"), np.zeros(3, ">f4"), (1, 0))
    save(os.path.join(bad, "rank9.npy"), np.zeros((1,) * 9, np.float32), (1, 0))
    save(os.path.join(bad, "f64.npy"), np.zeros(3, np.float64), (1, 0))
    save(os.path.join(bad, "i64.npy"), np.zeros((1, 1, 1, 3), np.int64), (1, 0))
    save(os.path.join(bad, "u8.npy"), np.zeros(3, np.uint8), (1, 0))
    save(os.path.join(bad, "empty_f64.npy"), np.zeros((0,), np.float64), (1, 0))


def same(out, expected):
    """Bit-exact, except that any NaN matches any NaN (payloads are not specified)."""
    if out.dtype.str != expected.dtype.str:
        return "dtype %s, expected %s" % (out.dtype.str, expected.dtype.str)
    if out.shape != expected.shape:
        return "shape %s, expected %s" % (out.shape, expected.shape)
    if out.dtype.kind == "f":
        nan_out, nan_exp = np.isnan(out), np.isnan(expected)
        if not np.array_equal(nan_out, nan_exp):
            return "NaN at %s, expected at %s" % (np.argwhere(nan_out).tolist()[:4],
                                                  np.argwhere(nan_exp).tolist()[:4])
        bits = {2: np.uint16, 4: np.uint32, 8: np.uint64}[out.dtype.itemsize]
        a = np.where(nan_out, 0, out).astype(out.dtype).view(bits)
        b = np.where(nan_exp, 0, expected).astype(expected.dtype).view(bits)
    else:
        a, b = out, expected
    diff = np.flatnonzero(np.ravel(a) != np.ravel(b))
    if diff.size:
        i = diff[0]
        return "element %d is %r, expected %r (%d differ)" % (
            i, np.ravel(out)[i], np.ravel(expected)[i], diff.size)
    return None


def check(root):
    failed = 0
    for name, _, _, _, expected in cases():
        path = os.path.join(root, "out", name + ".npy")
        try:
            out = np.load(path)
            why = same(out, expected)
        except Exception as e:  # a missing or unreadable output is a failure
            why = "cannot load: %s" % e
        if why:
            failed += 1
            print("FAIL %s: %s" % (name, why))
        else:
            print("ok %s" % name)
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("gen", "check"):
        sys.exit("usage: cli_cases.py gen|check DIR")
    if sys.argv[1] == "gen":
        gen(sys.argv[2])
    else:
        sys.exit(check(sys.argv[2]))
