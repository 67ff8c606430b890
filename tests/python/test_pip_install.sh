#!/bin/sh
# test_pip_install — `pip install .` as a user on Debian runs it: a venv made with
# --system-site-packages (numpy from Debian), pip install --no-build-isolation of a copy
# of the source tree, then `import dmlp` from another directory, with a result checked
# and the installed version matching the package metadata.
# Usage: test_pip_install.sh SOURCE_DIR WORK_DIR PYTHON
set -u
src=$1
work=$2
python=${3:-/usr/bin/python3}

fail() {
    echo "test_pip_install: FAIL: $*" >&2
    exit 1
}

"$python" -c "import venv, ensurepip" 2>/dev/null ||
    { echo "test_pip_install: no venv/ensurepip for $python, skipped"; exit 77; }
rm -rf "$work"
mkdir -p "$work/src" "$work/elsewhere" || fail "mkdir $work"
# The source as a user has it (no build directories).
for item in CMakeLists.txt pyproject.toml setup.py setup.cfg README.md cmake include src \
    bench python; do
    cp -r "$src/$item" "$work/src/" || fail "copy $item"
done
"$python" -m venv --system-site-packages "$work/venv" >"$work/venv.log" 2>&1 ||
    { cat "$work/venv.log" >&2; fail "python -m venv"; }
# Unoptimised and portable (DMLP_BUILD_TYPE=Debug DMLP_ARCH=generic, setup.py): this
# checks the packaging; the optimised build of every kernel level is the rest of the
# suite's, and this one compiles in a fraction of the time.
(cd "$work/src" && DMLP_BUILD_TYPE=Debug DMLP_ARCH=generic "$work/venv/bin/pip" install --no-build-isolation --no-index . \
    >"$work/pip.log" 2>&1) || { tail -n 40 "$work/pip.log" >&2; fail "pip install ."; }
rm -rf "$work/src"  # the installed package must not need the source tree
cd "$work/elsewhere" || fail "cd"
"$work/venv/bin/python" - >"$work/run.log" 2>&1 <<'PY' || { cat "$work/run.log" >&2; fail "import dmlp"; }
import importlib.metadata, os, sys
import numpy as np
import dmlp
assert dmlp.__file__.startswith(sys.prefix), dmlp.__file__
assert importlib.metadata.version("dmlp") == dmlp.__version__, dmlp.__version__
assert dmlp.softsign(np.array([1.0, -3.0], np.float32)).tolist() == [0.5, -0.75]
assert dmlp.isinf(np.array([np.inf, 0.0])).tolist() == [True, False]
assert dmlp.softmax(np.zeros((2, 2), np.float32), axis=(0, 1)).tolist() == [[0.25] * 2] * 2
assert hasattr(dmlp.onnx, "InferenceSession")
print("installed", dmlp.__version__, "at", os.path.dirname(dmlp.__file__))
PY
cat "$work/run.log"
echo "test_pip_install: ok"
