"""The session side of the drop-in's start-up: what its pipelines' first runs cost in TensorFlow, checked by
what decides that cost, with legacy's data.

- A ``Supervisor``'s and a monitored session's sessions are made with the drop-in ``Session``'s config
  (``session.startup_config``: grappler's MLIR passes off), a program's own rewrite options kept.
"""

from __future__ import annotations

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
