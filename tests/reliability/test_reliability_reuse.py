"""Issue 9, point 2: one compiled dataset iterated many times (what Keras does every epoch) leaves
nothing behind per iterator: no ``threading._DummyThread`` (the iterator's finalizer runs on one of
TensorFlow's threads, where ``threading.current_thread()`` would register one for good), no threads.

Run in a fresh Python so the counts start from a known baseline; loose bounds (a busy machine)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

ITERATORS = 300
CHILD_TIMEOUT_S = 150


def run_reuse() -> None:
    import gc
    import threading

    import numpy as np

    import tfdata_bridge as tfb
    from tfdata_bridge._src.runtime import gc_guard

    item = np.ones(10, np.float32)
    spec = tfb.pipeline(tfb.Producer.call(lambda: item, threads=2), dtypes="float32", shapes=[10],
                        capacity=64, batch_size=8)
    dataset = tfb.compile(spec)

    def counts() -> dict:
        gc.collect()
        getattr(gc_guard, "flush", lambda timeout: None)(10)  # (the reaper is newer than the leak)
        dummies = sum(isinstance(t, threading._DummyThread) for t in threading.enumerate())  # noqa: SLF001
        return {"dummies": dummies, "threads": threading.active_count() - dummies,
                "os_threads": len(os.listdir("/proc/self/task"))}

    for _ in range(20):  # warm-up: TensorFlow starts its pools lazily
        it = iter(dataset)
        next(it)
        del it
    before = counts()
    for _ in range(ITERATORS):
        it = iter(dataset)
        next(it)
        del it
    print(json.dumps({"before": before, "after": counts()}), flush=True)


@pytest.mark.timeout(CHILD_TIMEOUT_S + 30)
def test_a_reused_dataset_leaves_no_thread_objects_per_iterator():
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="2")
    try:
        done = subprocess.run([sys.executable, __file__, "reuse"], capture_output=True, text=True,
                              timeout=CHILD_TIMEOUT_S, env=env)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the child hung ({CHILD_TIMEOUT_S} s)")
    assert done.returncode == 0, done.stderr[-4000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    before, after = result["before"], result["after"]
    assert after["dummies"] <= before["dummies"] + 3, result  # was one more per iterator
    assert after["threads"] <= before["threads"] + 3, result
    assert after["os_threads"] <= before["os_threads"] + 20, result  # bounded, not one per iterator


if __name__ == "__main__":
    {"reuse": run_reuse}[sys.argv[1]]()
