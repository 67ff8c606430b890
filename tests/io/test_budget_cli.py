#!/usr/bin/python3
"""test_budget_cli.py DMLP SOURCE_DIR [ON|EMULATED]: the memory budget as the `dmlp` command meets it.

- a control group's limit (a fixture folder through DMLP_TEST_CGROUP_ROOT) is the budget:
  a broadcast output, a headerless stream (`yes | dmlp onnx /dev/stdin`, `dmlp dispatch`,
  a `-i` tensor) and a DxDispatch sizeInBytes are refused against it, naming the file
  and the budget, with the stream read no further;
- a format's own cap binds whatever the budget: an ONNX model over 2 GiB, a DxDispatch
  document over 1 GiB (sparse files: refused by their size, nothing read);
- an invalid DMLP_MAX_MEMORY is refused with exit 2, as --max-memory's is;
- the streaming calibration keeps to the budget (its peak memory, natively).
Standard library only; every refusal is checked for its words, its exit status and the
output it did not write.
"""
import os
import struct
import subprocess
import sys
import tempfile
import time

DMLP = sys.argv[1]
SOURCE = sys.argv[2]
# the third argument: the build's DMLP_SANITIZE, or EMULATED under qemu-user
MODE = sys.argv[3] if len(sys.argv) > 3 else ""
SANITIZED = MODE.upper() in ("ON", "1", "TRUE", "YES")
EMULATED = MODE == "EMULATED"
passed = 0
failed = 0
MIB = 1 << 20


def check(cond, what):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL: " + what)


def write(path, data):
    with open(path, "wb") as f:
        f.write(data.encode() if isinstance(data, str) else data)


def npy(shape, values=None, payload=None):
    """A float32 .npy of the given shape (zeros unless values or payload bytes are given)."""
    count = 1
    for d in shape:
        count *= d
    dims = ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "")
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%s), }" % dims
    total = (10 + len(header) + 1 + 63) // 64 * 64
    header += " " * (total - 10 - len(header) - 1) + "\n"
    if payload is None:
        payload = struct.pack("<%df" % count, *(values or [0.0] * count))
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode() + payload


def dmlp(*args, env=None, stdin=None, feed=None):
    """Runs dmlp; feed: a command whose output is piped to dmlp's stdin."""
    e = dict(os.environ)
    e.update(env or {})
    src = None
    if feed:
        src = subprocess.Popen(feed, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        stdin = src.stdout
    p = subprocess.run([DMLP] + list(args), env=e, stdin=stdin or subprocess.DEVNULL,
                       capture_output=True, timeout=60)
    if src:
        src.stdout.close()
        src.kill()
        src.wait()
    return p.returncode, p.stderr.decode(errors="replace")


def cgroup(name, limit):
    """A fixture standing for /sys/fs/cgroup: the process in /job, limited to limit."""
    root = os.path.join(work, name)
    os.makedirs(os.path.join(root, "job"))
    write(os.path.join(root, "self"), "0::/job\n")
    write(os.path.join(root, "job", "memory.max"), "%d\n" % limit)
    return {"DMLP_TEST_CGROUP_ROOT": root}


def test_cgroup():
    group = cgroup("g300", 300 * MIB)
    budget = "the memory budget is 314572800 bytes (300.0 MiB)"
    # a (16384,1) + (1,16384) broadcast: a 1 GiB output
    write("col.npy", npy((16384, 1)))
    write("row.npy", npy((1, 16384)))
    code, err = dmlp("run", "add", "col.npy", "row.npy", "o.npy", env=group)
    check(code == 1 and "the output asks for 1073741824 bytes (1.0 GiB)" in err and
          budget in err and not os.path.exists("o.npy"), "broadcast under 300 MiB: %r" % err)
    # within the group's room it runs
    write("small.npy", npy((4,), [-2.0, 0.0, 3.0, -0.5]))
    code, err = dmlp("run", "sign", "small.npy", "o.npy", env=group)
    check(code == 0 and os.path.exists("o.npy"), "a small run under 300 MiB: %r" % err)
    os.remove("o.npy")
    # a sparse 10 GB .npy under 500 MiB: refused by its header, nothing read
    header = npy((2500000000,), payload=b"")
    with open("sparse.npy", "wb") as f:
        f.write(header)
        f.truncate(len(header) + 10000000000)
    code, err = dmlp("run", "sign", "sparse.npy", "o.npy", env=cgroup("g500", 500 * MIB))
    check(code == 1 and "sparse.npy: the tensor's data asks for 10000000000 bytes" in err and
          "the memory budget is 524288000 bytes (500.0 MiB)" in err and
          not os.path.exists("o.npy"), "a sparse 10 GB .npy under 500 MiB: %r" % err)
    os.remove("sparse.npy")
    # DxDispatch: a sizeInBytes of 20 GiB under 2 GiB, refused before it is allocated
    two = cgroup("g2g", 2048 * MIB)
    write("big.json", """{
  "resources": {
    "x": { "initialValuesDataType": "FLOAT32", "initialValues": [1, -2] },
    "y": { "initialValuesDataType": "FLOAT32", "sizeInBytes": 21474836480,
           "initialValues": { "valueCount": 2, "value": 0 } } },
  "dispatchables": { "s": { "type": "ELEMENT_WISE_SIGN",
    "InputTensor": { "DataType": "FLOAT32", "Sizes": [2] },
    "OutputTensor": { "DataType": "FLOAT32", "Sizes": [2] } } },
  "commands": [ { "type": "dispatch", "dispatchable": "s",
                  "bindings": { "InputTensor": "x", "OutputTensor": "y" } } ] }""")
    start = time.time()
    code, err = dmlp("dispatch", "big.json", env=two)
    check(code == 1 and "big.json: resources.y" in err and "(20.0 GiB)" in err and
          "the memory budget is 2147483648 bytes (2.0 GiB)" in err and time.time() - start < 10,
          "sizeInBytes 20 GiB under 2 GiB: %r" % err)


def test_streams():
    """Headerless streams stop at the group's room (16 MiB): named, read no further."""
    group = cgroup("g16", 16 * MIB)
    past = "/dev/stdin: the stream goes on past the memory budget, 16777216 bytes (16.0 MiB)"
    model = os.path.join(SOURCE, "tests", "onnx", "exported", "sign_f32_opset17", "model.onnx")
    cases = [
        (["onnx", "/dev/stdin", "-o", "out"], ["yes"]),
        (["dispatch", "/dev/stdin"], ["yes"]),
        (["onnx", model, "-i", "x=/dev/stdin", "-o", "out"], ["cat", "/dev/urandom"]),
    ]
    for args, feed in cases:
        code, err = dmlp(*args, env=group, feed=feed)
        check(code == 1 and past in err and not os.path.exists("out"),
              "%s | dmlp %s: %r" % (" ".join(feed), " ".join(args), err))


def test_format_caps():
    """Over a format's own cap: refused by size, whatever the budget."""
    with open("huge.onnx", "wb") as f:
        f.truncate(3 << 30)
    code, err = dmlp("onnx", "huge.onnx", "-o", "out", env={"DMLP_MAX_MEMORY": "8T"})
    check(code == 1 and "huge.onnx: has 3221225472 bytes; a protobuf message (an ONNX model "
          "or tensor) is at most 2147483647 bytes" in err, "a 3 GiB model: %r" % err)
    with open("huge.pb", "wb") as f:
        f.truncate((2 << 30) + 5)
    model = os.path.join(SOURCE, "tests", "onnx", "exported", "sign_f32_opset17", "model.onnx")
    code, err = dmlp("onnx", model, "-i", "x=huge.pb", "-o", "out",
                     env={"DMLP_MAX_MEMORY": "8T"})
    check(code == 1 and "huge.pb: has 2147483653 bytes" in err, "a 2 GiB tensor: %r" % err)
    with open("huge.json", "wb") as f:
        f.truncate((1 << 30) + 1)
    code, err = dmlp("dispatch", "huge.json", env={"DMLP_MAX_MEMORY": "8T"})
    check(code == 1 and "huge.json: has 1073741825 bytes; a DxDispatch JSON document is at "
          "most 1073741824 bytes" in err, "a 1 GiB document: %r" % err)
    for name in ("huge.onnx", "huge.pb", "huge.json"):
        os.remove(name)


BAD_SIZES = ["1e9", "5mb", "5M ", "0x100000", "-1", "0", "abc", "", "5Mi", "1P", "16777216T",
             "18446744073709551616"]


def test_invalid_env():
    """An invalid DMLP_MAX_MEMORY is wrong usage (exit 2) as --max-memory's is, named."""
    write("small.npy", npy((4,), [-2.0, 0.0, 3.0, -0.5]))
    model = os.path.join(SOURCE, "tests", "onnx", "exported", "sign_f32_opset17", "model.onnx")
    commands = [("run", "sign", "small.npy", "o.npy"), ("onnx", model, "-o", "out"),
                ("dispatch", "none.json")]
    # thinly under a sanitizer or an emulator, where each start costs a tenth of a second
    thin = SANITIZED or EMULATED
    for value in (BAD_SIZES[1::4] if thin else BAD_SIZES):
        for args in commands:
            code, err = dmlp(*args, env={"DMLP_MAX_MEMORY": value})
            check(code == 2 and "dmlp: DMLP_MAX_MEMORY is '%s'; it must be a size such as 2G "
                  "or 500M" % value in err and not os.path.exists("o.npy") and
                  not os.path.exists("out"), "DMLP_MAX_MEMORY=%r %s: %d %r" % (value, args[0],
                                                                              code, err))
        code, err = dmlp("run", "sign", "--max-memory", value, "small.npy", "o.npy")
        check(code == 2 and "--max-memory is" in err and not os.path.exists("o.npy"),
              "--max-memory %r: %d %r" % (value, code, err))
    code, err = dmlp("run", "sign", "small.npy", "o.npy", env={"DMLP_MAX_MEMORY": "5MiB"})
    check(code == 0 and os.path.exists("o.npy"), "DMLP_MAX_MEMORY=5MiB runs: %r" % err)
    os.remove("o.npy")


def test_calibration():
    """The first large operator's streaming calibration keeps to the budget: in a 100 MiB
    group a 16 MiB Sign takes the built-in defaults instead of 2 x 64-256 MiB of buffers
    (which had the job killed), and `dmlp caps --tune` says why."""
    group = cgroup("g100", 100 * MIB)
    group["DMLP_TUNE_CACHE"] = "off"
    # measuring is the point here, whatever DMLP_TUNE the test pass sets (Makefile: defaults)
    env = {k: v for k, v in os.environ.items() if k != "DMLP_TUNE"}
    env.update(group)
    code = subprocess.run([DMLP, "caps", "--tune"], env=env,
                          capture_output=True, timeout=60)
    out = code.stdout.decode(errors="replace")
    check(code.returncode == 0 and "streaming (built-in defaults)" in out and
          "the memory budget, 100 MiB, leaves too little to measure in" in out,
          "caps --tune in 100 MiB: %r" % out[-600:])
    pattern = struct.pack("<4f", -1.5, 0.0, 2.0, -0.0)
    write("x16.npy", npy((4 << 20,), payload=pattern * (1 << 20)))
    child = subprocess.Popen([DMLP, "run", "sign", "x16.npy", "o.npy"],
                             env=env, stderr=subprocess.PIPE)
    err = child.stderr.read().decode(errors="replace")
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    check(child.returncode == 0 and os.path.getsize("o.npy") > 16 << 20,
          "16 MiB Sign in 100 MiB: %d %r" % (child.returncode, err))
    # in + out + the process: about 40 MiB; a calibration would add 128 MiB or more
    # (RSS is only meaningful natively and without a sanitizer's shadow memory)
    if not SANITIZED and not EMULATED:
        check(usage.ru_maxrss < 100 * 1024, "16 MiB Sign in 100 MiB: %d KiB at most" %
              usage.ru_maxrss)
    os.remove("o.npy")


work = tempfile.mkdtemp(prefix="dmlp-test-budget-")
os.chdir(work)
test_cgroup()
test_streams()
test_format_caps()
test_invalid_env()
test_calibration()
subprocess.run(["rm", "-rf", work])
print("test_budget_cli: %d checks passed, %d failed" % (passed, failed))
sys.exit(1 if failed or not passed else 0)
