#!/usr/bin/python3
"""Runs `dmlp bench --json` on a small size and checks the limit's bookkeeping: every
packed row reports its copies, the limit is never below any of them and is the one it
names, and the ratio is the operator's figure over that limit; every packed row also
reports its traffic loop (the operator's bytes moved with no arithmetic)."""
import json
import subprocess
import sys

dmlp = sys.argv[1]
run = subprocess.run([dmlp, "bench", "--json", "--large-mib", "1", "--reps", "1",
                      "--threads", "1,2", "--types", "f32,bf16", "--cases", "large,cache"],
                     capture_output=True, text=True)
if run.returncode != 0:
    sys.exit("dmlp bench failed: " + run.stderr)
rows = json.loads(run.stdout)["results"]
if not rows:
    sys.exit("no rows")
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
print(f"{len(rows)} rows: limit >= every copy, named and used for the ratio; traffic measured")
