"""How many copies of one producer run their call at once.

A producer with ``threads=N`` runs as N threads, as legacy's ``num_threads`` ran N runner threads. That
pays where a call waits (on files, the network, a ``sleep``) or releases the GIL for real work (numpy on
large arrays): calls then overlap. Where the call is short Python work (a few small numpy arrays, a
parsed line), N threads cannot overlap it and they cost: each time the running call lets go of the GIL
(``np.random`` does inside every call) another producer thread takes it, a thread switch per element,
and the consumer waits behind them. Measured on the ``py_func`` + ``train.batch`` program (2 cores, a
call of about 7 us): 4 threads delivered about half the elements per second of 1 thread.

So the copies pass a ``Gate`` around each call. From time to time it lets one call run at a time for a
few calls (``MEASURE_CALLS``; fewer when the first ``CLEARLY_LONG_CALLS`` are all long: a 1 ms call
timed 16 times over would hold 4 threads to one for 16 ms at the start of every measurement) and takes
their median duration: a call shorter than ``SHORT_CALL_S``
gains nothing from running beside another, and for the next ``HOLD_S`` one copy calls while the others
wait; a longer call lets all N run at once, as legacy. The threads all stay, and each still makes its own
calls (a producer's ``StopIteration`` ends its copy, as before). A call that runs long anyway (a stall
on I/O, a slow record) never holds the others: a copy that finds the gate full behind a call running for
``LONG_CALL_S`` goes ahead, as it would have in legacy's own thread.
"""

from __future__ import annotations

import statistics
import threading
import time
from collections.abc import Callable

MEASURE_CALLS = 16  # calls timed, one at a time, per measurement
CLEARLY_LONG_CALLS = 3  # ... or this many, all longer than SHORT_CALL_S: the copies need not wait for more
SHORT_CALL_S = 50e-6  # a call shorter than this runs one at a time
HOLD_S = 2.0  # how long a decision holds before the calls are timed again
LONG_CALL_S = 0.005  # a copy waits no longer than this behind a call still running (and then looks
#                      at ``stopped()`` again)


class Gate:
    """Admits up to ``limit`` concurrent calls of one producer's ``copies`` threads."""

    def __init__(self, copies: int) -> None:
        self.copies = copies
        self.limit = 1  # first, the calls are timed one at a time
        self._cond = threading.Condition()
        self._active = 0
        self._started: dict[int, float] = {}  # the running calls' start times, by thread
        self._durations: list[float] | None = []  # while measuring; None while a decision holds
        self._until = 0.0  # when the decision stops holding

    def call(self, fn: Callable[[], object], stopped: Callable[[], bool]) -> object:
        """``fn()`` once the gate admits this thread; None, without calling it, once ``stopped()``."""
        me = threading.get_ident()
        with self._cond:
            while self._active >= self.limit:
                if stopped():
                    return None
                if time.perf_counter() - min(self._started.values(), default=float("inf")) >= LONG_CALL_S:
                    break  # the running call takes long: going ahead costs no GIL it would use
                self._cond.wait(LONG_CALL_S)
            self._active += 1
            start = self._started[me] = time.perf_counter()
        try:
            return fn()
        finally:
            end = time.perf_counter()
            with self._cond:
                self._active -= 1
                del self._started[me]
                self._note(end - start, end)
                if self.limit > 1:  # one at a time: this thread calls again, the others stay parked
                    self._cond.notify()

    def retire(self) -> None:
        """A copy has stopped calling (its producer ended, or the pipeline stopped): another may go on."""
        with self._cond:
            self._cond.notify_all()

    def _note(self, duration: float, now: float) -> None:
        """Count one finished call (lock held): decide after a measurement, measure again after a hold."""
        if self._durations is None:
            if now >= self._until:
                self._durations, self.limit = [], 1
            return
        self._durations.append(duration)
        clearly_long = len(self._durations) >= CLEARLY_LONG_CALLS and min(self._durations) >= SHORT_CALL_S
        if len(self._durations) < MEASURE_CALLS and not clearly_long:
            return
        short = statistics.median(self._durations) < SHORT_CALL_S
        self.limit = 1 if short else self.copies
        self._durations, self._until = None, now + HOLD_S
        self._cond.notify_all()
