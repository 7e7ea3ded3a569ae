"""Rebuilding graphs frees them (issue 20 item 5): a notebook or a hyper-parameter loop builds a new graph
with a pipeline again and again. Legacy keeps none of the old graphs once they are unreachable; the
drop-in kept every one (its per-graph tables held values that refer to their graph: 1,680 graphs and
219 MB after 100 rebuilds). Each program runs ``REBUILDS`` times in a fresh graph, under legacy and the
drop-in (3 batches, then the coordinator stops and the session closes, as the issue's programs), and no
graph of theirs may be alive after ``gc.collect()``. RSS figures: ``benchmarks/soak.py
--phase rebuilds`` and ``benchmarks/README.md``."""

from __future__ import annotations

import gc
import warnings
from typing import Any

import numpy as np
import pytest
import tensorflow as tf
import batch_harness

import tfdata_bridge.compat.v1 as bridge

LEGACY = tf.compat.v1
MODULES = pytest.mark.parametrize("tf1", [LEGACY, bridge], ids=["legacy", "drop-in"])
REBUILDS = 25  # benchmarks/soak.py runs 200
pytestmark = pytest.mark.timeout(300)


@pytest.fixture(scope="module")
def files(tmp_path_factory: Any) -> list[str]:
    root = tmp_path_factory.mktemp("rebuilds")
    out = []
    for f in range(2):
        path = str(root / f"r{f}.tfrecord")
        with tf.io.TFRecordWriter(path) as writer:
            for i in range(20):
                writer.write(tf.train.Example(features=tf.train.Features(feature={
                    "x": tf.train.Feature(int64_list=tf.train.Int64List(value=[f * 100 + i]))})).SerializeToString())
        out.append(path)
    return out


def file_pipeline(files: list[str]) -> Any:
    def build(tf1: Any) -> Any:
        queue = tf1.train.string_input_producer(files, shuffle=False)
        _, value = tf1.TFRecordReader().read(queue)
        x = tf1.parse_single_example(value, {"x": tf1.FixedLenFeature([], tf1.int64)})["x"]
        return tf1.train.shuffle_batch([x], 8, capacity=32, min_after_dequeue=8, seed=1)

    return build


def py_func_pipeline(tf1: Any) -> Any:
    made = iter(range(10**9))
    x = tf1.py_func(lambda: np.float32(next(made)), [], tf1.float32)
    x.set_shape([])
    return tf1.train.shuffle_batch([x * 2], 8, capacity=32, min_after_dequeue=8, seed=1)


def plain_graphs() -> set[int]:
    """ids of the ``tf.Graph`` objects alive (function graphs are counted with the graph they belong to): every
    one, the drop-in's own among them (``graph_batch._imported_shapes``' scratch graph is freed at once)."""
    gc.collect()
    return {id(o) for o in gc.get_objects() if type(o) is tf.Graph}


@MODULES
@pytest.mark.parametrize("program", ["files", "py_func"])
def test_rebuilt_graphs_are_freed_as_legacy_frees_them(tf1, program, files):
    build = file_pipeline(files) if program == "files" else py_func_pipeline
    before = plain_graphs()
    delivered = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(REBUILDS):
            run = batch_harness.run(tf1, build, limit=3)  # 3 batches, then stop the coordinator and close
            delivered.append([len(batch) for batch in run.batches])
            del run
    assert delivered == [[8, 8, 8]] * REBUILDS
    alive = plain_graphs() - before
    assert len(alive) == 0, f"{len(alive)} of {REBUILDS} rebuilt graphs are still alive after gc.collect()"



def test_dead_pipeline_graphs_do_not_wait_for_pythons_own_collection():
    """A graph holding a drop-in pipeline holds ~1.4 MB of native memory (its traced functions) until a
    full collection frees it; Python's own came only every few dozen rebuilds, so dead graphs piled up
    (soak: +41 MB over 200 rebuilds, legacy +5.5). With Python's automatic full collections held off,
    the drop-in collects its dead pipeline graphs itself: at most ``SLACK`` of them wait at any time."""
    from tfdata_bridge._src.compat import graph_collection

    rebuilds = graph_collection.SLACK + 3
    before = plain_graphs()
    thresholds = gc.get_threshold()
    gc.set_threshold(thresholds[0], thresholds[1], 10**9)  # no automatic full collection meanwhile
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for _ in range(rebuilds):
                with tf.Graph().as_default(), bridge.Session() as sess:
                    batch = py_func_pipeline(bridge)
                    coord = bridge.train.Coordinator()
                    threads = bridge.train.start_queue_runners(sess, coord)
                    assert sess.run(batch).shape == (8,)
                    coord.request_stop()
                    coord.join(threads, stop_grace_period_secs=10)
                    gc.collect(1)  # the graph is old now, as a trained model's is: only a full collection frees it
                del batch, sess, coord, threads
        waiting = {id(o) for o in gc.get_objects() if type(o) is tf.Graph} - before  # (no collection here)
    finally:
        gc.set_threshold(*thresholds)
    assert len(waiting) <= graph_collection.SLACK + 1, f"{len(waiting)} of {rebuilds} graphs wait for a collection"


def test_graphs_that_died_young_are_collected_without_a_full_collection():
    """A full collection costs 170-190 ms of CPU with TensorFlow loaded (it traverses every object the import
    made); a run of small programs in one process paid one every few graphs. Graphs that died before Python
    promoted them to its oldest generation (a small program's, a rebuild loop's) are found by collecting the
    young generations alone: with Python's automatic collections held off, every graph stays young, so the
    drop-in bounds the waiting graphs as before and runs no full collection at all."""
    from tfdata_bridge._src.compat import graph_collection

    rebuilds = graph_collection.SLACK + 3
    before = plain_graphs()
    full = []

    def count(phase: str, info: dict) -> None:
        if phase == "start" and info["generation"] == 2:
            full.append(info)

    thresholds = gc.get_threshold()
    gc.set_threshold(10**9, 10**9, 10**9)  # no automatic collection meanwhile: every object stays young
    gc.callbacks.append(count)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for _ in range(rebuilds):
                with tf.Graph().as_default(), bridge.Session() as sess:
                    assert sess.run(py_func_pipeline(bridge)).shape == (8,)
        waiting = {id(o) for o in gc.get_objects() if type(o) is tf.Graph} - before  # (no collection here)
    finally:
        gc.callbacks.remove(count)
        gc.set_threshold(*thresholds)
    assert len(waiting) <= graph_collection.SLACK + 1, f"{len(waiting)} of {rebuilds} graphs wait for a collection"
    assert full == [], f"{len(full)} full collections for {rebuilds} graphs that died young"


def test_dead_old_graphs_left_by_a_young_collection_still_count():
    """Half the graphs die young (a young collection frees them), half are promoted while in use (only a full
    collection frees them once dead): the old dead ones left after a young collection are not graphs in use, so
    they must not raise the bound; more than ``SLACK`` of them still bring a full collection."""
    from tfdata_bridge._src.compat import graph_collection

    rebuilds = 4 * graph_collection.SLACK
    before = plain_graphs()
    most = 0
    thresholds = gc.get_threshold()
    gc.set_threshold(10**9, 10**9, 10**9)  # no automatic collection meanwhile
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for i in range(rebuilds):
                with tf.Graph().as_default(), bridge.Session() as sess:
                    assert sess.run(py_func_pipeline(bridge)).shape == (8,)
                    if i % 2:
                        gc.collect(1)  # promoted while in use, as a trained model's graph is
                del sess
                most = max(most, len({id(o) for o in gc.get_objects() if type(o) is tf.Graph} - before))
    finally:
        gc.set_threshold(*thresholds)
    assert most <= graph_collection.SLACK + 1, f"{most} graphs waited for a collection (of {rebuilds} rebuilds)"


def join_pipeline(files: list[str]) -> Any:
    def build(tf1: Any) -> Any:
        queue = tf1.train.string_input_producer(files, shuffle=False)
        lists = []
        for _ in range(2):
            _, value = tf1.TFRecordReader().read(queue)
            x = tf1.parse_single_example(value, {"x": tf1.FixedLenFeature([], tf1.int64)})["x"]
            lists.append([x + 1])
        return tf1.train.batch_join(lists, 8)

    return build


def test_shape_inference_leaves_no_graph_for_the_collector(files, monkeypatch):
    """A batch whose lifted ops may run on the whole batch has their shapes inferred in a scratch graph
    (``graph_batch._imported_shapes``, once per batch call). A graph is a reference cycle: each scratch graph
    waited for Python's next collection of its generation, and counted as a dead graph meanwhile. With the
    collector off, building pipelines of several forms (a reader's records parsed, a ``py_func``'s values, a
    ``batch_join`` of two reads) in one graph leaves no ``tf.Graph`` alive but that graph."""
    from tfdata_bridge._src.compat import graph_batch

    inferred = []
    original = graph_batch._imported_shapes

    def spy(lift: Any) -> Any:
        shapes = original(lift)
        inferred.append(shapes is not None)
        return shapes

    monkeypatch.setattr(graph_batch, "_imported_shapes", spy)
    before = plain_graphs()
    gc.disable()
    try:
        with warnings.catch_warnings(), tf.Graph().as_default() as graph:
            warnings.simplefilter("ignore")
            for build in (file_pipeline(files), py_func_pipeline, join_pipeline(files), file_pipeline(files)):
                build(bridge)
            alive = {id(o) for o in gc.get_objects() if type(o) is tf.Graph} - before
    finally:
        gc.enable()
    assert len(inferred) >= 4 and all(inferred), inferred
    assert alive == {id(graph)}, f"{len(alive) - 1} graphs besides the program's wait for a collection"
