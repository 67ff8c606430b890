#!/bin/sh
# Installs the Debian packages the build and tests need, only those that are missing.
# Run as root on Debian 12 (make run / make test call it); elsewhere it says what is missing.
#
#   scripts/install-deps.sh           the native build and its tests
#   scripts/install-deps.sh aarch64   also the aarch64 cross build run under qemu-user
#                                     (make test-aarch64): the cross compiler, qemu-user,
#                                     and the arm64 builds of the linked libraries through
#                                     Debian multiarch; protoc-c stays the host's.
set -eu

packages="cmake make gcc pkg-config libprotobuf-c-dev protobuf-c-compiler libcjson-dev
python3 python3-numpy python3-onnx clang libclang-rt-14-dev
python3-dev python3-venv python3-setuptools python3-pip python3-pytest python3-torch
python3-dask python3-distributed"

mode="${1:-native}"
case "$mode" in
native) ;;
aarch64)
    # libc6-dev:arm64 is the C library to link against, and its libc6:arm64 puts the arm64
    # loader at its usual path, so qemu-aarch64 runs the programs without a sysroot prefix.
    packages="$packages gcc-aarch64-linux-gnu qemu-user libc6-dev:arm64 libcjson-dev:arm64
libprotobuf-c-dev:arm64"
    ;;
*)
    echo "install-deps: unknown mode '$mode' (native or aarch64)" >&2
    exit 2
    ;;
esac

missing=""
for p in $packages; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $p"
    fi
done
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
