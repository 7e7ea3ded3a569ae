"""The gate around a producer's calls (``runtime/concurrency.py``): short calls run one at a time, calls
that wait or work outside the GIL keep running side by side, and a waiting copy never hangs a stop."""

from __future__ import annotations

import threading
import time

import pytest

from tfdata_bridge._src.runtime import concurrency
from tfdata_bridge._src.runtime.concurrency import Gate

pytestmark = pytest.mark.timeout(60)


def _run_copies(gate: Gate, fn, copies: int, calls: int) -> list[threading.Thread]:
    def copy() -> None:
        for _ in range(calls):
            gate.call(fn, lambda: False)
        gate.retire()

    threads = [threading.Thread(target=copy) for _ in range(copies)]
    for t in threads:
        t.start()
    return threads


class Overlap:
    """Counts how many calls run at once, after the gate's first measurement."""

    def __init__(self, work) -> None:
        self.lock = threading.Lock()
        self.running = 0
        self.most = 0
        self.calls = 0
        self.work = work

    def __call__(self) -> int:
        with self.lock:
            self.calls += 1
            self.running += 1
            if self.calls > 2 * concurrency.MEASURE_CALLS:
                self.most = max(self.most, self.running)
        try:
            self.work()
        finally:
            with self.lock:
                self.running -= 1
        return 0


def test_short_calls_run_one_at_a_time_and_every_copy_makes_its_calls():
    gate = Gate(4)
    fn = Overlap(lambda: sum(range(10)))  # microseconds of Python
    threads = _run_copies(gate, fn, copies=4, calls=500)
    for t in threads:
        t.join(30)
    assert not any(t.is_alive() for t in threads)
    assert fn.calls == 2000  # nothing skipped: each copy made all its calls
    assert fn.most == 1 and gate.limit == 1


def test_calls_that_wait_run_side_by_side_as_legacy_threads_did():
    gate = Gate(4)
    fn = Overlap(lambda: time.sleep(0.002))  # waits (I/O, a sleep): overlapping them pays
    threads = _run_copies(gate, fn, copies=4, calls=40)
    for t in threads:
        t.join(30)
    assert fn.calls == 160
    assert gate.limit == 4 and fn.most > 1


def test_a_copy_waiting_at_the_gate_ends_when_the_pipeline_stops():
    gate = Gate(2)
    inside, release = threading.Event(), threading.Event()

    def slow() -> int:
        inside.set()
        release.wait(30)
        return 1

    first = threading.Thread(target=gate.call, args=(slow, lambda: False))
    first.start()
    assert inside.wait(10)  # limit 1 while measuring: the second copy waits behind the first
    stop = threading.Event()
    got = []
    second = threading.Thread(target=lambda: got.append(gate.call(lambda: 2, stop.is_set)))
    # the stop comes before the second copy reaches the gate: a copy waits at most LONG_CALL_S behind a call
    # still running and then goes ahead, so a stop set after it started raced that (a loaded machine lost it)
    stop.set()
    second.start()
    second.join(5)
    assert not second.is_alive() and got == [None]  # ended without calling
    release.set()
    first.join(5)


def test_a_parked_copy_goes_on_when_the_calling_one_retires():
    gate = Gate(2)
    for _ in range(concurrency.MEASURE_CALLS):
        gate.call(lambda: 0, lambda: False)
    assert gate.limit == 1  # short calls: one at a time from now on
    running = threading.Event()
    hold = threading.Event()

    def blocker() -> int:
        running.set()
        hold.wait(30)
        return 0

    a = threading.Thread(target=gate.call, args=(blocker, lambda: False))
    a.start()
    assert running.wait(10)
    done = threading.Event()
    b = threading.Thread(target=lambda: (gate.call(lambda: 0, lambda: False), done.set()))
    b.start()
    hold.set()
    a.join(5)
    gate.retire()  # copy a ends here
    assert done.wait(10)


def test_a_call_that_runs_long_does_not_hold_the_other_copies():
    gate = Gate(2)
    for _ in range(concurrency.MEASURE_CALLS):
        gate.call(lambda: 0, lambda: False)
    assert gate.limit == 1
    running, release = threading.Event(), threading.Event()

    def stalled() -> int:  # an I/O stall: legacy's other threads went on meanwhile
        running.set()
        release.wait(30)
        return 0

    a = threading.Thread(target=gate.call, args=(stalled, lambda: False))
    a.start()
    try:
        assert running.wait(10)
        done = threading.Event()
        b = threading.Thread(target=lambda: (gate.call(lambda: 0, lambda: False), done.set()))
        b.start()
        assert done.wait(10)  # while the stalled call is still running
        assert a.is_alive()
    finally:
        release.set()
        a.join(5)


def test_clearly_long_calls_run_side_by_side_after_a_few_timed_ones():
    """Calls of a millisecond (numpy work outside the GIL, a read) are known long after
    ``CLEARLY_LONG_CALLS`` of them: the copies need not wait one at a time for ``MEASURE_CALLS``."""
    gate = Gate(4)
    for _ in range(concurrency.CLEARLY_LONG_CALLS):
        assert gate.limit == 1
        gate.call(lambda: time.sleep(0.001), lambda: False)
    assert gate.limit == 4


def test_a_short_call_among_the_first_keeps_the_full_measurement():
    gate = Gate(4)
    gate.call(lambda: time.sleep(0.001), lambda: False)
    for _ in range(3):  # (three: on a busy machine one of them may be preempted and time long)
        gate.call(lambda: 0, lambda: False)
    for _ in range(concurrency.CLEARLY_LONG_CALLS):
        gate.call(lambda: time.sleep(0.001), lambda: False)
    assert gate.limit == 1  # still measuring: MEASURE_CALLS decide
    for _ in range(concurrency.MEASURE_CALLS):
        gate.call(lambda: time.sleep(0.001), lambda: False)
    assert gate.limit == 4
