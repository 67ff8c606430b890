#!/usr/bin/python3
"""Side-by-side throughput of dmlp and its peers on the same tensors.

Runs `dmlp bench --json --cases large,cache` for dmlp's figures, then the same element
counts and thread counts through the peers that are installed: numpy (one thread),
PyTorch (torch.set_num_threads) and, for the large case, ONNX Runtime through the npm
package onnxruntime-node (a small node script, one session per thread count). A missing
peer is reported as skipped. Figures are GB/s of bytes read + written, median of --reps
runs, like dmlp bench; cache-resident cases time as many calls in a row as dmlp bench
does. Per cell: dmlp over the best peer; and for the large case the same with each
side's figure taken relative to a copy of the same bytes (glibc memcpy through numpy or
PyTorch, dmlp bench's own memcpy figure) timed right after it on the same threads: the
host's share of memory bandwidth can swing between one side's run and the next, and the
copy moves with it.

usage: bench/peers.py [--dmlp PATH] [--large-mib N] [--threads 1,all] [--reps N]
                      [--cases large,cache] [--ops LIST] [--types LIST] [--ort-dir DIR]
                      [--quick] [--json]
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

# type name -> (element bytes, numpy dtype name, torch dtype name, ONNX TensorProto name)
TYPES = {
    "i8": (1, "int8", "int8", "INT8"),
    "u8": (1, "uint8", "uint8", "UINT8"),
    "i16": (2, "int16", "int16", "INT16"),
    "u16": (2, "uint16", None, "UINT16"),
    "i32": (4, "int32", "int32", "INT32"),
    "u32": (4, "uint32", None, "UINT32"),
    "i64": (8, "int64", "int64", "INT64"),
    "u64": (8, "uint64", None, "UINT64"),
    "f16": (2, "float16", "float16", "FLOAT16"),
    "f32": (4, "float32", "float32", "FLOAT"),
    "f64": (8, "float64", "float64", "DOUBLE"),
    "bf16": (2, None, "bfloat16", "BFLOAT16"),
    "e5m2": (1, None, None, "FLOAT8E5M2"),
}
ONNX_OPS = {"sign": "Sign", "softsign": "Softsign", "isinf": "IsInf", "abs": "Abs", "negate": "Neg",
            "identity": "Identity"}
FLOATS = {"f16", "f32", "f64", "bf16"}
# The operators dmlp runs on integers too; the others take floats only.
ANY_TYPE = {"sign", "abs", "negate", "identity"}


def calls_for(case):
    """Calls per timing, as dmlp bench makes them: 64 MiB of input per timing in cache."""
    sizes = {"cache-64KiB": 64, "cache-256KiB": 256, "cache-1MiB": 1024}
    return (64 * 1024) // sizes[case] if case in sizes else 1


def median_seconds(fn, reps, calls=1):
    """Seconds per call: the median over reps of `calls` calls in a row."""
    fn()  # warm-up: first-touch of outputs, lazy initialisation
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        for _ in range(calls):
            fn()
        times.append((time.perf_counter() - t0) / calls)
    return statistics.median(times)


def op_and_copy_seconds(fn, copy, case, reps):
    """The operator's seconds per call, and those of the copy of the same bytes beside it."""
    calls = calls_for(case)
    return median_seconds(fn, reps, calls), median_seconds(copy, reps, calls)


def copy_bytes(nbytes):
    """The copy beside an operator: as dmlp bench makes it, half the bytes read + written,
    a whole number of 64-byte lines."""
    return (nbytes // 2) & ~63


def op_bytes(op, type_name, n):
    """Bytes read + written by op on n elements (IsInfinity writes one byte each)."""
    size = TYPES[type_name][0]
    return n * (size + (1 if op == "isinf" else size))


def random_input(np, type_name, n):
    rng = np.random.default_rng(1)
    size, np_name = TYPES[type_name][0], TYPES[type_name][1]
    if type_name in FLOATS:
        return rng.standard_normal(n, dtype=np.float32).astype(np_name) * 4
    info = np.iinfo(np_name)
    return rng.integers(info.min, info.max, n, dtype=np_name, endpoint=True)


def numpy_peer(cases, reps):
    try:
        import numpy as np
    except ImportError:
        return None, "numpy is not installed"
    out = {}
    for (op, type_name, threads, n, case) in cases:
        if threads != 1 or TYPES[type_name][1] is None:
            continue
        x = random_input(np, type_name, n)
        if op not in ANY_TYPE and type_name not in FLOATS:
            continue
        cb = copy_bytes(op_bytes(op, type_name, n))
        src, dst = x.view(np.uint8).reshape(-1)[:cb], np.empty(cb, dtype=np.uint8)
        if op in ("sign", "abs", "negate", "identity"):
            y = np.empty_like(x)
            ufunc = {"sign": np.sign, "abs": np.abs, "negate": np.negative}.get(op)
            fn = (lambda: np.copyto(y, x)) if ufunc is None else (lambda: ufunc(x, out=y))
        elif op == "softsign":
            y = np.empty_like(x)
            # x / (1 + |x|) without temporaries: numpy's best form of it.
            fn = lambda: np.divide(x, np.add(np.abs(x, out=y), 1, out=y), out=y)
        else:
            y = np.empty(n, dtype=np.bool_)
            fn = lambda: np.isinf(x, out=y)
        out[(op, type_name, threads, case)] = op_and_copy_seconds(
            fn, lambda: np.copyto(dst, src), case, reps)
        del x, y, src, dst
    return out, None


def torch_peer(cases, reps):
    try:
        import numpy as np
        import torch
    except ImportError:
        return None, "PyTorch is not installed (Debian: python3-torch)"
    out = {}
    for (op, type_name, threads, n, case) in cases:
        tname = TYPES[type_name][2]
        if tname is None or (op not in ANY_TYPE and type_name not in FLOATS):
            continue
        torch.set_num_threads(threads)
        dtype = getattr(torch, tname)
        if type_name == "bf16":
            x = torch.from_numpy(random_input(np, "f32", n)).to(dtype)
        else:
            x = torch.from_numpy(random_input(np, type_name, n))
        cb = copy_bytes(op_bytes(op, type_name, n))
        src, dst = x.view(torch.uint8).reshape(-1)[:cb], torch.empty(cb, dtype=torch.uint8)
        if op in ("sign", "abs", "negate"):
            y = torch.empty_like(x)
            tfn = {"sign": torch.sign, "abs": torch.abs, "negate": torch.neg}[op]
            fn = lambda: tfn(x, out=y)
        elif op == "identity":
            y = torch.empty_like(x)
            fn = lambda: y.copy_(x)
        elif op == "softsign":
            fn = lambda: torch.nn.functional.softsign(x)
        else:
            y = torch.empty(n, dtype=torch.bool)
            fn = lambda: torch.isinf(x, out=y) if hasattr(torch, "isinf") else None
            try:
                fn()
            except TypeError:  # no out= overload
                fn = lambda: torch.isinf(x)
        out[(op, type_name, threads, case)] = op_and_copy_seconds(
            fn, lambda: dst.copy_(src), case, reps)
        del x, src, dst
    return out, None


ORT_SCRIPT = r"""
const ort = require(process.env.ORT_MODULE);
const jobs = JSON.parse(process.argv[2]);
const arrays = {FLOAT: Float32Array, DOUBLE: Float64Array, FLOAT16: Uint16Array,
                INT8: Int8Array, UINT8: Uint8Array, INT16: Int16Array, UINT16: Uint16Array,
                INT32: Int32Array, UINT32: Uint32Array, INT64: BigInt64Array,
                UINT64: BigUint64Array};
const names = {FLOAT: 'float32', DOUBLE: 'float64', FLOAT16: 'float16', INT8: 'int8',
               UINT8: 'uint8', INT16: 'int16', UINT16: 'uint16', INT32: 'int32',
               UINT32: 'uint32', INT64: 'int64', UINT64: 'uint64'};
(async () => {
  const results = [];
  for (const j of jobs) {
    try {
      const s = await ort.InferenceSession.create(j.model, {intraOpNumThreads: j.threads,
                                                            interOpNumThreads: 1});
      const data = new arrays[j.onnx_type](j.elements);
      for (let i = 0; i < j.elements; i += 97) data[i] = (j.onnx_type.includes('INT64')) ? BigInt(i % 7) - 3n : (i % 7) - 3;
      const feeds = {x: new ort.Tensor(names[j.onnx_type], data, [j.elements])};
      await s.run(feeds);
      const times = [];
      for (let r = 0; r < j.reps; r++) {
        const t0 = process.hrtime.bigint();
        await s.run(feeds);
        times.push(Number(process.hrtime.bigint() - t0) / 1e9);
      }
      times.sort((a, b) => a - b);
      results.push({key: j.key, seconds: times[Math.floor(times.length / 2)]});
    } catch (e) {
      results.push({key: j.key, error: String(e.message || e).split('\n')[0]});
    }
  }
  console.log(JSON.stringify(results));
})();
"""


def find_ort(ort_dir):
    node = shutil.which("node")
    if not node:
        return None, None, "node is not installed"
    dirs = [d for d in (ort_dir, os.environ.get("ORT_NODE_DIR")) if d]
    for d in dirs:
        path = os.path.join(d, "node_modules", "onnxruntime-node")
        if os.path.isdir(path):
            return node, path, None
    probe = subprocess.run([node, "-e", "console.log(require.resolve('onnxruntime-node'))"],
                           capture_output=True, text=True)
    if probe.returncode == 0:
        return node, probe.stdout.strip(), None
    return None, None, ("onnxruntime-node not found (npm install onnxruntime-node in a "
                        "scratch dir, then --ort-dir DIR)")


def ort_peer(cases, reps, ort_dir):
    node, module, why = find_ort(ort_dir)
    if not node:
        return None, why
    try:
        import onnx
        from onnx import TensorProto, helper
    except ImportError:
        return None, "python3-onnx is needed to write the models"
    tmp = tempfile.mkdtemp(prefix="dmlp-peers-")
    jobs = []
    try:
        for (op, type_name, threads, n, case) in cases:
            onnx_type = TYPES[type_name][3]
            if onnx_type in ("BFLOAT16", "FLOAT8E5M2"):
                continue  # onnxruntime-node has no tensors of these types
            if op not in ANY_TYPE and type_name not in FLOATS:
                continue
            elem = getattr(TensorProto, onnx_type)
            out_elem = TensorProto.BOOL if op == "isinf" else elem
            node_ = helper.make_node(ONNX_OPS[op], ["x"], ["y"])
            graph = helper.make_graph([node_], "g",
                                      [helper.make_tensor_value_info("x", elem, [n])],
                                      [helper.make_tensor_value_info("y", out_elem, [n])])
            opset = 20 if op == "isinf" else 13
            model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
            model.ir_version = 9
            path = os.path.join(tmp, f"{op}_{type_name}.onnx")
            onnx.save(model, path)
            jobs.append({"key": [op, type_name, threads, case], "model": path, "threads": threads,
                         "onnx_type": onnx_type, "elements": n, "reps": reps})
        script = os.path.join(tmp, "run.js")
        with open(script, "w") as f:
            f.write(ORT_SCRIPT)
        env = dict(os.environ, ORT_MODULE=module)
        run = subprocess.run([node, "--max-old-space-size=8192", script, json.dumps(jobs)],
                             capture_output=True, text=True, env=env)
        if run.returncode != 0:
            return None, "node failed: " + run.stderr.strip().splitlines()[-1:][0]
        out = {}
        for r in json.loads(run.stdout.strip().splitlines()[-1]):
            if "seconds" in r:
                out[tuple(r["key"])] = (r["seconds"], None)  # no copy beside it
            else:
                print(f"peers: onnxruntime {r['key']}: {r['error']}", file=sys.stderr)
        return out, None
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--dmlp", default=os.path.join(here, "..", "build", "dmlp"))
    p.add_argument("--large-mib", type=int, default=256)
    p.add_argument("--threads", default="1,all")
    p.add_argument("--cases", default="large,cache", help="large and/or cache")
    p.add_argument("--reps", type=int, default=5)
    p.add_argument("--ops")
    p.add_argument("--types")
    p.add_argument("--ort-dir")
    p.add_argument("--rounds", type=int, default=2,
                   help="dmlp and every peer in turn this many times; each side's fastest "
                        "round counts (a swing in the host's share of memory then weighs "
                        "on every side alike)")
    p.add_argument("--quick", action="store_true", help="--large-mib 64 --reps 3")
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    if a.quick:
        a.large_mib, a.reps = 64, 3
    # The peers run one-input operators (dmlp bench runs two-input ones when --ops names
    # them, unless told otherwise).
    cmd = [a.dmlp, "bench", "--json", "--cases", a.cases, "--threads", a.threads,
           "--large-mib", str(a.large_mib), "--reps", str(a.reps), "--inputs", "one"]
    if a.ops:
        cmd += ["--ops", a.ops]
    if a.types:
        cmd += ["--types", a.types]
    print("peers: " + " ".join(cmd), file=sys.stderr)
    rows, cases, peers = None, None, {}
    for round_ in range(max(1, a.rounds)):
        dmlp = json.loads(subprocess.run(cmd, check=True, capture_output=True,
                                         text=True).stdout)
        got = [r for r in dmlp["results"] if r["case"] == "large" or r["case"].startswith("cache-")]
        if rows is None:
            rows = got
            cases = [(r["op"], r["type"], r["threads"], r["elements"], r["case"]) for r in rows]
        else:
            for r, g in zip(rows, got):
                r["gbps"] = max(r["gbps"], g["gbps"])
                r["copies_gbps"]["memcpy"] = max(r["copies_gbps"]["memcpy"],
                                                 g["copies_gbps"]["memcpy"])
        for name, fn in (("numpy", lambda: numpy_peer(cases, a.reps)),
                         ("torch", lambda: torch_peer(cases, a.reps)),
                         ("onnxruntime", lambda: ort_peer([c for c in cases if c[4] == "large"],
                                                          a.reps, a.ort_dir))):
            print(f"peers: round {round_ + 1}: running {name}", file=sys.stderr)
            figures, why = fn()
            if figures is None:
                if round_ == 0:
                    print(f"peers: {name} skipped: {why}", file=sys.stderr)
                peers[name] = (None, why)
                continue
            # Each figure (the operator's, its copy's) the fastest of the rounds.
            old = peers.get(name, (None, None))[0] or {}
            fastest = lambda a, b: b if a is None else a if b is None else min(a, b)
            peers[name] = ({k: tuple(fastest(v[i], old.get(k, v)[i]) for i in range(2))
                            for k, v in figures.items()}, why)

    table = []
    for r in rows:
        key = (r["op"], r["type"], r["threads"], r["case"])
        nbytes = r["bytes"]
        entry = {"op": r["op"], "type": r["type"], "case": r["case"], "threads": r["threads"],
                 "elements": r["elements"], "dmlp_gbps": r["gbps"]}
        # dmlp's own memcpy figure, beside it in the bench (the same copy size as the peers').
        dmlp_copy = r.get("copies_gbps", {}).get("memcpy")
        best, best_rel = 0.0, 0.0
        for name, (figures, _) in peers.items():
            s, cs = figures.get(key, (None, None)) if figures else (None, None)
            entry[name + "_gbps"] = nbytes / s / 1e9 if s else None
            entry[name + "_copy_gbps"] = 2 * copy_bytes(nbytes) / cs / 1e9 if cs else None
            if s:
                best = max(best, nbytes / s / 1e9)
            if s and cs:
                best_rel = max(best_rel, cs / s)  # GB/s over its copy's GB/s, same bytes
        entry["dmlp_copy_gbps"] = dmlp_copy
        entry["dmlp_vs_best_peer"] = r["gbps"] / best if best else None
        # Large cells only: in cache no bandwidth swings, and a peer's per-call cost from
        # Python slows its copy as much as its operator, which would flatter it.
        large = r["case"] == "large"
        entry["dmlp_vs_best_peer_each_to_its_copy"] = (
            r["gbps"] / dmlp_copy / best_rel if large and best_rel and dmlp_copy else None)
        table.append(entry)

    if a.json:
        json.dump({"dmlp": dmlp, "peers_skipped": {n: w for n, (f, w) in peers.items() if f is None},
                   "table": table}, sys.stdout, indent=1)
        print()
        return
    fmt = lambda v: f"{v:9.2f}" if v is not None else f"{'-':>9}"
    print(f"GB/s of bytes read + written, large: {a.large_mib} MiB inputs, median of {a.reps}, "
          f"each side's fastest of {max(1, a.rounds)} round(s) in turn")
    def summary(column):
        got = [e[column] for e in table if e[column] is not None]
        return (min(got) if got else None), sum(1 for v in got if v < 1)
    for name, (figures, why) in peers.items():
        if figures is None:
            print(f"  {name}: skipped ({why})")
    print("dmlp/best: GB/s over the best peer's; to copy (large only): the same, each side's GB/s "
          "first divided by that of a memcpy timed beside it")
    print(f"{'op':9} {'type':5} {'case':13} {'thr':>3} {'elements':>11} {'dmlp':>9} {'numpy':>9} "
          f"{'torch':>9} {'onnxrt':>9} {'dmlp/best':>9} {'to copy':>9}")
    for e in table:
        print(f"{e['op']:9} {e['type']:5} {e['case']:13} {e['threads']:3} {e['elements']:11} "
              f"{fmt(e['dmlp_gbps'])} {fmt(e.get('numpy_gbps'))} {fmt(e.get('torch_gbps'))} "
              f"{fmt(e.get('onnxruntime_gbps'))} {fmt(e['dmlp_vs_best_peer'])} "
              f"{fmt(e['dmlp_vs_best_peer_each_to_its_copy'])}")
    for column, what in (("dmlp_vs_best_peer", "dmlp / best peer"),
                         ("dmlp_vs_best_peer_each_to_its_copy", "the same, each to its copy")):
        worst, below = summary(column)
        if worst is not None:
            print(f"{what}: lowest {worst:.2f}; {below} cell(s) below 1.0")


if __name__ == "__main__":
    main()
