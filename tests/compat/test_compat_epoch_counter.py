"""An input producer's epoch counter (the local variable ``<scope>/limit_epochs/epochs`` legacy's
``num_epochs`` makes) read by the program, run through ``tensorflow.compat.v1`` and through the drop-in and
compared (issue 16): after the data ended it holds the number of epochs produced, and during the run never
more than legacy could hold (the epochs begun so far). The drop-in's producers may begin an epoch before the
program initializes the counter (a producer several consumers share is filled from the session's first run):
such an epoch counts once the pipelines start, as legacy's runner, started then, would count it."""

from __future__ import annotations

import os
import warnings
from typing import Any

import numpy as np
import pytest
import tensorflow as tf
from batch_harness import BRIDGE, LEGACY

OOR = tf.errors.OutOfRangeError


def _by_name(tf1: Any) -> Any:
    return [v for v in tf1.local_variables() if v.op.name.endswith("epochs")][0]


def _by_collection(tf1: Any) -> Any:
    (counter,) = [v for v in tf1.get_collection(tf1.GraphKeys.LOCAL_VARIABLES) if "limit_epochs" in v.name]
    return counter


def _lines(tf1: Any, paths: list[str], epochs: int, produced: bool = True) -> Any:
    """The round-65 shape: a shuffled file list, a reader (its num_records_produced() made too), a
    shuffle_batch of two threads."""
    queue = tf1.train.string_input_producer(paths, num_epochs=epochs, shuffle=True, seed=65)
    reader = tf1.TextLineReader()
    _, value = reader.read(queue)
    if produced:
        reader.num_records_produced()
    name, n = tf1.decode_csv(value, record_defaults=[[""], [0]])
    return tf1.train.shuffle_batch([name, n], batch_size=2, capacity=9, min_after_dequeue=3, num_threads=2,
                                   seed=65)[1]


def _two_readers(tf1: Any, paths: list[str]) -> Any:
    """Two readers of one producer (they share its file names), joined into one batch."""
    queue = tf1.train.string_input_producer(paths, num_epochs=2, shuffle=False)
    values = [tf1.TextLineReader().read(queue)[1] for _ in range(2)]
    return tf1.train.batch_join([[v] for v in values], batch_size=4)


def _helper_producer(tf1: Any, paths: list[str]) -> Any:  # the producer made in a helper, in its own scope
    with tf1.name_scope("inputs"):
        return tf1.train.string_input_producer(paths, num_epochs=2, shuffle=False)


def _names(tf1: Any, paths: list[str], epochs: int) -> Any:
    """File names dequeued one at a time (read directly, no batch)."""
    return tf1.train.string_input_producer(paths, num_epochs=epochs, shuffle=False).dequeue()


def _helper_lines(tf1: Any, paths: list[str]) -> Any:
    _, value = tf1.TextLineReader().read(_helper_producer(tf1, paths))
    return tf1.train.batch([value], batch_size=3)


def _range(tf1: Any, paths: list[str]) -> Any:
    return tf1.train.batch([tf1.train.range_input_producer(6, num_epochs=2, shuffle=False).dequeue()],
                           batch_size=3)


def _slices(tf1: Any, paths: list[str]) -> Any:
    a, b = tf1.train.slice_input_producer([np.arange(8), np.arange(8) * 10], num_epochs=3, shuffle=True, seed=3)
    return tf1.train.batch([a + b], batch_size=4)


def _rows(tf1: Any, paths: list[str]) -> Any:
    queue = tf1.train.input_producer(tf1.constant([[1, 2], [3, 4], [5, 6]]), num_epochs=2, shuffle=False)
    return tf1.train.batch([queue.dequeue()], batch_size=2)


PIPELINES = {
    "string_lines_1": lambda tf1, p: _lines(tf1, p, 1),
    "string_lines_2": lambda tf1, p: _lines(tf1, p, 2),
    "string_lines_unshared": lambda tf1, p: _lines(tf1, p, 1, produced=False),
    "two_readers": _two_readers,
    "string_names_1": lambda tf1, p: _names(tf1, p, 1),
    "string_names_2": lambda tf1, p: _names(tf1, p, 2),
    "helper": _helper_lines,
    "range": _range,
    "slice": _slices,
    "input_producer": _rows,
}


@pytest.fixture(scope="module")
def paths(tmp_path_factory):
    root = tmp_path_factory.mktemp("epoch_counter")
    out = []
    for shop in ("a", "b", "c"):
        path = os.path.join(str(root), shop + ".csv")
        with open(path, "w") as f:
            for i in range(4):
                f.write("%s-%d,%d\n" % (shop, i, i))
        out.append(path)
    return out


def _program(tf1: Any, make: Any, find: Any, paths: list[str]) -> dict[str, Any]:
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fetch = make(tf1, paths)
        counter = find(tf1)
        got = 0
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            sess.run(tf1.local_variables_initializer())
            initialized = int(sess.run(counter))
            coord = tf1.train.Coordinator()
            threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
            during = []
            try:
                while True:
                    sess.run(fetch)
                    got += 1
                    during.append(int(sess.run(counter)))
            except OOR:
                pass
            finally:
                coord.request_stop()
                coord.join(threads)
            return {"initialized": initialized, "runs": got, "end": int(sess.run(counter)), "during": during}


@pytest.mark.parametrize("find", [_by_name, _by_collection], ids=["local_variables", "collection"])
@pytest.mark.parametrize("pipeline", list(PIPELINES))
def test_the_epoch_counter_reads_as_in_legacy(pipeline, find, paths):
    make = PIPELINES[pipeline]
    legacy = _program(LEGACY, make, find, paths)
    ours = _program(BRIDGE, make, find, paths)
    # read between the initializer and start_queue_runners: legacy's runner has not begun; a producer the
    # drop-in shares is filled from the session's first run, and its epochs may have begun (not yet fixed)
    assert legacy["initialized"] == 0 and 0 <= ours["initialized"] <= legacy["end"]
    assert ours["runs"] == legacy["runs"] > 0
    assert ours["end"] == legacy["end"] > 0  # every epoch produced
    # during the run: at least one epoch begun (a batch came), never more than were produced, never down
    assert all(1 <= e <= legacy["end"] for e in ours["during"])
    assert ours["during"] == sorted(ours["during"])


def test_an_epoch_begun_before_the_initializer_counts_once_the_runners_start(paths):
    """A producer two reader threads share is filled from the session's first run (the global initializer's),
    before the local initializer: read after start_queue_runners (and a grace for legacy's runner), the
    counter holds the epoch begun, as legacy's."""

    def program(tf1: Any) -> int:
        with tf.Graph().as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fetch = _lines(tf1, paths, 1)
            counter = _by_name(tf1)
            with tf1.Session() as sess:
                sess.run(tf1.global_variables_initializer())
                sess.run(tf1.local_variables_initializer())
                coord = tf1.train.Coordinator()
                threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
                sess.run(fetch)
                value = int(sess.run(counter))
                coord.request_stop()
                coord.join(threads)
                return value

    assert program(BRIDGE) == program(LEGACY) == 1


def test_a_second_session_counts_from_its_own_initializer(paths):
    def program(tf1: Any) -> list[int]:
        with tf.Graph().as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fetch = _names(tf1, paths, 2)
            counter = _by_collection(tf1)
            ends = []
            for _ in range(2):
                with tf1.Session() as sess:
                    sess.run(tf1.local_variables_initializer())
                    coord = tf1.train.Coordinator()
                    threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
                    try:
                        while True:
                            sess.run(fetch)
                    except OOR:
                        pass
                    coord.request_stop()
                    coord.join(threads)
                    ends.append(int(sess.run(counter)))
            return ends

    assert program(BRIDGE) == program(LEGACY) == [2, 2]
