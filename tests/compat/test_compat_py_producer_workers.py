"""The drop-in's zero-input py_func producers in worker processes (``tfdata_bridge.configure(workers=N)``,
``TFDATA_BRIDGE_WORKERS``): legacy's multiset where the function shards itself, and the refusal of a
function that cannot be pickled."""

from __future__ import annotations

import os

import numpy as np
import pytest
import tensorflow as tf
from batch_harness import BRIDGE, LEGACY, multiset, run
import py_func_shards
from process_leftovers import segments

import tfdata_bridge
from tfdata_bridge._src import config

pytestmark = pytest.mark.timeout(120)


def program(tf1, make, threads=2):
    x, y, pid = tf1.py_func(make, [], [tf.int64, tf.float32, tf.int64])
    for t in (x, y, pid):
        t.set_shape([])
    return tf1.train.batch([2 * x, y + 1, pid], 4, num_threads=threads, capacity=8, allow_smaller_final_batch=True)


def values(batches):
    return multiset([b[:2] for b in batches])


@pytest.fixture
def workers():
    def set_workers(n):
        tfdata_bridge.configure(workers=n)

    yield set_workers
    config.reset()


def test_a_sharded_py_func_in_two_workers_gives_legacys_multiset_once(workers):
    py_func_shards.reset()
    legacy = run(LEGACY, lambda tf1: program(tf1, py_func_shards.make))
    workers(2)
    py_func_shards.reset()
    ours = run(BRIDGE, lambda tf1: program(tf1, py_func_shards.make))
    assert len(values(legacy.batches)) == 30
    assert values(ours.batches) == values(legacy.batches)  # each element once: the workers shard
    pids = {int(p) for b in ours.batches for p in b[2]}
    assert len(pids) == 2 and os.getpid() not in pids  # made in two worker processes
    assert ours.end is legacy.end is tf.errors.OutOfRangeError
    assert segments() == []  # no segment left behind (this process made them; other tests run beside it)


def test_the_environment_variable_opts_in_and_configure_wins(monkeypatch, workers):
    monkeypatch.setenv(config.ENV_WORKERS, "3")
    assert config.workers() == 3
    workers(None)
    assert config.workers() is None
    monkeypatch.setenv(config.ENV_WORKERS, "two")
    config.reset()
    with pytest.raises(ValueError, match="TFDATA_BRIDGE_WORKERS='two' must be a whole number >= 1"):
        config.workers()
    with pytest.raises(ValueError, match=r"workers \(0\) must be >= 1"):
        tfdata_bridge.configure(workers=0)
    with pytest.raises(TypeError, match=r"workers \('2'\) must be an int >= 1 or None"):
        tfdata_bridge.configure(workers="2")


def test_a_function_that_cannot_be_pickled_is_refused_naming_it(workers):
    workers(2)
    lock = __import__("threading").Lock()

    def make():  # a nested function holding a lock: a worker cannot receive it
        with lock:
            return np.int64(1), np.float32(1), np.int64(0)

    with pytest.raises(TypeError) as caught:
        run(BRIDGE, lambda tf1: program(tf1, make))
    text = str(caught.value)
    assert "configure(workers=2)" in text and "cannot be pickled" in text and "py_func" in text
    assert "top level of a module" in text and "configure(workers=None)" in text
