"""Issue 20 item 7: ``del`` of an idle iterator whose producer is blocked returns at once.

A compiled spec whose producer makes three elements and then waits on an event; the consumer takes the
three and drops the iterator. TensorFlow destroys an iterator by waiting for its threads, and one of
them waited in the bridge's channel for the blocked producer: ``del`` hung forever. Now the iterator's
producer runs stop when it goes (``runtime/iterations.py``): the wait ends, ``del`` returns, and the
producer thread is told to stop (it makes nothing more once its call returns). The same with the
iterator found by a garbage collection (a reference cycle), and with a chain after ``compile``
(``.map``). Each case runs in a fresh Python with a timeout: a hang must not take the test with it.
"""

from __future__ import annotations

import json
import os

import pytest
from child_results import results_of

CHILD_TIMEOUT_S = 120
GIVE_UP_S = 20


def scenario(how: str) -> dict:
    import gc
    import threading
    import time

    import numpy as np

    import tfdata_bridge as tfb
    from tfdata_bridge._src.runtime import gc_guard

    release = threading.Event()
    made = [0]
    producer_threads: list[threading.Thread] = []

    def produce():
        producer_threads.append(threading.current_thread())
        if made[0] >= 3:
            release.wait(120)  # blocked: nothing comes until the test releases it
        made[0] += 1
        return np.float32(made[0])

    dataset = tfb.compile(tfb.pipeline(tfb.Producer.call(produce), dtypes="float32", shapes=[[]], capacity=4))
    if how == "map":
        dataset = dataset.map(lambda x: x * 2)
    iterator = iter(dataset)
    got = [float(next(iterator)) for _ in range(3)]
    done = threading.Event()

    def drop():
        nonlocal iterator
        if how == "gc":
            cycle = {"it": iterator}
            cycle["self"] = cycle
            del cycle
            iterator = None
            gc.collect()
            gc_guard.flush(GIVE_UP_S)  # the reaper destroys what the collection found
        else:
            iterator = None  # del: the last reference goes on this thread
        done.set()

    began = time.monotonic()
    threading.Thread(target=drop, daemon=True).start()
    returned = done.wait(GIVE_UP_S)
    seconds = time.monotonic() - began
    release.set()
    stopped = all(not t.is_alive() or t.join(10) is None and not t.is_alive() for t in producer_threads)
    made_after = made[0]
    time.sleep(0.3)
    return {"got": got, "returned": returned, "within_s": round(seconds, 2), "producer_stopped": stopped,
            "made_no_more": made[0] == made_after and made[0] <= 5}


def run_child() -> None:
    results = {how: scenario(how) for how in ("del", "map", "gc")}
    print("RESULT " + json.dumps(results), flush=True)
    os._exit(0)


@pytest.mark.timeout(CHILD_TIMEOUT_S + 30)
def test_dropping_an_idle_iterator_with_a_blocked_producer_returns_at_once_and_stops_the_producer():
    results = results_of(__file__, CHILD_TIMEOUT_S)
    for how, outcome in results.items():
        assert outcome["got"] == ([2.0, 4.0, 6.0] if how == "map" else [1.0, 2.0, 3.0]), results
        assert outcome["returned"] and outcome["within_s"] < GIVE_UP_S / 2, (how, results)
        assert outcome["producer_stopped"] and outcome["made_no_more"], (how, results)


if __name__ == "__main__":
    run_child()
