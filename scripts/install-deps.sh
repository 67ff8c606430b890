#!/bin/sh
# Installs the Debian packages the build and tests need, only those that are missing.
# Run as root on Debian 12 (make run / make test call it); elsewhere it says what is missing.
set -eu

packages="cmake make gcc pkg-config libprotobuf-c-dev protobuf-c-compiler libcjson-dev
python3 python3-numpy python3-onnx clang libclang-rt-14-dev
python3-dev python3-venv python3-setuptools python3-pip python3-pytest python3-torch
python3-dask python3-distributed"

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
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null
