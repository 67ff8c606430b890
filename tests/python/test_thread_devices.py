"""threads=: each count is a device with that many threads, and the module keeps only a
few devices: many distinct counts leave a bounded number of OS threads, counts above
the library's 256 share one device, and a refusal names threads=."""
import os
import subprocess
import sys

import numpy as np

import dmlp

# The cache's bound: at most 8 devices with 512 threads together (op_cache.c).
THREAD_BUDGET = 512


def os_threads():
    return len(os.listdir("/proc/self/task"))


def test_many_thread_counts_leave_a_bounded_number_of_threads():
    x = np.linspace(-1, 1, 64, dtype=np.float32)
    before = os_threads()
    for n in range(1, 65):
        assert dmlp.sign(x, threads=n).tolist() == np.sign(x).tolist()
    after_small = os_threads()
    dmlp.sign(x, threads=257)
    capped = os_threads()
    for n in range(258, 267):
        dmlp.sign(x, threads=n)
    assert os_threads() == capped  # 257..266 are one 256-thread device
    dmlp.sign(x, threads=1024)
    assert os_threads() == capped
    # Unbounded, threads=1..64 alone would leave 2,016 worker threads.
    assert after_small - before <= THREAD_BUDGET, (before, after_small)
    assert capped - before <= THREAD_BUDGET, (before, capped)


CHILD = r"""
import resource, dmlp, numpy as np
x = np.ones(8, np.float32)
dmlp.sign(x, threads=1)
# Room for a few thread stacks, not for 255 of them.
with open("/proc/self/status") as f:
    vm = [int(l.split()[1]) * 1024 for l in f if l.startswith("VmSize")][0]
resource.setrlimit(resource.RLIMIT_AS, (vm + (64 << 20), resource.RLIM_INFINITY))
try:
    dmlp.sign(x, threads=272)
except dmlp.Error as e:
    print(e)
"""


def test_a_refused_device_names_threads():
    r = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    message = r.stdout.strip()
    assert message.startswith("threads=256 or more (at most 256 are used): could not "
                              "start the device's 256 threads"), message
    assert "thread_count" not in message
