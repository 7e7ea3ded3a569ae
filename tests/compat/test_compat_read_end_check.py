"""A ``read()`` the program runs itself ends as legacy's reader did (the filename queue's ``OutOfRangeError``
text), through v1 ``Switch`` / ``Merge``, not a ``tf.cond``: no branch functions traced, none for the session's
grappler (``pending_reads.ending_as_the_queue``). Each shape is run under legacy TensorFlow and the drop-in:
the records, in order where legacy's one reader delivers in order, each exactly once, and the end."""

from __future__ import annotations

import collections
import re
import warnings
from typing import Any

import pytest
import tensorflow as tf

from batch_harness import BRIDGE, LEGACY

pytestmark = pytest.mark.timeout(180)
END = re.compile(r"FIFOQueue '(_\d+_)?input_producer' is closed and has insufficient elements \(requested 1")


@pytest.fixture(scope="module")
def files(tmp_path_factory: Any) -> list[str]:
    root = tmp_path_factory.mktemp("read_end_check")
    paths = []
    for f in range(3):
        path = str(root / f"part-{f}.tfrecord")
        with tf.io.TFRecordWriter(path) as writer:
            for i in range(4 + f):
                feature = tf.train.Feature(int64_list=tf.train.Int64List(value=[10 * f + i]))
                writer.write(tf.train.Example(features=tf.train.Features(feature={"x": feature})).SerializeToString())
        paths.append(path)
    return paths


@pytest.fixture
def traced(monkeypatch: Any) -> collections.Counter:
    """The function graphs TensorFlow makes while the test runs, by name (a trailing ``_<n>`` dropped)."""
    from tensorflow.python.framework import func_graph  # (what tf.cond's branches are traced into)

    names: collections.Counter = collections.Counter()
    original = func_graph.FuncGraph.__init__

    def counted(graph: Any, name: Any = None, *args: Any, **kwargs: Any) -> None:
        names[re.sub(r"_\d+$", "", str(name))] += 1
        original(graph, name, *args, **kwargs)

    monkeypatch.setattr(func_graph.FuncGraph, "__init__", counted)
    return names


def _parsed(tf1: Any, value: Any) -> Any:
    return tf1.parse_single_example(value, {"x": tf1.FixedLenFeature([], tf.int64)})["x"]


def _one_reader(tf1: Any, files: list[str]) -> list[Any]:
    queue = tf1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    return [_parsed(tf1, tf1.TFRecordReader().read(queue)[1])]


def _two_readers(tf1: Any, files: list[str]) -> list[Any]:
    """Two readers on one filename queue, each run by the program: they compete for its file names."""
    queue = tf1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    return [_parsed(tf1, tf1.TFRecordReader(name=f"r{i}").read(queue)[1]) for i in range(2)]


def _read_in_a_helper_scope(tf1: Any, files: list[str]) -> list[Any]:
    """The read made in a helper, in a name scope, under a control dependency of the program's."""
    queue = tf1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    step = tf1.Variable(0, name="step", use_resource=True)

    def read(q: Any) -> Any:
        with tf1.name_scope("input"), tf1.control_dependencies([step.assign_add(1)]):
            return tf1.TFRecordReader().read(q)

    _, value = read(queue)
    return [_parsed(tf1, value)]


def _program(tf1: Any, build: Any, files: list[str]) -> tuple[list[int], str, type]:
    """Runs each read in turn until the first ``OutOfRangeError`` (then the others until theirs): the
    values read, the first end's message and type."""
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        reads = build(tf1, files)
        init = [tf1.global_variables_initializer(), tf1.local_variables_initializer()]
        got, message, kind = [], "", None
        with tf1.Session() as sess:
            sess.run(init)
            coord = tf1.train.Coordinator()
            threads = tf1.train.start_queue_runners(sess, coord)
            live = list(reads)
            for _ in range(200):
                if not live:
                    break
                read = live[len(got) % len(live)]
                try:
                    got.append(int(sess.run(read)))
                except tf.errors.OutOfRangeError as e:
                    message, kind = message or e.message, kind or type(e)
                    live.remove(read)
            coord.request_stop()
            coord.join(threads, stop_grace_period_secs=10)
    return got, message, kind


CASES = {"one_reader": _one_reader, "two_readers_one_queue": _two_readers, "helper_scope": _read_in_a_helper_scope}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_read_run_by_the_program_traces_no_condition_and_ends_as_legacys(files, traced, case):
    ours = _program(BRIDGE, CASES[case], files)
    branches = [n for n in traced.elements() if n.endswith(("_true", "_false"))]
    assert not branches, sorted(traced.elements())
    legacy = _program(LEGACY, CASES[case], files)
    expected = [10 * f + i for f in range(3) for i in range(4 + f)]
    if case == "two_readers_one_queue":  # (which reader gets which file is the runner's: each record once)
        assert sorted(ours[0]) == sorted(legacy[0]) == expected
    else:
        assert ours[0] == legacy[0] == expected
    assert ours[2] is legacy[2] is tf.errors.OutOfRangeError
    assert END.search(ours[1]) and END.search(legacy[1]), (ours[1], legacy[1])


def test_a_read_traced_in_a_function_keeps_its_condition_and_ends_as_legacys(files):
    """Inside a ``tf.function`` traced in graph mode the check stays a ``tf.cond`` (a function's automatic
    control dependencies would take the dead branch's ops as its control outputs): the records and the end
    are still legacy's."""

    def program(tf1: Any) -> tuple[list[int], type | None]:
        with tf.Graph().as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            queue = tf1.train.string_input_producer(files[:1], num_epochs=1, shuffle=False)
            reader = tf1.TFRecordReader()

            @tf.function
            def read() -> Any:
                return _parsed(tf1, reader.read(queue)[1])

            value = read()
            got, end = [], None
            with tf1.Session() as sess:
                sess.run(tf1.local_variables_initializer())
                coord = tf1.train.Coordinator()
                threads = tf1.train.start_queue_runners(sess, coord)
                try:
                    for _ in range(20):
                        got.append(int(sess.run(value)))
                except tf.errors.OutOfRangeError as e:
                    end = type(e)
                coord.request_stop()
                coord.join(threads, stop_grace_period_secs=10)
        return got, end

    ours, legacy = program(BRIDGE), program(LEGACY)
    assert ours == legacy == ([0, 1, 2, 3], tf.errors.OutOfRangeError)
