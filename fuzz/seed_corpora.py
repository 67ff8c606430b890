"""Grows the kept ONNX and DxDispatch fuzz corpora from the test models, so every
operator family has seeds: for each combination of ONNX operators among the
cases tests/onnx/gen_cases.py generates, the smallest model that runs and the smallest
that is refused; every DxDispatch model in tests/dxdispatch/models/. Inputs already in a
corpus (the same bytes under any name) and inputs longer than libFuzzer's -max_len in
fuzz/run.sh are left out.

usage: /usr/bin/python3 fuzz/seed_corpora.py [GENERATED_DIR]
GENERATED_DIR: gen_cases.py's output (<build>/tests/onnx/generated after ctest has run
onnx_cases_generate); without it the cases are generated into a temporary folder."""
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile

import onnx

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MAX_LEN = 65536  # fuzz/run.sh's -max_len


def digests(folder):
    os.makedirs(folder, exist_ok=True)
    return {hashlib.sha1(open(os.path.join(folder, n), "rb").read()).hexdigest()
            for n in os.listdir(folder)}


def add(folder, seen, name, path):
    data = open(path, "rb").read()
    digest = hashlib.sha1(data).hexdigest()
    if len(data) > MAX_LEN or digest in seen:
        return 0
    seen.add(digest)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)
    return 1


def family(path):
    """The model's operators, e.g. (('', 'Greater'), ('', 'Not')); None when unreadable.
    (Opset versions are left out: a family per version would be hundreds of models that
    mostly reach the same code.)"""
    try:
        model = onnx.load(path)
    except Exception:  # a refused model may be malformed on purpose
        return None
    return tuple(sorted({(n.domain, n.op_type) for n in model.graph.node}))


def smallest_per_family(paths):
    best = {}
    for path in paths:
        key = family(path)
        if key is None:
            key = ("unreadable", path)
        size = os.path.getsize(path)
        if key not in best or size < best[key][0]:
            best[key] = (size, path)
    return sorted(p for _, p in best.values())


def main():
    generated = sys.argv[1] if len(sys.argv) > 1 else None
    temp = None
    if generated is None:
        temp = tempfile.mkdtemp()
        generated = temp
        subprocess.run([sys.executable, os.path.join(ROOT, "tests/onnx/gen_cases.py"), temp],
                       check=True, stdout=subprocess.DEVNULL)
    try:
        onnx_dir = os.path.join(HERE, "corpus/fuzz_onnx_model")
        seen = digests(onnx_dir)
        cases = os.path.join(generated, "cases")
        runs = [os.path.join(cases, c, "model.onnx") for c in sorted(os.listdir(cases))]
        runs = [p for p in runs if os.path.exists(p)]
        refused_dir = os.path.join(generated, "refused")
        refused = [os.path.join(refused_dir, n) for n in sorted(os.listdir(refused_dir))
                   if n.endswith(".onnx")]
        added = 0
        for path in smallest_per_family(runs):
            added += add(onnx_dir, seen, "case_" + os.path.basename(os.path.dirname(path))
                         + ".onnx", path)
        for path in smallest_per_family(refused):
            added += add(onnx_dir, seen, "refused_" + os.path.basename(path), path)
        print(f"seed_corpora: fuzz/corpus/fuzz_onnx_model: {added} models added")

        dx_dir = os.path.join(HERE, "corpus/fuzz_dxdispatch")
        seen = digests(dx_dir)
        models = os.path.join(ROOT, "tests/dxdispatch/models")
        added = 0
        for name in sorted(os.listdir(models)):
            if name.endswith(".json"):
                added += add(dx_dir, seen, "model_" + name, os.path.join(models, name))
        print(f"seed_corpora: fuzz/corpus/fuzz_dxdispatch: {added} models added")
    finally:
        if temp:
            shutil.rmtree(temp)


if __name__ == "__main__":
    main()
