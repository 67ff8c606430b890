#!/bin/sh
# test_install_onnx — the installed ONNX front end as a consumer sees it: `cmake --install`
# into a temporary prefix, then a program that loads and runs a Sign model, built with
# `pkg-config --cflags --libs dmlp-onnx` and by a CMake project with find_package(dmlp)
# against dmlp::dmlp_onnx (shared) and dmlp::dmlp_onnx_static; each run. Also: the shared
# library exports the public API (dmlp_* and dmlp_onnx_*) and nothing internal.
# Usage: test_install_onnx.sh BUILD_DIR C_COMPILER SANITIZE(ON/OFF) PYTHON
set -u
# target_run, target_nm, target_ldd, target_toolchain: native or cross (emulated).
. "$(dirname "$0")/../target_env.sh"
build=$1
cc=${2:-cc}
sanitize=${3:-OFF}
python=${4:-/usr/bin/python3}

fail() {
    echo "test_install_onnx: FAIL: $*" >&2
    exit 1
}

for tool in cmake pkg-config "$target_nm" ${target_emu%% *}; do
    command -v "$tool" >/dev/null 2>&1 || { echo "test_install_onnx: no $tool, skipped"; exit 77; }
done
"$python" -c "import onnx" 2>/dev/null || { echo "test_install_onnx: no onnx module, skipped"; exit 77; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/dmlp-install-onnx.XXXXXX") || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT INT TERM
prefix=$tmp/prefix

extra=""
case "$sanitize" in
ON | on | TRUE | true | 1 | YES | yes) extra="-fsanitize=address,undefined" ;;
esac

cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 ||
    { cat "$tmp/install.log" >&2; fail "cmake --install $build"; }

[ -f "$prefix/include/dmlp_onnx.h" ] || fail "include/dmlp_onnx.h not installed"
pc=$(find "$prefix" -name dmlp-onnx.pc | head -n 1)
[ -n "$pc" ] || fail "dmlp-onnx.pc not installed"
libdir=$(dirname "$(dirname "$pc")")
[ -f "$libdir/libdmlp_onnx.a" ] || fail "libdmlp_onnx.a not in $libdir"
so=$(find "$libdir" -maxdepth 1 -name 'libdmlp_onnx.so.*' -type f | head -n 1)
[ -n "$so" ] || fail "libdmlp_onnx.so.* not in $libdir"
checks=4

exported=$("$target_nm" -D --defined-only "$so" | awk '$2 ~ /^[TDBR]$/ {print $3}')
for name in dmlp_onnx_model_load_file dmlp_onnx_model_load_memory dmlp_onnx_model_run \
    dmlp_onnx_model_free dmlp_onnx_result_output dmlp_onnx_tensor_load_file \
    dmlp_onnx_type_name dmlp_last_error dmlp_operator_create; do
    echo "$exported" | grep -qx "$name" || fail "$name is not exported"
    checks=$((checks + 1))
done
internal=$(echo "$exported" | grep -v '^dmlp_[a-z]' | grep -v '^_' | head -n 5)
[ -z "$internal" ] || fail "exports beyond the public API: $internal"
checks=$((checks + 1))

# A one-node Sign model (float, shape [4]), written by the ONNX package.
"$python" - "$tmp/sign.onnx" <<'PY' || fail "could not write the model"
import sys
from onnx import TensorProto, helper
x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [4])
y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [4])
graph = helper.make_graph([helper.make_node("Sign", ["x"], ["y"])], "sign", [x], [y])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
open(sys.argv[1], "wb").write(model.SerializeToString())
PY

cat >"$tmp/consumer.c" <<'EOF2'
#include <dmlp_onnx.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    dmlp_onnx_model *model = NULL;
    if (argc < 2 || dmlp_onnx_model_load_file(argv[1], NULL, &model) != DMLP_OK) {
        fprintf(stderr, "load: %s\n", dmlp_last_error());
        return 1;
    }
    const float in[4] = {-3.0f, 0.0f, 2.5f, NAN};
    const int64_t dims[1] = {4};
    dmlp_onnx_tensor x = {"x", DMLP_ONNX_TYPE_FLOAT, 1, dims, in, sizeof in};
    dmlp_onnx_result *result = NULL;
    if (dmlp_onnx_model_run(model, 1, &x, &result) != DMLP_OK) {
        fprintf(stderr, "run: %s\n", dmlp_last_error());
        return 1;
    }
    dmlp_onnx_tensor y;
    int ok = dmlp_onnx_result_output(result, 0, &y) == DMLP_OK && y.size_in_bytes == 16;
    const float *out = ok ? y.data : NULL;
    ok = ok && out[0] == -1.0f && out[1] == 0.0f && out[2] == 1.0f && isnan(out[3]);
    /* A refusal is reported through the shared message. */
    dmlp_onnx_tensor wrong = {"nope", DMLP_ONNX_TYPE_FLOAT, 1, dims, in, sizeof in};
    dmlp_onnx_result *none = NULL;
    ok = ok && dmlp_onnx_model_run(model, 1, &wrong, &none) != DMLP_OK &&
         strstr(dmlp_last_error(), "nope") != NULL;
    dmlp_onnx_result_free(result);
    dmlp_onnx_model_free(model);
    if (!ok) {
        fprintf(stderr, "unexpected result (%s)\n", dmlp_last_error());
        return 1;
    }
    printf("consumer ok\n");
    return 0;
}
EOF2

export PKG_CONFIG_PATH="$libdir/pkgconfig"
if pkg-config --define-prefix --exists dmlp-onnx 2>/dev/null; then
    pcflags=$(pkg-config --define-prefix --cflags --libs dmlp-onnx)
else
    pcflags=$(pkg-config --define-variable=prefix="$prefix" --cflags --libs dmlp-onnx)
fi
[ -n "$pcflags" ] || fail "pkg-config --cflags --libs dmlp-onnx printed nothing"
# shellcheck disable=SC2086
"$cc" -std=c11 -Wall -Wextra -Werror $extra "$tmp/consumer.c" -o "$tmp/consumer_pc" $pcflags -lm \
    >"$tmp/pc.log" 2>&1 || { cat "$tmp/pc.log" >&2; fail "build with pkg-config ($pcflags)"; }
LD_LIBRARY_PATH="$libdir" target_run "$tmp/consumer_pc" "$tmp/sign.onnx" >"$tmp/pc.out" 2>&1 ||
    { cat "$tmp/pc.out" >&2; fail "the pkg-config consumer failed"; }
grep -q "consumer ok" "$tmp/pc.out" || fail "the pkg-config consumer printed no result"
checks=$((checks + 3))

mkdir -p "$tmp/cmake-consumer"
cp "$tmp/consumer.c" "$tmp/cmake-consumer/consumer.c"
cat >"$tmp/cmake-consumer/CMakeLists.txt" <<'EOF2'
cmake_minimum_required(VERSION 3.18)
project(dmlp_onnx_consumer LANGUAGES C)
find_package(dmlp 0.1 REQUIRED)
add_executable(consumer_shared consumer.c)
target_link_libraries(consumer_shared PRIVATE dmlp::dmlp_onnx m)
add_executable(consumer_static consumer.c)
target_link_libraries(consumer_static PRIVATE dmlp::dmlp_onnx_static m)
EOF2
cmake -S "$tmp/cmake-consumer" -B "$tmp/cmake-build" -DCMAKE_PREFIX_PATH="$prefix" \
    ${target_toolchain:+-DCMAKE_TOOLCHAIN_FILE="$target_toolchain"} \
    -DCMAKE_C_COMPILER="$cc" -DCMAKE_C_FLAGS="$extra" -DCMAKE_EXE_LINKER_FLAGS="$extra" \
    >"$tmp/cmake.log" 2>&1 || { cat "$tmp/cmake.log" >&2; fail "find_package(dmlp) project"; }
cmake --build "$tmp/cmake-build" >>"$tmp/cmake.log" 2>&1 ||
    { cat "$tmp/cmake.log" >&2; fail "build of the find_package(dmlp) project"; }
for exe in consumer_shared consumer_static; do
    target_run "$tmp/cmake-build/$exe" "$tmp/sign.onnx" >"$tmp/$exe.out" 2>&1 ||
        { cat "$tmp/$exe.out" >&2; fail "$exe failed"; }
    grep -q "consumer ok" "$tmp/$exe.out" || fail "$exe printed no result"
    checks=$((checks + 1))
done
if loaded=$(target_ldd "$tmp/cmake-build/consumer_shared") &&
    loaded_static=$(target_ldd "$tmp/cmake-build/consumer_static"); then
    echo "$loaded" | grep -q "$libdir/libdmlp_onnx.so" ||
        fail "consumer_shared does not load $libdir/libdmlp_onnx.so"
    echo "$loaded_static" | grep -q "libdmlp_onnx.so" &&
        fail "consumer_static loads libdmlp_onnx.so"
    checks=$((checks + 2))
fi

echo "test_install_onnx: $checks checks passed, 0 failed"
exit 0
