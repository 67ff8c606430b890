#!/usr/bin/python3
"""Runs `dmlp bench --json` on a small size and checks the limit's bookkeeping: every
packed row reports its copies, the limit is never below any of them and is the one it
names, and the ratio is the operator's figure over that limit; every packed row also
reports its traffic loop (the operator's bytes moved with no arithmetic). Two-input
rows count the bytes of every tensor: A, B and the output with B packed ("a,b"), A and
the output with B a broadcast scalar ("a,b=scalar"), the same output in both."""
import json
import subprocess
import sys

dmlp = sys.argv[1]
# The bookkeeping is the bench's, not an operator's: a few operators of each kind (a
# vector kernel, a correctly rounded one, a bool output; two inputs packed and with B a
# scalar) in one run, so the test's time does not grow with the operator list.
run = subprocess.run([dmlp, "bench", "--json", "--large-mib", "1", "--reps", "1",
                      "--threads", "1,2", "--cases", "large,cache", "--types", "f32,bf16",
                      "--inputs", "one,two", "--ops", "sign,softsign,isinf,exp,add,div,eq,max"],
                     capture_output=True, text=True)
if run.returncode != 0:
    sys.exit("dmlp bench failed: " + run.stderr)
rows = json.loads(run.stdout)["results"]
if not rows:
    sys.exit("no rows")
SIZE = {"f32": 4, "bf16": 2}
scalar_rows = {(r["op"], r["type"], r["case"], r["threads"]): r
               for r in rows if r["inputs"] == "a,b=scalar"}
two = 0
for r in rows:
    if r["inputs"] != "a,b":
        continue
    two += 1
    name = f"{r['op']} {r['type']} {r['case']} {r['threads']}"
    n, size = r["elements"], SIZE[r["type"]]
    out = r["bytes"] / n - 2 * size  # the output's element size
    if out not in (1, 4, size):
        sys.exit(f"{name}: {r['bytes']} bytes for {n} elements of A, B and output")
    s = scalar_rows.get((r["op"], r["type"], r["case"], r["threads"]))
    if s is None:
        sys.exit(f"{name}: no row with B a broadcast scalar")
    if s["bytes"] != n * (size + out) or s["elements"] != n:
        sys.exit(f"{name}: B a scalar moves {s['bytes']} bytes, not A's and the output's")
if not two or len(scalar_rows) != two:
    sys.exit(f"{two} two-input rows, {len(scalar_rows)} with B a broadcast scalar")
for r in rows:
    name = f"{r['op']} {r['type']} {r['case']} {r['threads']}"
    copies = r["copies_gbps"]
    if set(copies) != {"memcpy", "nt", "nt+t0", "movsb"}:
        sys.exit(f"{name}: copies {sorted(copies)}")
    measured = {k: v for k, v in copies.items() if v > 0}
    if not measured:
        sys.exit(f"{name}: no copy measured")
    for k, v in measured.items():
        if r["limit_gbps"] < v - 1e-3:
            sys.exit(f"{name}: limit {r['limit_gbps']} below copy {k} {v}")
    if not r["traffic_gbps"] > 0:
        sys.exit(f"{name}: no traffic loop measured")
    if abs(measured[r["limit_by"]] - r["limit_gbps"]) > 1e-3:
        sys.exit(f"{name}: limit_by {r['limit_by']} is not the limit")
    # The JSON prints 3 decimals: each figure is off by up to 5e-4, which at the small
    # rates of an emulated run is more than 0.2% of the quotient.
    slack = r["ratio"] * (5e-4 / r["limit_gbps"] + 5e-4 / max(r["gbps"], 1e-9)) + 5e-4
    if abs(r["ratio"] - r["gbps"] / r["limit_gbps"]) > max(slack, 2e-3 * max(1, r["ratio"])):
        sys.exit(f"{name}: ratio {r['ratio']} != {r['gbps']} / {r['limit_gbps']}")
print(f"{len(rows)} rows ({two} two-input, each also with B a scalar): limit >= every copy, "
      "named and used for the ratio; traffic measured")
