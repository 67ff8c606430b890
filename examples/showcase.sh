#!/bin/sh
# The `make run` showcase: runs the three operators on examples/values.npy with the
# `dmlp` command, shows the input and the outputs side by side, then the support table.
# usage: examples/showcase.sh path/to/dmlp
set -eu

dmlp=${1:?usage: examples/showcase.sh path/to/dmlp}
case $dmlp in
/*) ;;
*) dmlp=$(pwd)/$dmlp ;; # the runs below happen in a temporary folder
esac
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/dmlp-showcase.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

title() {
    printf '\n== %s ==\n\n' "$1"
}

title "1. Running DirectML's element-wise operators on examples/values.npy (float32)"
cd "$work"
cp "$here/values.npy" values.npy
for cmd in "sign values.npy sign.npy" \
           "softsign values.npy softsign.npy" \
           "isinf values.npy isinf.npy" \
           "isinf --mode positive values.npy isinf_positive.npy"; do
    echo "\$ dmlp run $cmd"
    # shellcheck disable=SC2086 # the command words are meant to split
    "$dmlp" run $cmd
done

title "2. Input and outputs side by side (dmlp show)"
echo "sign: -1, 0 or +1 (NaN gives 0, -0 gives +0); softsign: x / (1 + |x|) (inf gives nan);"
echo "isinf: True for an infinity (--mode either: both, positive: +inf only), as numpy's bool."
echo
"$dmlp" show values.npy sign.npy softsign.npy isinf.npy isinf_positive.npy

title "3. DirectML's rules are enforced: sign at feature level 2_0 takes only 4-D tensors"
echo "\$ dmlp run sign --feature-level 2_0 values.npy old.npy"
if "$dmlp" run sign --feature-level 2_0 values.npy old.npy 2>&1; then
    echo "(unexpectedly accepted)"
    exit 1
fi
echo "(exit status 1, no old.npy written: $(test -e old.npy && echo present || echo absent))"

title "4. What each operator accepts at the highest feature level (dmlp caps)"
"$dmlp" caps

title "5. The same operators from a DxDispatch JSON model (dmlp dispatch examples/sign.json)"
"$dmlp" dispatch "$here/sign.json"
