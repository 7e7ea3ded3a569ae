"""No bridge hook outlives its need (issue 18): a process that builds and drops bridge datasets ends with
none installed. In a fresh Python (this file run as a script): a compiled spec, an eager queue's
``as_dataset()`` and a drop-in graph pipeline with runners are built and read, each while the process
has its own state to restore (no wakeup fd, Python's SIGINT handler, its own ``gc.callbacks``); while
they live the bridge's hooks are there (the wakeup fd is the bridge's, its collection hook is in
``gc.callbacks``); once they are dropped and garbage is collected, the wakeup fd is the original again,
no bridge callback is in ``gc.callbacks`` or ``atexit``, no bridge thread is alive, SIGINT's handler is
the original."""

from __future__ import annotations

import gc
import os
import signal
import sys
import threading
import time
from typing import Any

import child_results

THREAD_PREFIXES = ("tfdata_bridge", "QueueRunnerThread-")
SETTLE_S = 30.0  # a hang guard only: the bounded wait for the bridge's threads to end


def _bridge_threads() -> list[str]:
    return sorted(t.name for t in threading.enumerate() if t.name.startswith(THREAD_PREFIXES) and t.is_alive())


def _bridge_callbacks() -> list[str]:
    return [f"{c.__module__}.{c.__qualname__}" for c in gc.callbacks
            if getattr(c, "__module__", "").startswith("tfdata_bridge")]


def _exit_hooks() -> list[str]:
    from tfdata_bridge._src.runtime import gc_guard, process_hooks, process_workers

    return [name for name, installed in (("process_hooks", process_hooks.installed()),
                                         ("gc_guard", gc_guard.installed()),
                                         ("process_workers", process_workers._hook_registered))  # noqa: SLF001
            if installed]


def _state() -> dict[str, Any]:
    fd = signal.set_wakeup_fd(-1)
    signal.set_wakeup_fd(fd)
    return {"wakeup_fd": fd, "sigint": repr(signal.getsignal(signal.SIGINT)), "callbacks": _bridge_callbacks(),
            "threads": _bridge_threads(), "hooks": _exit_hooks()}


def _settled() -> dict[str, Any]:
    """The state once what was dropped is collected and the bridge's threads had time to end."""
    deadline = time.monotonic() + SETTLE_S
    while True:
        gc.collect()
        state = _state()
        if not (state["threads"] or state["callbacks"] or state["hooks"]) or time.monotonic() > deadline:
            return state
        time.sleep(0.05)


def run_child() -> None:
    import numpy as np
    import tensorflow as tf

    import tfdata_bridge as tfb
    import tfdata_bridge.compat.v1 as bridge

    results: dict[str, Any] = {"before": _state()}
    item = np.arange(4, dtype=np.float32)

    # a compiled spec, read through an iterator
    dataset = tfb.compile(tfb.pipeline(tfb.Producer.call(lambda: item, threads=2), dtypes="float32",
                                       shapes=[4], capacity=16, batch_size=2))
    iterator = iter(dataset)
    results["compiled"] = [next(iterator).numpy().tolist() for _ in range(2)]
    results["while_alive"] = _state()
    del dataset, iterator
    results["after_compiled"] = _settled()

    # an eager queue's as_dataset(), read in a for loop (its iterator is a local of the loop)
    q = tfb.FIFOQueue(8, "float32", shapes=[[4]])
    q.enqueue_many(np.stack([item + i for i in range(4)]))
    q.close()
    results["queue"] = [batch.numpy().tolist() for batch in q.as_dataset(batch_size=2)]
    del q
    results["after_queue"] = _settled()

    # a drop-in graph pipeline whose producer runs on runner threads (a py_func), in its own graph
    with tf.Graph().as_default(), bridge.Session() as sess:
        made = iter(range(10**9))
        x = bridge.py_func(lambda: np.float32(next(made)), [], tf.float32)
        x.set_shape([])
        batch = bridge.train.batch([x], 4, capacity=8)
        coord = bridge.train.Coordinator()
        threads = bridge.train.start_queue_runners(sess, coord)
        results["graph"] = [sess.run(batch).tolist() for _ in range(2)]
        coord.request_stop()
        coord.join(threads, stop_grace_period_secs=10)
    del sess, batch, x, coord, threads
    results["after_graph"] = _settled()
    print("RESULT " + __import__("json").dumps(results), flush=True)


def test_a_process_that_drops_its_bridge_datasets_keeps_no_bridge_hook() -> None:
    r = child_results.results_of(__file__, timeout=300)
    before = r["before"]
    assert before["wakeup_fd"] == -1 and not before["callbacks"] and not before["threads"] and not before["hooks"]
    assert r["compiled"] == [[[0, 1, 2, 3]] * 2] * 2
    assert r["queue"] == [[[0, 1, 2, 3], [1, 2, 3, 4]], [[2, 3, 4, 5], [3, 4, 5, 6]]]
    assert [sorted(b) for b in r["graph"]] == [[0, 1, 2, 3], [4, 5, 6, 7]]
    alive = r["while_alive"]  # (so the checks below could fail: the hooks were installed)
    assert alive["wakeup_fd"] != -1 and alive["callbacks"] and alive["hooks"]
    for step in ("after_compiled", "after_queue", "after_graph"):
        state = r[step]
        assert state["wakeup_fd"] == before["wakeup_fd"], f"{step}: the bridge's wakeup fd is still set"
        assert state["sigint"] == before["sigint"], f"{step}: SIGINT's handler changed: {state['sigint']}"
        assert state["callbacks"] == [], f"{step}: bridge callbacks in gc.callbacks: {state['callbacks']}"
        assert state["threads"] == [], f"{step}: bridge threads alive: {state['threads']}"
        assert state["hooks"] == [], f"{step}: bridge hooks still installed: {state['hooks']}"


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/: the shared helpers
    run_child()
