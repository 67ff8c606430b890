#!/bin/sh
# scripts/install-deps.sh on a machine where nothing is installed (a dpkg-query that knows
# no package), in --dry-run: `build` names the compiler, CMake, Ninja, protobuf-c and
# cJSON and none of the test-only packages; `test` names those too. `make -n run` asks
# for the build set only, `make -n test-release` for the test set.
# usage: test_install_deps.sh SOURCE_DIR WORK_DIR
set -eu
src=$1
work=$2
rm -rf "$work" && mkdir -p "$work/bin"
printf '#!/bin/sh\nexit 1\n' >"$work/bin/dpkg-query"
chmod +x "$work/bin/dpkg-query"
fails=0
check() { # check WHAT TEXT WORD... : each WORD (a whole word) is in TEXT
    what=$1 text=$2
    shift 2
    for w in "$@"; do
        if ! printf '%s\n' "$text" | grep -qw -- "$w"; then
            echo "FAIL: $what does not name $w:"
            printf '%s\n' "$text"
            fails=$((fails + 1))
        fi
    done
}
check_not() {
    what=$1 text=$2
    shift 2
    for w in "$@"; do
        if printf '%s\n' "$text" | grep -qw -- "$w"; then
            echo "FAIL: $what names $w:"
            printf '%s\n' "$text"
            fails=$((fails + 1))
        fi
    done
}
needed="cmake ninja-build gcc libc6-dev libprotobuf-c-dev protobuf-c-compiler libcjson-dev"
test_only="python3-torch python3-dask python3-distributed python3-onnx python3-numpy
python3-pytest clang lld"
build=$(PATH="$work/bin:$PATH" sh "$src/scripts/install-deps.sh" --dry-run build)
check "install-deps build" "$build" $needed
check_not "install-deps build" "$build" $test_only
tst=$(PATH="$work/bin:$PATH" sh "$src/scripts/install-deps.sh" --dry-run test)
check "install-deps test" "$tst" $needed $test_only

# The make targets: which set each one installs (make -n prints, runs nothing but $(MAKE)).
if command -v make >/dev/null 2>&1; then
    run=$(make -n -C "$src" BUILD="$work/b" run 2>&1 | grep install-deps || true)
    check "make run" "$run" build
    check_not "make run" "$run" test
    tr=$(make -n -C "$src" BUILD="$work/b" test-release 2>&1 | grep install-deps || true)
    check "make test-release" "$tr" test
fi
[ "$fails" -eq 0 ] || exit 1
echo "test_install_deps: build set and test set as documented"
