"""The GIL is released while an operator runs, and many Python threads calling at once
get correct results. A worker's exception fails its test (run_workers)."""
import threading
import time
import traceback

import numpy as np
import torch

import dmlp


def run_workers(jobs):
    """Runs each (target, args) of jobs on a thread of its own, all at once, and returns
    what failed: each worker's uncaught exception (a thread's exception is otherwise only
    printed) as a traceback."""
    errors = []

    def guarded(target, *args):
        try:
            target(*args)
        except BaseException:  # every failure of a worker is the test's
            errors.append(traceback.format_exc())

    threads = [threading.Thread(target=guarded, args=(target,) + args) for target, args in jobs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


def test_a_worker_exception_fails_the_run():
    # The guard itself: an exception in a worker is reported, not lost.
    def worker(seed):
        if seed == 1:
            raise RuntimeError("injected")

    errors = run_workers([(worker, (s,)) for s in range(3)])
    assert len(errors) == 1 and "RuntimeError: injected" in errors[0]


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

    errors = run_workers([(worker, (s,)) for s in range(8)])
    assert not errors, errors[0]
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


class _Options:
    """ONNX Runtime's SessionOptions, as far as dmlp reads it."""

    def __init__(self, threads):
        self.intra_op_num_threads = threads


def test_functions_and_a_session_at_once():
    # Threads calling operator functions (fresh results, broadcast, interleaved views,
    # in place) and one InferenceSession, at once for about two seconds; every result
    # against the same call run alone on one thread.
    from onnx import TensorProto, helper
    from dmlp.onnx import InferenceSession

    model = helper.make_model(
        helper.make_graph(
            [helper.make_node("Softsign", ["x"], ["s"]), helper.make_node("Sign", ["s"], ["y"]),
             helper.make_node("Mul", ["s", "x"], ["m"])], "g",
            [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N"])],
            [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["N"]),
             helper.make_tensor_value_info("m", TensorProto.FLOAT, ["N"])]),
        opset_imports=[helper.make_opsetid("", 13)]).SerializeToString()
    rng = np.random.default_rng(11)
    xs = [rng.standard_normal(n).astype(np.float32) * 10 for n in (3, 1000, 65536)]
    calls = [
        lambda x, **kw: dmlp.softsign(x, **kw),
        lambda x, **kw: dmlp.add(x, x[:1], **kw),
        lambda x, **kw: dmlp.multiply(x[::2], x[1::2], **kw),
        lambda x, **kw: dmlp.clip(x, min=-0.5, max=0.5, **kw),
        lambda x, **kw: dmlp.sign(x.astype(np.int32), **kw),
    ]
    expected = [[c(x, threads=1) for x in xs] for c in calls]
    session = InferenceSession(model)
    alone = InferenceSession(model, _Options(1))
    session_expected = [alone.run(None, {"x": x}) for x in xs]
    deadline = time.monotonic() + 2.0
    checks = {"functions": 0, "in place": 0, "session": 0}

    def function_worker(seed):
        pick = np.random.default_rng(seed)
        while time.monotonic() < deadline:
            c, i = pick.integers(len(calls)), pick.integers(len(xs))
            threads = [None, 1, 2, 3][pick.integers(4)]
            got = calls[c](xs[i], threads=threads)
            assert got.tobytes() == expected[c][i].tobytes(), (c, i, threads)
            y = xs[i].copy()
            dmlp.softsign(y, out=y, threads=threads)
            assert y.tobytes() == expected[0][i].tobytes(), (i, threads)
            checks["functions"] += 1
            checks["in place"] += 1

    def session_worker(seed):
        pick = np.random.default_rng(seed)
        while time.monotonic() < deadline:
            i = pick.integers(len(xs))
            got = session.run(None, {"x": xs[i]})
            for a, b in zip(got, session_expected[i]):
                assert a.tobytes() == b.tobytes(), i
            checks["session"] += 1

    errors = run_workers([(function_worker, (s,)) for s in range(6)] +
                         [(session_worker, (s,)) for s in range(100, 102)])
    assert not errors, errors[0]
    assert min(checks.values()) > 0, checks
