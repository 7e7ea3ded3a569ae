"""One QueueRunner thread loop (``compat/runner_loop.py``) runs the drop-in's ``QueueRunner`` and the fallback's
runner: their behaviours are tested in ``test_compat_runners.py``, ``test_compat_lifting.py`` and
``test_reliability_*``; here, that there is one loop, and that the fallback's differences are its hooks."""

from __future__ import annotations

import threading

from tfdata_bridge._src.compat.fallback import FallbackRunner
from tfdata_bridge._src.compat.runner_loop import RunnerLoop
from tfdata_bridge._src.compat.runners import QueueRunner


def test_both_runners_run_the_one_loop():
    for cls in (QueueRunner, FallbackRunner):
        assert issubclass(cls, RunnerLoop)
        for method in ("create_threads", "_run", "_close_on_stop", "_count_out"):
            assert getattr(cls, method) is getattr(RunnerLoop, method), (cls, method)


class _Session:
    """A session whose ``make_callable`` runs a Python function: the loop needs nothing else."""

    def make_callable(self, op):
        return op


class _Runner(RunnerLoop):
    name = "test"

    def __init__(self, ops, closed):
        self._enqueue_ops = ops
        self._close_op = closed.set
        self._cancel_op = lambda: None
        self._init_loop()


def test_the_last_thread_to_end_closes_the_queue_once_and_a_second_start_waits_for_the_first():
    from tfdata_bridge._src.tf import tf

    closed = threading.Event()
    release = threading.Event()
    closes = []

    def enqueue():
        release.wait(10)
        raise tf.errors.OutOfRangeError(None, None, "closed")

    runner = _Runner([enqueue, enqueue], closed)
    runner._close_op = lambda: (closes.append(1), closed.set())
    sess = _Session()
    threads = runner.create_threads(sess, start=True)
    assert len(threads) == 2 and runner.create_threads(sess) == []  # its threads still run
    release.set()
    for t in threads:
        t.join(10)
    assert closed.wait(10) and closes == [1]
    assert len(runner.create_threads(sess)) == 2  # all ended: a new start makes threads again
