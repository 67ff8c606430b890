#!/bin/sh
# Installs the Debian packages dmlp needs, only those that are missing.
# Run as root on Debian 12 (the make targets call it); elsewhere it says what is missing.
#
#   scripts/install-deps.sh build     what the library and the dmlp command need to build
#                                     (make build, make run): compiler, CMake, Ninja,
#                                     protobuf-c, cJSON
#   scripts/install-deps.sh test      those, and what only the tests use (make test, make
#                                     fuzz): clang, its sanitizer runtimes and lld, the
#                                     Python module's headers, numpy, ONNX, PyTorch, Dask,
#                                     pytest, MPFR (the correctly rounded tests' oracle)
#   scripts/install-deps.sh aarch64   the test set, and the aarch64 cross build run under
#                                     qemu-user (make test-aarch64): the cross compiler,
#                                     qemu-user, and the arm64 builds of the linked
#                                     libraries through Debian multiarch; protoc-c stays
#                                     the host's.
#   scripts/install-deps.sh --dry-run MODE
#                                     prints the set and what apt-get would install,
#                                     changes nothing (also DMLP_DEPS_DRY_RUN=1).
# Without a mode it installs the test set, as it did before the sets were split.
set -eu

# libc6-dev: gcc only recommends it, and recommends are not installed.
# ninja-build: the make targets configure new build trees for Ninja when it is there
# (a build of the whole tree in nine tenths of the time make's recipes take); lld links
# the sanitizer builds.
build_packages="cmake make ninja-build gcc libc6-dev pkg-config libprotobuf-c-dev
protobuf-c-compiler libcjson-dev"
test_packages="python3 python3-numpy python3-onnx clang libclang-rt-14-dev lld
python3-dev python3-venv python3-setuptools python3-pip python3-pytest python3-torch
python3-dask python3-distributed libmpfr-dev"

dry_run=${DMLP_DEPS_DRY_RUN:-}
if [ "${1:-}" = --dry-run ]; then
    dry_run=1
    shift
fi
mode="${1:-test}"
case "$mode" in
build)
    packages="$build_packages"
    ;;
test | native)
    packages="$build_packages $test_packages"
    ;;
aarch64)
    # libc6-dev:arm64 is the C library to link against, and its libc6:arm64 puts the arm64
    # loader at its usual path, so qemu-aarch64 runs the programs without a sysroot prefix.
    packages="$build_packages $test_packages gcc-aarch64-linux-gnu qemu-user libc6-dev:arm64
libcjson-dev:arm64 libprotobuf-c-dev:arm64 libmpfr-dev:arm64"
    ;;
*)
    echo "install-deps: unknown mode '$mode' (build, test or aarch64)" >&2
    exit 2
    ;;
esac

missing=""
for p in $packages; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $p"
    fi
done
if [ -n "$dry_run" ]; then
    echo "install-deps: $mode set:" $packages
    if [ -z "$missing" ]; then
        echo "install-deps: nothing missing; apt-get would not run"
    else
        echo "install-deps: would run: apt-get install --no-install-recommends$missing"
    fi
    exit 0
fi
[ -z "$missing" ] && exit 0

if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "install-deps: missing packages:$missing (install them, or run as root on Debian)" >&2
    exit 1
fi
echo "install-deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
if [ "$mode" = aarch64 ] && ! dpkg --print-foreign-architectures | grep -qx arm64; then
    dpkg --add-architecture arm64
fi
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -o DPkg::Lock::Timeout=600 -y -qq --no-install-recommends $missing >/dev/null
# binfmt lets the host run arm64 programs directly where the kernel offers it; the build
# never relies on it (tests run through qemu-aarch64 explicitly).
if [ "$mode" = aarch64 ] && [ -d /proc/sys/fs/binfmt_misc ] &&
    [ -e /proc/sys/fs/binfmt_misc/register ]; then
    apt-get install -o DPkg::Lock::Timeout=600 -y -qq --no-install-recommends qemu-user-binfmt >/dev/null 2>&1 ||
        echo "install-deps: qemu-user-binfmt not installed (not needed)" >&2
fi
