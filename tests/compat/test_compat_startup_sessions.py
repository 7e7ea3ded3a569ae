"""The session side of the drop-in's start-up: what its pipelines' first runs cost in TensorFlow, checked by
what decides that cost, with legacy's data.

- A ``Supervisor``'s and a monitored session's sessions are made with the drop-in ``Session``'s config
  (``session.startup_config``: grappler's MLIR passes off), a program's own rewrite options kept.
- A ``SessionManager``'s sessions (``prepare_session``, ``recover_session``, ``wait_for_session``) are the
  drop-in ``Session``, made with that config, and the graph is settled before its init ops run it, so a source
  with several consumers is one shared stream (``compat/session_manager.py``).
"""

from __future__ import annotations

import os
import warnings
from typing import Any

import numpy as np
import pytest
import tensorflow as tf

from batch_harness import BRIDGE, LEGACY

pytestmark = pytest.mark.timeout(180)


@pytest.fixture(scope="module")
def files(tmp_path_factory: Any) -> list[str]:
    root = tmp_path_factory.mktemp("startup_sessions")
    paths = []
    for f in range(2):
        path = root / f"part-{f}.tfrecord"
        with tf.io.TFRecordWriter(str(path)) as writer:
            for i in range(6):
                feature = tf.train.Feature(int64_list=tf.train.Int64List(value=[10 * f + i]))
                writer.write(tf.train.Example(features=tf.train.Features(feature={"x": feature})).SerializeToString())
        paths.append(str(path))
    return paths


def _file_batch(files: list[str]) -> Any:
    def build(tf1: Any) -> Any:
        queue = tf1.train.string_input_producer(files, num_epochs=1, shuffle=False)
        _, value = tf1.TFRecordReader().read(queue)
        x = tf1.parse_single_example(value, {"x": tf1.FixedLenFeature([], tf.int64)})["x"]
        return tf1.train.batch([x * 3 + 1], 4, allow_smaller_final_batch=True)

    return build


def _py_func_batch(tf1: Any) -> Any:
    values = iter(range(11))

    def produce() -> Any:
        try:
            return np.int64(next(values))
        except StopIteration:
            raise StopIteration from None

    value = tf1.py_func(produce, [], tf.int64, stateful=True)
    value.set_shape([])
    return tf1.train.batch([value * 2], 3, allow_smaller_final_batch=True)


@pytest.fixture()
def configs(monkeypatch: Any) -> list[Any]:
    """The ``ConfigProto`` of every ``tf.compat.v1.Session`` made (TensorFlow's own class, under every
    Supervisor and monitored session)."""
    made: list[Any] = []
    original = tf.compat.v1.Session.__init__

    def recorded(self: Any, target: str = "", graph: Any = None, config: Any = None) -> None:
        made.append(config)
        original(self, target, graph, config)

    monkeypatch.setattr(tf.compat.v1.Session, "__init__", recorded)
    return made


def _supervised(tf1: Any, files: list[str], config: Any = None) -> list[list[int]]:
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        batch = _file_batch(files)(tf1)
        sv = tf1.train.Supervisor(logdir=None, summary_op=None, save_model_secs=0, local_init_op=tf1.group(
            tf1.local_variables_initializer(), tf1.tables_initializer()))
        out = []
        with sv.managed_session(config=config) as sess:
            while not sv.should_stop():
                try:
                    out.append(sess.run(batch).tolist())
                except tf.errors.OutOfRangeError:
                    break
        return out


def test_a_supervisors_sessions_are_made_with_the_drop_ins_config_and_give_legacys_data(files, configs):
    legacy = _supervised(LEGACY, files)
    del configs[:]
    ours = _supervised(BRIDGE, files)
    assert ours == legacy and len(ours) == 3
    assert [c.graph_options.rewrite_options.disable_tfg_optimizer for c in configs] == [True]

    own = tf.compat.v1.ConfigProto(intra_op_parallelism_threads=2)
    own.graph_options.rewrite_options.constant_folding = own.graph_options.rewrite_options.OFF
    del configs[:]
    assert _supervised(BRIDGE, files, own) == legacy
    assert configs == [own] and configs[0].graph_options.rewrite_options.disable_tfg_optimizer is False
    assert issubclass(BRIDGE.train.Supervisor, LEGACY.train.Supervisor)


@pytest.mark.parametrize("kind", ["MonitoredTrainingSession", "SingularMonitoredSession"])
def test_a_monitored_sessions_sessions_are_made_with_the_drop_ins_config(files, configs, kind):
    def batches(tf1: Any) -> list[list[int]]:
        with tf.Graph().as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            batch = _file_batch(files)(tf1)
            out = []
            with getattr(tf1.train, kind)(config=tf.compat.v1.ConfigProto(inter_op_parallelism_threads=2)) as sess:
                while not sess.should_stop():
                    out.append(sess.run(batch).tolist())
            return out

    legacy = batches(LEGACY)
    del configs[:]
    assert batches(BRIDGE) == legacy and len(legacy) == 3
    assert [(c.graph_options.rewrite_options.disable_tfg_optimizer, c.inter_op_parallelism_threads)
            for c in configs] == [(True, 2)]


def _managed_session(tf1: Any, build: Any, make: Any) -> tuple[list[Any], Any]:
    """``build(tf1)`` -> (fetches, init ops); ``make(sm, init_op)`` -> the session from a ``SessionManager``
    (``local_init_op`` and ``ready_op`` as a program sets them); each fetch drained in turn after
    ``start_queue_runners``; what they gave and the session."""
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fetches = build(tf1)
        sm = tf1.train.SessionManager(local_init_op=tf1.local_variables_initializer(),
                                      ready_op=tf1.report_uninitialized_variables())
        sess = make(sm, tf1.global_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        out: list[Any] = []
        try:
            for fetch in fetches:
                try:
                    while True:
                        out.append(_plain(sess.run(fetch)))
                except tf.errors.OutOfRangeError:
                    out.append("end")
        finally:
            coord.request_stop()
            coord.join(threads, stop_grace_period_secs=10)
            sess.close()
        return out, sess


def _plain(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value.tolist() if hasattr(value, "tolist") else value


def _counted_file_batch(files: list[str]) -> Any:
    def build(tf1: Any) -> Any:
        step = tf1.train.get_or_create_global_step()
        return [[_file_batch(files)(tf1), tf1.assign_add(step, 1)]]

    return build


def test_a_session_managers_prepared_session_is_the_drop_ins_and_gives_legacys_data(files, configs):
    def prepare(sm: Any, init_op: Any) -> Any:
        return sm.prepare_session("", init_op=init_op, config=tf.compat.v1.ConfigProto(inter_op_parallelism_threads=2))

    legacy, _ = _managed_session(LEGACY, _counted_file_batch(files), prepare)
    del configs[:]
    ours, sess = _managed_session(BRIDGE, _counted_file_batch(files), prepare)
    assert ours == legacy and len(legacy) == 4 and legacy[-2][1] == 3
    assert type(sess) is BRIDGE.Session and issubclass(BRIDGE.train.SessionManager, LEGACY.train.SessionManager)
    assert [(c.graph_options.rewrite_options.disable_tfg_optimizer, c.inter_op_parallelism_threads)
            for c in configs] == [(True, 2)]


def test_two_dequeues_of_one_producer_under_a_session_manager_compete_as_legacys(files):
    # the init ops run the graph before start_queue_runners: the stream must be shared before they do
    def build(tf1: Any) -> Any:
        queue = tf1.train.input_producer([[1, 2], [3, 4], [5, 6]], num_epochs=1, shuffle=False)
        return [queue.dequeue_many(3), queue.dequeue()]

    def prepare(sm: Any, init_op: Any) -> Any:
        return sm.prepare_session("", init_op=init_op)

    legacy, _ = _managed_session(LEGACY, build, prepare)
    ours, _ = _managed_session(BRIDGE, build, prepare)
    assert ours == legacy == [[[1, 2], [3, 4], [5, 6]], "end", "end"]


def test_recover_session_and_wait_for_session_give_the_drop_ins_session_with_legacys_data(files, tmp_path):
    def build(tf1: Any) -> Any:
        weight = tf1.get_variable("weight", initializer=tf.constant(1, tf.int64))
        return [_file_batch(files)(tf1) * weight]

    def saved(tf1: Any, where: str) -> None:
        with tf.Graph().as_default():
            weight = tf1.get_variable("weight", initializer=tf.constant(1, tf.int64))
            with tf1.Session() as sess:
                sess.run(weight.initializer)
                sess.run(weight.assign(5))
                tf1.train.Saver().save(sess, os.path.join(where, "model"))

    got = {}
    for name, tf1 in (("legacy", LEGACY), ("bridge", BRIDGE)):
        where = str(tmp_path / name)
        saved(tf1, where)

        def recover(sm: Any, init_op: Any) -> Any:
            sess, recovered = sm.recover_session("", saver=tf1.train.Saver(), checkpoint_dir=where)
            assert recovered
            return sess

        got[name] = _managed_session(tf1, build, recover)

    assert got["bridge"][0] == got["legacy"][0] and got["legacy"][0][0] == [1 * 5, 4 * 5, 7 * 5, 10 * 5]
    assert type(got["bridge"][1]) is BRIDGE.Session

    def waited(tf1: Any) -> tuple[list[Any], Any]:
        with tf.Graph().as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            queue = tf1.train.string_input_producer(files, num_epochs=1, shuffle=False)
            reads = [tf1.TFRecordReader().read(queue)[1] for _ in range(2)]  # two readers: one shared stream
            xs = [tf1.parse_single_example(r, {"x": tf1.FixedLenFeature([], tf.int64)})["x"] for r in reads]
            batch = tf1.train.batch_join([[x] for x in xs], 3, allow_smaller_final_batch=True)
            sm = tf1.train.SessionManager(local_init_op=tf1.local_variables_initializer(), ready_op=None)
            sess = sm.wait_for_session("", max_wait_secs=30)
            coord = tf1.train.Coordinator()
            threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
            out = []
            try:
                while True:
                    out.extend(sess.run(batch).tolist())
            except tf.errors.OutOfRangeError:
                pass
            coord.request_stop()
            coord.join(threads, stop_grace_period_secs=10)
            sess.close()
            return sorted(out), sess

    legacy, _ = waited(LEGACY)
    ours, sess = waited(BRIDGE)
    assert ours == legacy == sorted(10 * f + i for f in range(2) for i in range(6))
    assert type(sess) is BRIDGE.Session
