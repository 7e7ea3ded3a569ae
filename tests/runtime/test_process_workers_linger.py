"""How big a process worker's chunk grows (``process_worker._Pending``): whole batches at once while the
consumer waits, fuller chunks while it has data, a partial chunk after its linger. Each chunk costs the
consumer about the same whatever it holds, so fewer, larger chunks are cheaper; the first batch must
still be prompt. The policy is checked on its own (a recording link, no process), then end to end."""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest

import process_leftovers
import process_producers as pp
from tfdata_bridge._src.runtime import process_worker

WAIT_S = 30  # the most any test waits for an event that must come


class _Recorder:
    """The link's part ``_Pending`` uses: records the size of each chunk sent."""

    def __init__(self) -> None:
        self.lock = threading.RLock()
        self.ending = None
        self.sizes: list[int] = []
        self.sent = threading.Event()

    def send_chunk(self, items: list) -> None:
        self.sizes.append(len(items))
        self.sent.set()


def _job(**kwargs) -> process_worker.Job:
    defaults = dict(producer=None, signature=None, info=None, where="test", chunk_elements=16,
                    chunk_bytes=1 << 30, linger_s=60.0, max_linger_s=60.0, unit=4)
    return process_worker.Job(**{**defaults, **kwargs})


def _pending(job, hungry):
    link = _Recorder()
    return process_worker._Pending(job, link, hungry=lambda: hungry[0]), link


def _elements(n: int) -> list:
    return [(np.zeros(3, np.float32),) for _ in range(n)]


def test_while_the_consumer_waits_whole_batches_go_at_once_and_the_rest_stays():
    pending, link = _pending(_job(), [True])
    for _ in range(10):
        pending.add(_elements(1))
    assert link.sizes == [4, 4]  # each whole batch at once, the 2 left gathering
    pending.add(_elements(7))  # (an enqueue_many producer) 9: two whole batches go, one element stays
    assert link.sizes == [4, 4, 8]
    pending.end()
    assert link.sizes == [4, 4, 8, 1]


def test_while_the_consumer_has_data_a_chunk_fills_up_and_goes_whole():
    hungry = [False]
    pending, link = _pending(_job(), hungry)
    for _ in range(15):
        pending.add(_elements(1))
    assert link.sizes == []
    pending.add(_elements(1))
    assert link.sizes == [16]  # full: chunk_elements
    hungry[0] = True  # now the consumer waits: whole batches go again
    for _ in range(4):
        pending.add(_elements(1))
    assert link.sizes == [16, 4]
    pending.end()


def test_a_full_chunk_by_bytes_goes_whatever_the_consumer_does():
    pending, link = _pending(_job(chunk_bytes=5 * 12), [False])
    for _ in range(5):
        pending.add(_elements(1))
    assert link.sizes == [5]
    pending.end()


def test_without_batches_a_waiting_consumer_gets_a_chunk_after_the_linger_not_per_element():
    pending, link = _pending(_job(unit=1, linger_s=0.05), [True])
    pending.add(_elements(1))
    pending.add(_elements(1))
    assert link.sizes == []  # not one chunk per element
    assert link.sent.wait(WAIT_S)
    assert link.sizes == [2]
    pending.end()


def test_a_partial_chunk_waits_while_the_consumer_has_data_and_goes_once_it_waits():
    hungry = [False]
    pending, link = _pending(_job(linger_s=0.01), hungry)
    pending.add(_elements(3))
    time.sleep(0.2)  # twenty lingers: the consumer has data, so the chunk keeps gathering
    assert link.sizes == []
    hungry[0] = True
    assert link.sent.wait(WAIT_S)  # the timer sees the consumer waiting: the partial chunk goes
    assert link.sizes == [3]
    pending.end()


def test_no_chunk_waits_longer_than_max_linger():
    pending, link = _pending(_job(linger_s=0.01, max_linger_s=0.05), [False])
    pending.add(_elements(3))
    assert link.sent.wait(WAIT_S)
    assert link.sizes == [3]
    pending.end()


class _CountingLock:
    """An RLock that counts how often the linger timer's thread takes it: one per wake-up."""

    def __init__(self) -> None:
        self._lock = threading.RLock()
        self.timer_entries = 0

    def __enter__(self):
        if threading.current_thread().name == "tfdata_bridge-linger":
            self.timer_entries += 1
        return self._lock.__enter__()

    def __exit__(self, *exc):
        return self._lock.__exit__(*exc)


def test_the_timer_sleeps_while_nothing_is_gathered_and_until_the_patience_is_up():
    """Each wake-up of the timer takes the GIL from a producer that holds it (up to a 5 ms switch): it
    wakes for a first element and when that element's patience is up, not every tick (which would be
    forty times in the 0.2 s below, and sixty more before the patience)."""
    link = _Recorder()
    link.lock = _CountingLock()
    pending = process_worker._Pending(_job(linger_s=0.3), link, hungry=lambda: True)
    time.sleep(0.2)  # nothing gathered
    assert link.lock.timer_entries <= 1
    pending.add(_elements(1))  # short of a batch (4): the timer sends it once its patience (0.3 s) is up
    assert link.sent.wait(WAIT_S)
    assert link.sizes == [1]
    assert link.lock.timer_entries <= 5
    pending.end()


def test_the_linger_stretches_to_the_time_a_batch_takes_within_its_bounds():
    pending, _ = _pending(_job(unit=32, linger_s=0.02, max_linger_s=0.2), [True])
    pending._pace = 0.001  # 1 ms per element: a batch of 32 takes 32 ms
    assert 0.032 <= pending._patience() <= 0.06
    pending._pace = 0.0001
    assert pending._patience() == 0.02  # at least linger_s
    pending._pace = 0.1
    assert pending._patience() == 0.2  # at most max_linger_s
    pending.end()


@pytest.mark.timeout(240)
def test_what_workers_made_before_stalling_arrives_as_whole_batches_and_joined_partials():
    """Worker 0 makes 6 elements, worker 1 makes 2, then both sleep forever; batches of 4 (no chunk is
    full, the stream never ends): worker 0's whole batch goes at once, and the two partial chunks the
    workers send while the consumer waits make the other batch (which worker starts first varies)."""
    import tfdata_bridge as tfdb

    spec = tfdb.pipeline(pp.some_then_sleeps, dtypes="int64", shapes=[()], batch_size=4, capacity=64, workers=2)
    iterator = iter(tfdb.compile(spec))
    first, second = next(iterator).numpy().tolist(), next(iterator).numpy().tolist()
    assert len(first) == len(second) == 4
    assert sorted(first + second) == [0, 1, 2, 3, 4, 5, 100, 101]
    del iterator  # the sleeping workers are stopped
    assert process_leftovers.wait_gone([]) == ([], [])
