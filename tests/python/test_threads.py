"""The GIL is released while an operator runs, and many Python threads calling at once
get correct results."""
import threading
import time

import numpy as np
import torch

import dmlp


def test_many_threads_get_correct_results():
    rng = np.random.default_rng(3)
    inputs = [rng.standard_normal(n).astype(dtype) for n in (1, 17, 1000, 70000)
              for dtype in (np.float16, np.float32, np.float64)]
    expected = [(dmlp.softsign(x), dmlp.sign(x), dmlp.isinf(x)) for x in inputs]
    failures = []

    def worker(seed):
        order = np.random.default_rng(seed).permutation(len(inputs))
        for _ in range(20):
            for i in order:
                x = inputs[i]
                got = (dmlp.softsign(x), dmlp.sign(x), dmlp.isinf(x))
                for a, b in zip(got, expected[i]):
                    if a.tobytes() != b.tobytes():
                        failures.append((seed, i))
                t = torch.from_numpy(x)
                if dmlp.softsign(t).numpy().tobytes() != expected[i][0].tobytes():
                    failures.append((seed, i, "torch"))

    threads = [threading.Thread(target=worker, args=(s,)) for s in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures


def test_gil_is_released_during_a_call():
    # A call long enough to see (one thread, 32 Mi float64 elements), while this thread
    # keeps running Python. Were the GIL held, this thread would stall for the whole call.
    x = np.linspace(-1, 1, 1 << 25)
    out = np.empty_like(x)
    start = time.perf_counter()
    dmlp.softsign(x, out=out, threads=1)
    call = time.perf_counter() - start
    done = threading.Event()
    worker = threading.Thread(target=lambda: (dmlp.softsign(x, out=out, threads=1), done.set()))
    ticks = []
    worker.start()
    while not done.is_set():
        ticks.append(time.perf_counter())
    worker.join()
    gaps = np.diff(ticks) if len(ticks) > 1 else np.array([call])
    assert len(ticks) > 100
    assert gaps.max() < call / 2, (gaps.max(), call)
