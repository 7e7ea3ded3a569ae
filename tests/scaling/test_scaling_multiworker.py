"""Issue 19 item 3 across processes: ``compile(spec)`` under ``MultiWorkerMirroredStrategy`` with two
local worker processes (``TF_CONFIG`` on localhost, ports picked free here), each input pipeline making
its shard through ``distribute_datasets_from_function`` (the recipe of docs/scaling-out.md,
``test_scaling_out.dataset_fn``): together the workers see every element exactly once per epoch, in
per-replica batches, and every step's all-reduce across the two processes sums to the global batch.

Both workers are this file run as a script. Each is bounded (``WORKER_TIMEOUT_S``); whatever happens,
both are killed and reaped at the end, and their ports must then be closed."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from typing import Any

import pytest
from process_leftovers import running, still_open

WORKER_TIMEOUT_S = 180
N, GLOBAL_BATCH, EPOCHS = 40, 6, 2
pytestmark = pytest.mark.timeout(WORKER_TIMEOUT_S + 60)


def free_ports(n: int) -> list[int]:
    """``n`` ports the system says are free now (bound together, so they differ, then released)."""
    sockets = [socket.socket() for _ in range(n)]
    try:
        for s in sockets:
            s.bind(("localhost", 0))
        return [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()


def _worker() -> None:
    import tensorflow as tf
    from test_scaling_out import dataset_fn

    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    contexts: list[Any] = []

    def record_context(ctx: Any) -> Any:  # what the input context said to this worker's pipeline
        contexts.append([ctx.input_pipeline_id, ctx.num_input_pipelines, ctx.get_per_replica_batch_size(GLOBAL_BATCH)])
        return dataset_fn(N, GLOBAL_BATCH, ctx)

    dist = strategy.distribute_datasets_from_function(record_context)

    @tf.function
    def step(batch: Any) -> Any:  # an all-reduce across both processes: the global batch's size
        per_replica = strategy.run(lambda b: tf.shape(b)[0], args=(batch,))
        return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None)

    seen: list[list[int]] = []
    reduced: list[int] = []
    sizes: list[int] = []
    for _ in range(EPOCHS):
        values = []
        for batch in dist:
            local = strategy.experimental_local_results(batch)
            sizes.extend(int(v.shape[0]) for v in local)
            for v in local:
                values.extend(v.numpy().tolist())
            reduced.append(int(step(batch)))
        seen.append(values)
    print("RESULT " + json.dumps({"task": json.loads(os.environ["TF_CONFIG"])["task"]["index"],
                                  "replicas": strategy.num_replicas_in_sync, "contexts": contexts, "seen": seen,
                                  "reduced": reduced, "sizes": sizes}), flush=True)


@pytest.fixture(scope="module")
def workers() -> dict[str, Any]:
    ports = free_ports(2)
    cluster = {"worker": [f"localhost:{port}" for port in ports]}
    from child_results import child_env

    procs = []
    try:
        for index in range(2):
            env = child_env(CUDA_VISIBLE_DEVICES="",  # tests/ on the path: the child imports process_leftovers
                            TF_CONFIG=json.dumps({"cluster": cluster, "task": {"type": "worker", "index": index}}))
            procs.append(subprocess.Popen([sys.executable, __file__], stdout=subprocess.PIPE,
                                          stderr=subprocess.PIPE, text=True, env=env))
        outputs = [proc.communicate(timeout=WORKER_TIMEOUT_S) for proc in procs]
    finally:
        for proc in procs:  # bounded whatever happened: a worker left waiting for the other is killed
            if proc.poll() is None:
                proc.kill()
            proc.communicate()
    results = []
    for proc, (out, err) in zip(procs, outputs):
        lines = [line for line in out.splitlines() if line.startswith("RESULT ")]
        assert proc.returncode == 0 and lines, f"exit {proc.returncode}\n{out[-2000:]}\n{err[-4000:]}"
        results.append(json.loads(lines[-1][len("RESULT "):]))
    return {"results": results, "ports": ports, "pids": [proc.pid for proc in procs]}


def test_two_worker_processes_see_every_element_exactly_once_per_epoch(workers):
    first, second = workers["results"]
    assert (first["task"], second["task"]) == (0, 1)
    assert first["replicas"] == second["replicas"] == 2  # one CPU replica in each process
    for epoch in range(EPOCHS):
        mine, theirs = first["seen"][epoch], second["seen"][epoch]
        assert not set(mine) & set(theirs)
        assert sorted(mine + theirs) == list(range(N)), epoch


def test_each_input_pipeline_makes_only_its_shard_in_per_replica_batches(workers):
    first, second = workers["results"]
    assert first["contexts"] == [[0, 2, 3]] and second["contexts"] == [[1, 2, 3]]
    assert sorted(first["seen"][0]) == list(range(0, N, 2))  # numbers(shard=0, num_shards=2)
    assert max(first["sizes"] + second["sizes"]) == GLOBAL_BATCH // 2


def test_every_steps_all_reduce_across_the_processes_sums_the_global_batch(workers):
    first, second = workers["results"]
    assert first["reduced"] == second["reduced"]
    assert sum(first["reduced"]) == EPOCHS * N
    assert first["reduced"][0] == GLOBAL_BATCH


def test_no_worker_process_or_port_is_left(workers):
    assert running(workers["pids"]) == []
    assert still_open(workers["ports"]) == []


if __name__ == "__main__":
    _worker()
