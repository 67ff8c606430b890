#!/usr/bin/python3
"""`dmlp bench --quick` runs the operators along axes (softmax, log_softmax, hardmax; the
row their last axis) on a tiny size: --help lists them; the table has one cell line per
row case, op x type x case x thread count, rows of 64, 1Ki, 32Ki and 1Mi elements that
fit in the size (large: every thread count; cache: 256 KiB, the first), or a stderr line
that --quick left it out; every number of a line parses, elements are whole rows of the
size, the target is 0.67 on the large rows whose input + output fit in 1 MiB and '-'
elsewhere, and the closing count names only the lines with a target. Speed is never
checked.

Usage: check_bench_rows.py DMLP [EMULATOR...]"""
import re
import subprocess
import sys

dmlp = sys.argv[1:]
OPS = ["softmax", "log_softmax", "hardmax"]
SIZE = {"f32": 4, "f16": 2, "bf16": 2}
LENGTHS = {"64": 64, "1Ki": 1024, "32Ki": 32768, "1Mi": 1 << 20}
LARGE_MIB = 2
THREADS = (1, 2)

usage = subprocess.run(dmlp + ["bench", "--help"], capture_output=True, text=True).stdout
if "along axes: " + ",".join(OPS) not in usage:
    sys.exit("--help lists no operators along axes: " + usage)

args = ["bench", "--quick", "--large-mib", str(LARGE_MIB), "--reps", "1",
        "--threads", ",".join(map(str, THREADS)), "--cases", "large,cache",
        "--ops", ",".join(OPS), "--types", ",".join(SIZE)]
run = subprocess.run(dmlp + args, capture_output=True, text=True)
if run.returncode != 0 or "dmlp: " in run.stderr:
    sys.exit(f"dmlp {' '.join(args)} failed: {run.stderr[-2000:]}")
left_out = set(re.findall(r"^bench: (\S+) (\S+) (\S+) on (\d+) thread\(s\): left out by --quick",
                          run.stderr, re.M))

expected = {}
for op in OPS:
    for t, size in SIZE.items():
        for name, cols in LENGTHS.items():
            large_rows = (LARGE_MIB << 20) // (cols * size)
            for thr in THREADS:
                if large_rows:
                    expected[(op, t, "large-row" + name, thr)] = large_rows * cols
            if (256 << 10) // (cols * size):
                expected[(op, t, "cache-row" + name, THREADS[0])] = (256 << 10) // size

seen, with_target = {}, 0
for line in run.stdout.splitlines():
    w = line.split()
    if not w or w[0] not in OPS:
        continue
    try:
        op, t, case, inputs, thr, elements = w[0], w[1], w[2], w[3], int(w[4]), int(w[5])
        # a copy this CPU lacks prints '-' (off x86-64 all but memcpy)
        gbps, copies, limit, by, ratio = float(w[6]), \
            [float(v) for v in w[7:11] if v != "-"], float(w[11]), w[12], float(w[13])
        rest = w[14:]
        target = None if rest[0] == "-" else float(rest[0])
        if target is not None:
            if rest[1] not in ("ok", "LOW"):
                raise ValueError("verdict " + rest[1])
            rest = rest[1:]
        traffic, of_it, kernel = float(rest[1]), float(rest[2]), rest[3]
    except (ValueError, IndexError) as e:
        sys.exit(f"a cell line does not parse ({e}): {line}")
    key = (op, t, case, thr)
    if key in seen:
        sys.exit(f"two lines for {key}")
    seen[key] = line
    if key not in expected:
        sys.exit(f"a line for no case it should run: {line}")
    if elements != expected[key] or inputs != "x" or kernel != "rows":
        sys.exit(f"{key}: {elements} elements (expected {expected[key]}), inputs {inputs}, "
                 f"kernel {kernel}: {line}")
    if not (gbps > 0 and limit > 0 and traffic > 0 and by in ("memcpy", "nt", "nt+t0", "movsb")
            and max(copies) == limit and ratio >= 0 and of_it >= 0):
        sys.exit(f"{key}: figures missing: {line}")
    cols = LENGTHS[case.split("-row")[1]]
    want = 0.67 if case.startswith("large") and 2 * cols * SIZE[t] <= 1 << 20 else None
    if target != want:
        sys.exit(f"{key}: target {target}, expected {want}: {line}")
    with_target += target is not None

missing = [k for k in expected if k not in seen and tuple(map(str, k)) not in left_out]
if missing:
    sys.exit(f"no line for {sorted(missing)}")
count = re.search(r"^targets met: (\d+) of (\d+)$", run.stdout, re.M)
if not count or int(count.group(2)) != with_target:
    sys.exit(f"the closing count is not of the {with_target} lines with a target: "
             f"{count and count.group(0)}")
print(f"{len(seen)} cells of {len(OPS)} operators along axes, {len(left_out)} left out by "
      f"--quick; every number parsed, {with_target} with a target")
