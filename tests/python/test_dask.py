"""Dask: dmlp's operators as map_blocks functions on a distributed LocalCluster whose
workers are separate processes (the functions travel by reference, and each worker
imports dmlp itself)."""
import pickle

import numpy as np

import dmlp


def test_operators_pickle_by_reference():
    for fn in (dmlp.sign, dmlp.softsign, dmlp.isinf, dmlp.dispatch):
        data = pickle.dumps(fn)
        assert len(data) < 100 and b"dmlp" in data
        assert pickle.loads(data) is fn


def test_map_blocks_on_a_local_cluster_with_worker_processes():
    import dask.array as da
    from distributed import Client, LocalCluster

    x = np.linspace(-50, 50, 1_000_003, dtype=np.float32)
    expected = dmlp.softsign(x)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None, silence_logs=40) as cluster, \
            Client(cluster) as client:
        darr = da.from_array(x, chunks=250_000)
        result = da.map_blocks(dmlp.softsign, darr).compute()
        assert result.tobytes() == expected.tobytes()
        inf = da.map_blocks(dmlp.isinf, da.from_array(np.array([1, np.inf] * 10, np.float32),
                                                      chunks=5), dtype=bool).compute()
        assert inf.tolist() == [False, True] * 10
        # Each worker is its own process with dmlp imported there.
        pids = client.run(lambda: __import__("os").getpid())
        imported = client.run(lambda: __import__("dmlp").__version__)
        assert len(set(pids.values())) == 2
        assert set(imported.values()) == {dmlp.__version__}
