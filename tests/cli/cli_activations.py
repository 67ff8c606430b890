"""The numpy models of the `dmlp run` tests of the activations with FLOAT members
(test_cli_activations.sh): each formula in the type's arithmetic (float16 widened
exactly to float32, float64 with the float32 members widened), rounded once to the
type; a NaN result is the input made quiet when the input is a NaN, else the positive
default NaN.

  cli_activations.py check DIR OP NAME OPTIONS...   compares DIR/NAME_<dt>.npy with
                                                    the model of OP under the options"""
import sys

import numpy as np

import cli_elementwise as ce
from cli_elementwise import same, quiet


def nan_rule(x, y):
    made = np.isnan(y) & ~np.isnan(x)
    y = y.copy()
    y[made] = np.nan  # the positive default NaN
    return np.where(np.isnan(x) & np.isnan(y), quiet(x), y)


def clamp01(t, propagate):
    r = np.where(t > 1, 1, np.where(t > 0, t, 0)).astype(t.dtype)
    return np.where(np.isnan(t), t if propagate else t.dtype.type(1), r)


def model(op, x, o):
    if x.dtype.kind in "iu":  # shrink: the float64 sum truncated and saturated
        info = np.iinfo(x.dtype)
        w = x.astype(np.float64)
        b, t = np.float64(np.float32(o["bias"])), np.float64(np.float32(o["threshold"]))
        with np.errstate(all="ignore"):
            y = np.where(w > t, w - b, np.where(w < -t, w + b, 0.0))
        y = np.where(np.isnan(y), 0, np.clip(np.trunc(y), info.min, info.max))
        return y.astype(x.dtype)
    wide = np.float64 if x.dtype == np.float64 else np.float32
    w = x.astype(wide)
    p = {k: wide(np.float32(v)) for k, v in o.items() if k != "nan"}
    propagate = o.get("nan") == "propagate"
    with np.errstate(all="ignore"):
        if op == "linear":
            y = p["alpha"] * w + p["beta"]
        elif op == "thresholded_relu":
            y = np.where(w > p["alpha"], w, 0).astype(wide)
        elif op == "hard_sigmoid":
            y = clamp01(p["alpha"] * w + p["beta"], propagate)
        elif op == "hard_swish":
            y = w * clamp01(p["alpha"] * w + p["beta"], propagate)
        elif op == "shrink":
            y = np.where(w > p["threshold"], w - p["bias"],
                         np.where(w < -p["threshold"], w + p["bias"], 0)).astype(wide)
        y = y.astype(x.dtype)
    return nan_rule(x, y)


DEFAULTS = {"linear": {}, "thresholded_relu": {"alpha": 1.0},
            "hard_sigmoid": {"alpha": 0.2, "beta": 0.5},
            "hard_swish": {"alpha": np.float32(1) / np.float32(6), "beta": 0.5},
            "shrink": {"bias": 0.0, "threshold": 0.5}}


def main():
    _, _, work, op, name, *options = sys.argv
    o = dict(DEFAULTS[op])
    for option in options:
        key, value = option[2:].split("=")
        o[key] = value if key == "nan" else float(value)
    for dt in ["f2", "f4", "f8", "i1", "u1", "i2", "u2", "i4", "u4"]:
        try:
            got = np.load(f"{work}/{name}_{dt}.npy")
        except FileNotFoundError:
            continue
        x = np.load(f"{work}/in_{dt}.npy")
        same(f"{op} {name} {dt}", got, model(op, x, o))
    sys.exit(1 if ce.bad else 0)


if __name__ == "__main__":
    main()
