"""Issue 9, point 1: an abandoned bridge iterator found by a garbage collection is never destroyed inside
that collection (``runtime/gc_guard.py``): a collection runs wherever an allocation happens, possibly
while the collecting thread holds a lock the iterator's threads need, and the destructor waits for them.

Run in a fresh Python (a hang must not take the test process with it), with a timeout.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

CHILD_TIMEOUT_S = 90


def run_collect_holding_the_queue_lock() -> None:
    """An eager queue's ``as_dataset()`` iterator, left in a reference cycle while its generator (on a
    tf.data thread) waits on the empty queue; the main thread then collects garbage while it holds the
    queue's lock, as an ``enqueue`` that allocates may. Destroying the iterator there would wait for
    the generator, which waits for that lock: the collection would never end."""
    import gc
    import threading
    import time
    import weakref

    import numpy as np

    import tfdata_bridge as tfb

    q = tfb.FIFOQueue(8, "float32", shapes=[[]])
    q.enqueue_many(np.arange(3, dtype=np.float32))
    iterator = iter(q.as_dataset())
    first = [float(next(iterator)) for _ in range(3)]
    ref = weakref.ref(iterator)
    cycle = {"it": iterator}
    cycle["self"] = cycle
    del iterator, cycle
    time.sleep(0.5)  # the generator now waits on the empty queue, in 0.1 s slices
    with q._channel._cond:  # noqa: SLF001 - the lock an enqueue holds while it allocates
        gc.collect()
    freed_in_collection = ref() is None
    q.enqueue(np.float32(3))  # the queue is usable again at once
    from tfdata_bridge._src.runtime import gc_guard

    gc_guard.flush(30)
    print(json.dumps({"first": first, "freed": freed_in_collection, "size": int(q.size()),
                      "threads": sorted(t.name for t in threading.enumerate())}), flush=True)


def _run_child(name: str) -> dict:
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="2")
    try:
        done = subprocess.run([sys.executable, __file__, name], capture_output=True, text=True,
                              timeout=CHILD_TIMEOUT_S, env=env)
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"{name}: the child hung ({CHILD_TIMEOUT_S} s)\n{(e.stderr or b'')[-3000:]!r}")
    assert done.returncode == 0, done.stderr[-4000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.timeout(CHILD_TIMEOUT_S + 30)
def test_a_collection_holding_the_queue_lock_does_not_wait_for_the_iterator():
    result = _run_child("collect-holding-lock")
    assert result["first"] == [0.0, 1.0, 2.0]
    assert result["freed"]  # the iterator object went in that collection; its threads after it
    assert result["size"] == 1  # the element enqueued after it was not taken by the abandoned iterator
    assert [n for n in result["threads"] if n != "MainThread" and "reaper" not in n] == []


if __name__ == "__main__":
    {"collect-holding-lock": run_collect_holding_the_queue_lock}[sys.argv[1]]()


@pytest.mark.timeout(60)
def test_a_compiled_dataset_runs_without_the_autotune_model_thread():
    # TensorFlow's autotuning model thread sleeps twice as long after each optimization, and destroying
    # an iterator waits for that sleep: abandoned iterators then piled up behind the reaper (seconds
    # each; benchmarks/README.md, "After the autotune fix"). Also for a chain after compile().
    import numpy as np

    import tfdata_bridge as tfb

    dataset = tfb.compile(tfb.pipeline(tfb.Producer.call(lambda: np.float32(1), calls=3), dtypes="float32",
                                       shapes=[[]], capacity=4))
    assert dataset.options().autotune.enabled is False
    assert dataset.map(lambda x: x + 1).options().autotune.enabled is False
    assert [float(x) for x in dataset.map(lambda x: x + 1)] == [2.0, 2.0, 2.0]
