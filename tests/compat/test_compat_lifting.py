"""Lifting: the producer subgraph handed to the batch functions runs inside tf.data (no Python runner
thread) where it can, and on a runner thread, with one warning naming the op, where it cannot."""

from __future__ import annotations

import gc
import threading
import warnings

import numpy as np
import pytest
import tensorflow as tf
from batch_harness import LEGACY, assert_same_batches, both, counter, multiset, pair, run

import tfdata_bridge.compat.v1 as bridge
from tfdata_bridge._src.compat import lifting
from tfdata_bridge._src.compat.fallback import FallbackRunner
from tfdata_bridge._src.warnings import FallbackWarning

OOR = tf.errors.OutOfRangeError


def python_threads():
    return {t for t in threading.enumerate() if not isinstance(t, threading._DummyThread)}  # noqa: SLF001


def test_a_liftable_shuffle_batch_with_four_threads_needs_no_runner_thread():
    before = python_threads()
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("error", FallbackWarning)
        a, b = pair(bridge, 64)
        xs, ys = bridge.train.shuffle_batch([a * 2, b], 8, capacity=32, min_after_dequeue=8, num_threads=4)
        # legacy's one runner (issue 16), which needs no thread
        assert [type(qr).__name__ for qr in bridge.get_collection(bridge.GraphKeys.QUEUE_RUNNERS)] == ["PipelineRunner"]
        with bridge.Session() as sess:
            coord = bridge.train.Coordinator()
            assert bridge.train.start_queue_runners(sess, coord) == []
            batches = [sess.run([xs, ys])]
            during = python_threads()  # producers are busy filling the shuffle buffer now
            with pytest.raises(OOR):
                while True:
                    batches.append(sess.run([xs, ys]))
            coord.request_stop()
            coord.join([])
    # no runner thread for the program to start or join: the py_func producer runs on the bridge's four
    # producer threads (its elements cross into tf.data a batch at a time), which the pipeline owns; the
    # session runs the consumer's fetch on one worker thread, which close() releases (session_release.py)
    new = {t.name for t in during - before} - {"tfdata_bridge-session-run"}
    assert all(name.startswith("tfdata_bridge-producer") for name in new) and len(new) <= 4, new

    def build(tf1):
        a, b = pair(tf1, 64)
        return tf1.train.shuffle_batch([a * 2, b], 8, capacity=32, min_after_dequeue=8, num_threads=4)

    legacy = run(LEGACY, build)
    assert multiset(batches) == multiset(legacy.batches)
    assert sorted(x for batch in batches for x in batch[0]) == list(range(0, 128, 2))


def test_code_that_never_starts_queue_runners_still_gets_its_batches():
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        xs = bridge.train.batch([pair(bridge, 6)[0]], 3)
        with bridge.Session() as sess:
            assert sess.run(xs).tolist() == [0, 1, 2]
            assert sess.run(xs).tolist() == [3, 4, 5]
            with pytest.raises(OOR):
                sess.run(xs)


def test_control_flow_and_random_ops_are_lifted_with_the_functions_they_call():
    def build(tf1):
        a, b = pair(tf1, 12)
        c = tf.cond(tf.equal(a % 2, 0), lambda: a * 10, lambda: a)
        noise = tf1.random_uniform([], seed=1)
        return tf1.train.batch([c, b, tf.cast(noise >= 0, tf.int32)], 4)

    with tf.Graph().as_default():
        a, b = pair(bridge, 1)
        c = tf.cond(tf.equal(a % 2, 0), lambda: a * 10, lambda: a)
        assert isinstance(lifting.analyze([c, tf.compat.v1.random_uniform([])]), lifting.Lift)
    legacy, ours = both(build)
    assert_same_batches(legacy.batches, ours.batches)
    assert ours.threads == 0


def test_a_py_func_stays_alive_when_user_code_drops_every_reference():
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        xs = bridge.train.batch([bridge.py_func(counter(4, lambda i: np.int64(i)), [], tf.int64)], 2, shapes=[[]])
        gc.collect()
        with bridge.Session() as sess:
            assert sess.run(xs).tolist() == [0, 1]


def test_a_producer_reading_a_bridge_queue_is_lifted_with_the_queue_as_its_source():
    def build(tf1, many):
        q = tf1.FIFOQueue(10, [tf.int64, tf.float32], shapes=[[], []])
        tf1.train.add_queue_runner(tf1.train.QueueRunner(q, [q.enqueue(pair(tf1, 24 if many else 23))] * 2))
        if many:
            x, y = q.dequeue_many(4)
            return tf1.train.batch([x * 2, y], 5, enqueue_many=True, allow_smaller_final_batch=True)
        x, y = q.dequeue()
        return tf1.train.batch([x * 2, y], 5, num_threads=3, allow_smaller_final_batch=True)

    for many in (False, True):
        with warnings.catch_warnings():
            warnings.simplefilter("error", FallbackWarning)
            legacy, ours = both(lambda tf1: build(tf1, many))
        assert multiset(ours.batches) == multiset(legacy.batches)
        assert len(multiset(ours.batches)) == (24 if many else 23)
        assert ours.structure == legacy.structure and ours.end is legacy.end is OOR


def test_a_variable_read_falls_back_to_a_runner_thread_with_one_warning_naming_the_op():
    def build(tf1):
        offset = tf1.Variable(1000, dtype=tf.int64, name="offset")
        a, b = pair(tf1, 13)
        return tf1.train.batch([a + offset.read_value(), b], 4, allow_smaller_final_batch=True)

    with tf.Graph().as_default(), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        build(bridge)
        runners = bridge.get_collection(bridge.GraphKeys.QUEUE_RUNNERS)
    fallbacks = [w for w in caught if w.category is FallbackWarning]
    assert len(fallbacks) == 1 and fallbacks[0].filename == __file__
    assert "op 'Read/ReadVariableOp' (ReadVariableOp) reads or changes state the session holds ('offset', a VarHandleOp" in str(fallbacks[0].message)
    assert "state the session holds" in str(fallbacks[0].message)
    assert [type(r) for r in runners] == [FallbackRunner]
    legacy, ours = both(build)
    assert_same_batches(legacy.batches, ours.batches)
    assert ours.end is legacy.end is OOR and ours.joined is None
    assert ours.threads == 2  # its runner thread and the coordinator's close-on-stop thread


def test_a_placeholder_cannot_be_lifted_and_fails_as_in_tensorflow():
    def build(tf1):
        p = tf1.placeholder(tf.int64, [])
        return tf1.train.batch([pair(tf1, 4)[0] + p], 2)

    legacy, ours = both(build)
    assert type(ours.joined) is type(legacy.joined) is tf.errors.InvalidArgumentError
    assert "placeholder" in ours.joined.message.lower()


def test_a_fallback_producer_error_reaches_coordinator_join():
    def build(tf1):
        v = tf1.Variable(0, dtype=tf.int64)

        def boom():
            raise ValueError("runner exploded")

        return tf1.train.batch([tf1.py_func(boom, [], tf.int64) + v], 2, shapes=[[]])

    legacy, ours = both(build)
    assert type(ours.joined) is type(legacy.joined) is tf.errors.InvalidArgumentError
    assert "ValueError: runner exploded" in ours.joined.message
    assert ours.end is legacy.end is OOR  # the consumer sees the end, as with a cancelled queue


@pytest.mark.parametrize("monitored", ["MonitoredSession", "MonitoredTrainingSession"])
def test_monitored_sessions_drive_lifted_and_fallback_pipelines(monitored):
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        v = bridge.Variable(100, dtype=tf.int64)
        lifted = bridge.train.batch([pair(bridge, 6)[0]], 3)
        fallback = bridge.train.batch([pair(bridge, 6)[0] + v], 3)
        bridge.train.get_or_create_global_step()
        make = bridge.train.MonitoredSession if monitored == "MonitoredSession" else bridge.train.MonitoredTrainingSession
        got = []
        with make() as sess:
            while not sess.should_stop():
                got.append(sess.run([lifted, fallback]))
    assert [(a.tolist(), b.tolist()) for a, b in got] == [([0, 1, 2], [100, 101, 102]), ([3, 4, 5], [103, 104, 105])]


def test_a_meta_graph_with_fallback_runners_exports_and_imports():
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        v = bridge.Variable(1, dtype=tf.int64)
        bridge.train.batch([pair(bridge, 6)[0] + v], 3)
        meta = bridge.train.export_meta_graph()
    assert len(meta.collection_def["queue_runners"].bytes_list.value) == 1
    with tf.Graph().as_default():
        bridge.train.import_meta_graph(meta)
        assert len(bridge.get_collection(bridge.GraphKeys.QUEUE_RUNNERS)) == 1


def test_a_reader_pipeline_lifts_into_tfdata_and_delivers_the_legacy_elements(tmp_path):
    path = tmp_path / "lines.txt"
    path.write_text("".join(f"{i}\n" for i in range(37)))

    def build(tf1):
        filenames = tf1.train.string_input_producer([str(path)], num_epochs=2, shuffle=False)
        _, line = tf1.TextLineReader().read(filenames)
        number = tf1.string_to_number(line, tf.int32)
        return tf1.train.shuffle_batch([number], 5, 30, 10, num_threads=2, allow_smaller_final_batch=True)

    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("error", FallbackWarning)
        build(bridge)
    legacy, ours = both(build)
    assert multiset(ours.batches) == multiset(legacy.batches)
    assert sorted(x for b in ours.batches for x in b) == sorted(list(range(37)) * 2)
    assert ours.end is legacy.end is OOR and ours.joined is legacy.joined is None


def test_tfdata_ends_a_v1_map_at_out_of_range_but_the_v2_map_turns_it_into_an_error():
    # What the lifted producers rely on (TF 2.21): an OutOfRange status raised inside a compat.v1 map
    # function (preserve_cardinality=False) ends the dataset; the v2 map raises InvalidArgumentError.
    def stop_at_3(x):
        def f(v):
            if v >= 3:
                raise StopIteration  # a py_func turns StopIteration into an OutOfRange status
            return v
        return tf.compat.v1.py_func(f, [x], tf.int64)

    for dataset_class, outcome in ((tf.compat.v1.data.Dataset, OOR), (tf.data.Dataset, tf.errors.InvalidArgumentError)):
        with tf.Graph().as_default():
            ds = dataset_class.range(10).map(stop_at_3)
            get_next = tf.compat.v1.data.make_one_shot_iterator(ds).get_next()
            with tf.compat.v1.Session() as sess:
                assert [sess.run(get_next) for _ in range(3)] == [0, 1, 2]
                with pytest.raises(outcome):
                    sess.run(get_next)


@pytest.mark.parametrize("threads", [1, 4])
def test_seeded_random_ops_give_the_legacy_values_with_one_thread_and_no_repeats_with_four(threads):
    def build(tf1):
        tf1.set_random_seed(7)
        a, _ = pair(tf1, 16)
        return tf1.train.batch([a, tf1.random_uniform([], seed=3)], 4, num_threads=threads)

    legacy, ours = both(build)
    values = [float(x) for batch in ours.batches for x in batch[1]]
    if threads == 1:
        assert_same_batches(legacy.batches, ours.batches)
    else:  # each copy has its own kernel: copies 1..3 get their own seed2, not copy 0's stream again
        assert len(set(values)) == 16
