"""Shared helpers: the C library's own results (through the dmlp command, which runs the
same library from .npy files) and bit-level comparison."""
import os
import subprocess

import numpy as np
import pytest

CLI = os.environ.get("DMLP_CLI")


def c_library(tmp_path, op, x, **options):
    """Runs op on x with the C library (dmlp run) and returns its result array."""
    assert CLI, "DMLP_CLI names the dmlp command (set by ctest)"
    src, dst = tmp_path / "in.npy", tmp_path / "out.npy"
    np.save(src, x)
    # dmlp's default device (no feature_level) is 6_4 with the extensions: the
    # command's "ext".
    args = [CLI, "run", op, "--feature-level", "ext"]
    for key, value in options.items():
        args += ["--" + key.replace("_", "-"), str(value)]
    subprocess.run(args + [str(src), str(dst)], check=True, capture_output=True)
    return np.load(dst)


def bits(a):
    """The bytes of an array in C order, for bit-exact comparison (NaN payloads too)."""
    a = np.ascontiguousarray(a)
    return a.view(np.uint8).tobytes() if a.size else b""


def assert_bits_equal(actual, expected):
    assert actual.dtype == expected.dtype, (actual.dtype, expected.dtype)
    assert actual.shape == expected.shape, (actual.shape, expected.shape)
    if bits(actual) != bits(expected):
        diff = np.flatnonzero(np.ascontiguousarray(actual).view(np.uint8).ravel()
                              != np.ascontiguousarray(expected).view(np.uint8).ravel())
        pytest.fail(f"{diff.size} bytes differ, first at byte {diff[0]}")


@pytest.fixture
def c_run(tmp_path):
    return lambda op, x, **options: c_library(tmp_path, op, x, **options)
