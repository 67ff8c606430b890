#!/usr/bin/python3
"""`dmlp bench` runs the two-input operators from the kernel list (a new operator file
appears with no edit of bench): every two-input operator of --help runs for f32 and u32
where it has rows; on a tiny size, Add, LogicalGreaterThan and LogicalAnd have their
rows, A and B packed ("a,b") and B a broadcast scalar ("a,b=scalar"), in every case and
thread count; bytes count every tensor; the logical comparison writes one byte per
element whatever the input type; --ops and --types filter two-input rows as they filter
one-input ones; the default run has none. (The whole matrix runs for three operators
only: the reference kernels are slow under the sanitizers and qemu.)

Usage: check_bench_binary.py DMLP [EMULATOR...]"""
import json
import subprocess
import sys

dmlp = sys.argv[1:]
SIZE = {"f32": 4, "u32": 4}


def bench(*args):
    run = subprocess.run(dmlp + ["bench", "--json", "--large-mib", "1", "--reps", "1",
                                 *args], capture_output=True, text=True)
    if run.returncode != 0 or "dmlp: " in run.stderr:
        sys.exit(f"dmlp bench {' '.join(args)} failed: {run.stderr[-2000:]}")
    return json.loads(run.stdout)["results"]


usage = subprocess.run(dmlp + ["bench", "--help"], capture_output=True, text=True).stdout
two_input = usage.split("two-input: ", 1)[1].split()[0].split(",")
# The two-input operators every branch has: a list that lost them would be wrong.
for op in ("add", "sub", "mul", "div", "max", "gt", "and", "or"):
    if op not in two_input:
        sys.exit(f"--help lists no two-input {op}: {two_input}")

rows = bench("--inputs", "two", "--threads", "1", "--types", "f32,u32", "--cases", "latency")
ops = {r["op"] for r in rows}
if ops != set(two_input) or any(r["inputs"] != "a,b" for r in rows):
    sys.exit(f"two-input operators run {sorted(ops)}, --help lists {sorted(two_input)}")

rows = bench("--ops", "add,gt,and", "--threads", "1,2", "--types", "f32,u32",
             "--cases", "large,cache,strided,latency")
if any(r["inputs"] == "x" for r in rows):
    sys.exit("--inputs two ran a one-input operator")
have = {}
for r in rows:
    have.setdefault((r["op"], r["type"]), set()).add((r["case"], r["inputs"], r["threads"]))
expected = set()
for t in (1, 2):
    expected |= {("large", "a,b", t), ("large", "a,b=scalar", t), ("rows-packed", "a,b", t),
                 ("rows-broadcast", "a,b", t), ("rows-padded", "a,b", t)}
for case in ("cache-64KiB", "cache-256KiB", "cache-1MiB"):
    expected |= {(case, "a,b", 1), (case, "a,b=scalar", 1)}
expected.add(("latency", "a,b", 2))
for (op, t), cases in sorted(have.items()):
    if cases != expected:
        sys.exit(f"{op} {t}: missing {sorted(expected - cases)}, extra {sorted(cases - expected)}")
if set(have) != {("add", "f32"), ("add", "u32"), ("gt", "f32"), ("gt", "u32"), ("and", "u32")}:
    sys.exit(f"--ops add,gt,and --types f32,u32 ran {sorted(have)}")
for r in rows:
    name = f"{r['op']} {r['type']} {r['case']} {r['inputs']} {r['threads']}"
    if not r["seconds"] > 0:  # (the ratio of a reference kernel can print as 0.000)
        sys.exit(f"{name}: not measured")
    n, size = r["elements"], SIZE[r["type"]]
    out = 1 if r["op"] == "gt" else size  # LogicalGreaterThan writes UINT8
    b = {"a,b=scalar": 0, "a,b": n * size}[r["inputs"]]
    if r["case"] == "rows-broadcast":
        b = 1024 * size  # one row of B
    if r["bytes"] != n * (size + out) + b:
        sys.exit(f"{name}: {r['bytes']} bytes, expected A + output + {b} of B")

rows = bench("--ops", "add", "--types", "i32", "--threads", "1", "--cases", "latency")
if {(r["op"], r["type"], r["inputs"]) for r in rows} != {("add", "i32", "a,b")}:
    sys.exit(f"--ops add --types i32: {rows}")
rows = bench("--ops", "sign,gt", "--types", "f16", "--threads", "1", "--cases", "latency")
if sorted((r["op"], r["inputs"]) for r in rows) != [("gt", "a,b"), ("sign", "x")]:
    sys.exit(f"--ops sign,gt --types f16: {rows}")
# LogicalAnd exists for UINT8 and UINT32 only: from the kernel rows, not a list.
run = subprocess.run(dmlp + ["bench", "--ops", "and", "--types", "f32"],
                     capture_output=True, text=True)
if run.returncode != 2 or "select no operator x type" not in run.stderr:
    sys.exit(f"--ops and --types f32: status {run.returncode}, {run.stderr}")
rows = bench("--types", "f32", "--threads", "1", "--cases", "latency")
if any(r["inputs"] != "x" for r in rows):
    sys.exit("the default run has two-input rows")
print(f"{len(ops)} two-input operators; {len(have)} operator x type pairs with "
      f"{len(expected)} rows each; filters kept")
