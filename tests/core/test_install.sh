#!/bin/sh
# test_install — the installed package as a consumer sees it: `cmake --install` of the
# build into a temporary prefix, then a program built with `pkg-config --cflags --libs
# dmlp` and one built by a CMake project with find_package(dmlp), both run. Also: the
# shared library exports the public API and nothing internal.
# Usage: test_install.sh BUILD_DIR C_COMPILER SANITIZE(ON/OFF)
set -u
# target_run, target_nm, target_ldd, target_toolchain: native or cross (emulated).
. "$(dirname "$0")/../target_env.sh"
build=$1
cc=${2:-cc}
sanitize=${3:-OFF}

fail() {
    echo "test_install: FAIL: $*" >&2
    exit 1
}

for tool in cmake pkg-config "$target_nm" ${target_emu%% *}; do
    command -v "$tool" >/dev/null 2>&1 || { echo "test_install: no $tool, skipped"; exit 77; }
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/dmlp-install.XXXXXX") || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT INT TERM
prefix=$tmp/prefix

# A library built with sanitizers needs consumers built with them too.
extra=""
case "$sanitize" in
ON | on | TRUE | true | 1 | YES | yes) extra="-fsanitize=address,undefined" ;;
esac

cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 ||
    { cat "$tmp/install.log" >&2; fail "cmake --install $build"; }

# What the install put where.
[ -f "$prefix/include/dmlp.h" ] || fail "include/dmlp.h not installed"
pc=$(find "$prefix" -name dmlp.pc | head -n 1)
[ -n "$pc" ] || fail "dmlp.pc not installed"
libdir=$(dirname "$(dirname "$pc")")
[ -f "$libdir/libdmlp.a" ] || fail "libdmlp.a not in $libdir"
so=$(find "$libdir" -maxdepth 1 -name 'libdmlp.so.*' -type f | head -n 1)
[ -n "$so" ] || fail "libdmlp.so.* not in $libdir"
[ -n "$(find "$prefix" -name dmlpConfig.cmake)" ] || fail "dmlpConfig.cmake not installed"
checks=5

# Exported: the public API only (dmlp_*), nothing internal (dmlp__*).
exported=$("$target_nm" -D --defined-only "$so" | awk '$2 ~ /^[TDBR]$/ {print $3}')
for name in dmlp_device_create dmlp_device_destroy dmlp_operator_create \
    dmlp_operator_destroy dmlp_operator_execute dmlp_last_error dmlp_status_string \
    dmlp_calc_buffer_tensor_size; do
    echo "$exported" | grep -qx "$name" || fail "$name is not exported"
    checks=$((checks + 1))
done
internal=$(echo "$exported" | grep -v '^dmlp_[a-z]' | grep -v '^_' | head -n 5)
[ -z "$internal" ] || fail "exports beyond the public API: $internal"
leaked=$(echo "$exported" | grep '^dmlp__' | head -n 5)
[ -z "$leaked" ] || fail "internal names exported: $leaked"
checks=$((checks + 2))

# The consumer: the public header and library only.
cat >"$tmp/consumer.c" <<'EOF'
#include <dmlp.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    dmlp_device *device = NULL;
    if (dmlp_device_create(NULL, &device) != DMLP_OK) {
        fprintf(stderr, "device: %s\n", dmlp_last_error());
        return 1;
    }
    const uint32_t sizes[1] = {4};
    DML_BUFFER_TENSOR_DESC tensor = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1,
                                     sizes, NULL, 16, 0};
    DML_TENSOR_DESC desc = {DML_TENSOR_TYPE_BUFFER, &tensor};
    DML_ELEMENT_WISE_SIGN_OPERATOR_DESC sign = {&desc, &desc};
    DML_OPERATOR_DESC op_desc = {DML_OPERATOR_ELEMENT_WISE_SIGN, &sign};
    dmlp_operator *op = NULL;
    if (dmlp_operator_create(device, &op_desc, DML_EXECUTION_FLAG_NONE, &op) != DMLP_OK) {
        fprintf(stderr, "operator: %s\n", dmlp_last_error());
        return 1;
    }
    float in[4] = {-3.0f, 0.0f, 2.5f, NAN}, out[4] = {9, 9, 9, 9};
    const float expected[4] = {-1.0f, 0.0f, 1.0f, 0.0f};
    dmlp_buffer_binding input = {in, 0, sizeof in}, output = {out, 0, sizeof out};
    dmlp_status status = dmlp_operator_execute(op, 1, &input, 1, &output);
    dmlp_operator_destroy(op);
    dmlp_device_destroy(device);
    if (status != DMLP_OK || memcmp(out, expected, sizeof out) != 0) {
        fprintf(stderr, "sign: %s %g %g %g %g\n", dmlp_status_string(status), out[0], out[1],
                out[2], out[3]);
        return 1;
    }
    printf("consumer ok\n");
    return 0;
}
EOF

# 1. pkg-config. The .pc names the configured prefix; --define-prefix relocates it to
#    where it was installed (as a consumer of a staged install would).
export PKG_CONFIG_PATH="$libdir/pkgconfig"
if pkg-config --define-prefix --exists dmlp 2>/dev/null; then
    pcflags=$(pkg-config --define-prefix --cflags --libs dmlp)
else
    pcflags=$(pkg-config --define-variable=prefix="$prefix" --cflags --libs dmlp)
fi
[ -n "$pcflags" ] || fail "pkg-config --cflags --libs dmlp printed nothing"
# shellcheck disable=SC2086
"$cc" -std=c11 -Wall -Wextra -Werror $extra "$tmp/consumer.c" -o "$tmp/consumer_pc" $pcflags -lm \
    >"$tmp/pc.log" 2>&1 || { cat "$tmp/pc.log" >&2; fail "build with pkg-config ($pcflags)"; }
LD_LIBRARY_PATH="$libdir" target_run "$tmp/consumer_pc" >"$tmp/pc.out" 2>&1 ||
    { cat "$tmp/pc.out" >&2; fail "the pkg-config consumer failed"; }
grep -q "consumer ok" "$tmp/pc.out" || fail "the pkg-config consumer printed no result"
checks=$((checks + 3))

# 2. CMake: find_package(dmlp), the shared and the static target.
mkdir -p "$tmp/cmake-consumer"
cp "$tmp/consumer.c" "$tmp/cmake-consumer/consumer.c"
cat >"$tmp/cmake-consumer/CMakeLists.txt" <<'EOF'
cmake_minimum_required(VERSION 3.18)
project(dmlp_consumer LANGUAGES C)
find_package(dmlp 0.1 REQUIRED)
add_executable(consumer_shared consumer.c)
target_link_libraries(consumer_shared PRIVATE dmlp::dmlp m)
add_executable(consumer_static consumer.c)
target_link_libraries(consumer_static PRIVATE dmlp::dmlp_static m)
EOF
cmake -S "$tmp/cmake-consumer" -B "$tmp/cmake-build" -DCMAKE_PREFIX_PATH="$prefix" \
    ${target_toolchain:+-DCMAKE_TOOLCHAIN_FILE="$target_toolchain"} \
    -DCMAKE_C_COMPILER="$cc" -DCMAKE_C_FLAGS="$extra" -DCMAKE_EXE_LINKER_FLAGS="$extra" \
    >"$tmp/cmake.log" 2>&1 || { cat "$tmp/cmake.log" >&2; fail "find_package(dmlp) project"; }
cmake --build "$tmp/cmake-build" >>"$tmp/cmake.log" 2>&1 ||
    { cat "$tmp/cmake.log" >&2; fail "build of the find_package(dmlp) project"; }
for exe in consumer_shared consumer_static; do
    target_run "$tmp/cmake-build/$exe" >"$tmp/$exe.out" 2>&1 || { cat "$tmp/$exe.out" >&2; fail "$exe failed"; }
    grep -q "consumer ok" "$tmp/$exe.out" || fail "$exe printed no result"
    checks=$((checks + 1))
done
# The shared one really uses the installed library.
if loaded=$(target_ldd "$tmp/cmake-build/consumer_shared"); then
    echo "$loaded" | grep -q "$libdir/libdmlp.so" ||
        fail "consumer_shared does not load $libdir/libdmlp.so"
    checks=$((checks + 1))
fi

echo "test_install: $checks checks passed, 0 failed"
exit 0
