"""The drop-in's start-up on file pipelines (time to the first batch): each dataset is built once, a
read or dequeue that a batch takes over builds none of its own, and no vectorization is tried where an op
has no batched form. Each is checked by what it saves (calls counted) and by the results, which must
stay legacy's (``batch_harness``: the same program run with ``tensorflow.compat.v1``)."""

from __future__ import annotations

import threading
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import tensorflow as tf

from batch_harness import BRIDGE, LEGACY, both, multiset, run
from tfdata_bridge._src.compat import input_producers, readers

pytestmark = pytest.mark.timeout(180)


def _tfrecords(path: Path, start: int, n: int) -> str:
    with tf.io.TFRecordWriter(str(path)) as writer:
        for i in range(start, start + n):
            writer.write(b"record %04d" % i)
    return str(path)


@pytest.fixture(scope="module")
def files(tmp_path_factory: Any) -> list[str]:
    root = tmp_path_factory.mktemp("startup")
    return [_tfrecords(root / f"part-{f}.tfrecord", 100 * f, 7 + f) for f in range(3)]


@pytest.fixture(scope="module")
def images(tmp_path_factory: Any) -> tuple[list[str], list[int]]:
    root = tmp_path_factory.mktemp("startup-images")
    rng = np.random.default_rng(0)
    paths = []
    for i in range(10):
        path = root / f"{i}.png"
        path.write_bytes(tf.io.encode_png(rng.integers(0, 255, (4 + i % 3, 5, 3), dtype=np.uint8)).numpy())
        paths.append(str(path))
    return paths, list(range(10))


class _Counted:
    """Counts the calls of ``module.name`` (wrapped, still called) while in use."""

    def __init__(self, monkeypatch: Any, module: Any, name: str) -> None:
        self.calls = 0
        original = getattr(module, name)

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            return original(*args, **kwargs)

        monkeypatch.setattr(module, name, counted)


# --- build once, build lazily ---------------------------------------------------------------------


def _image_batch(paths: list[str], labels: list[int]) -> Any:
    def build(tf1: Any) -> Any:
        path, label = tf1.train.slice_input_producer([paths, labels], num_epochs=2, shuffle=False)
        image = tf1.image.resize_images(tf1.image.decode_png(tf1.read_file(path), channels=3), [3, 3])
        return tf1.train.batch([image, label], 4, num_threads=3, allow_smaller_final_batch=True)

    return build


def test_an_input_producer_builds_its_epochs_once_for_its_dequeue_and_the_batch(monkeypatch, images):
    legacy = run(LEGACY, _image_batch(*images))
    epochs = _Counted(monkeypatch, input_producers, "epochs_dataset")
    ours = run(BRIDGE, _image_batch(*images))
    assert epochs.calls == 1  # was 3: the dequeue's iterator, the vectorization attempt, the per-record map
    assert multiset(ours.batches) == multiset(legacy.batches)
    assert ours.end is legacy.end is tf.errors.OutOfRangeError


def _read_parsed(files: list[str], count: int = 1) -> Any:
    def build(tf1: Any) -> Any:
        queue = tf1.train.string_input_producer(files, num_epochs=1, shuffle=False)
        values = [tf1.TFRecordReader().read(queue)[1] for _ in range(count)]
        numbers = [tf1.strings.to_number(tf1.strings.substr(v, 7, 4), tf1.int32) for v in values]
        if count == 1:
            return tf1.train.batch([numbers[0]], 5, allow_smaller_final_batch=True)
        return tf1.train.batch_join([[n] for n in numbers], 5, allow_smaller_final_batch=True)

    return build


@pytest.mark.parametrize("count", [1, 3])
def test_a_read_taken_over_by_a_batch_builds_no_records_of_its_own(monkeypatch, files, count):
    legacy = run(LEGACY, _read_parsed(files, count))
    made = _Counted(monkeypatch, readers.FileRead, "records_of")
    static = readers.FileRead._static_records  # (a known file list's records, no flat_map: issue 16)
    made_static = []
    monkeypatch.setattr(readers.FileRead, "_static_records",
                        lambda self, *shard: made_static.append(static(self, *shard)) or made_static[-1])
    ours = run(BRIDGE, _read_parsed(files, count))
    # one: the batch's own (was two per reader: each read's iterator built its keyed records too; then one
    # per reader, until the readers' lists, copies of one producer, became one list: lift_copies.py)
    assert made.calls + sum(r is not None for r in made_static) == 1
    assert multiset(ours.batches) == multiset(legacy.batches)
    assert sum(len(b[0] if isinstance(b, list) else b) for b in ours.batches) == 7 + 8 + 9


def _direct(files: list[str], finalize: bool, what: str) -> Any:
    """Reads and dequeues fetched one at a time (each gets its dataset at the first run)."""

    def program(tf1: Any) -> list[Any]:
        with tf.Graph().as_default() as graph, warnings.catch_warnings():
            warnings.simplefilter("ignore")
            queue = tf1.train.string_input_producer(files, num_epochs=2, shuffle=True, seed=5)
            if what == "read":
                fetch = list(tf1.TFRecordReader().read(queue))
            elif what == "read_up_to":
                fetch = list(tf1.TFRecordReader().read_up_to(queue, 4))
            elif what == "dequeue":
                fetch = queue.dequeue()
            else:
                fetch = queue.dequeue_many(2)
            init = tf1.local_variables_initializer()
            if finalize:
                graph.finalize()
            out: list[Any] = []
            with tf1.Session() as sess:
                sess.run(init)
                coord = tf1.train.Coordinator()
                threads = tf1.train.start_queue_runners(sess, coord)
                try:
                    for _ in range(200):
                        value = sess.run(fetch)
                        out.append(np.asarray(value).tolist() if what != "read" else [v for v in value])
                except tf.errors.OutOfRangeError:
                    out.append("end")
                coord.request_stop()
                coord.join(threads, stop_grace_period_secs=10)
            assert graph.finalized == finalize
        return out

    return program


@pytest.mark.parametrize("what", ["read", "read_up_to", "dequeue", "dequeue_many"])
@pytest.mark.parametrize("finalize", [False, True], ids=["open", "finalized"])
def test_a_read_or_dequeue_run_directly_gives_legacys_values_in_order(files, what, finalize):
    program = _direct(files, finalize, what)
    legacy, ours = program(LEGACY), program(BRIDGE)
    assert ours == legacy
    assert ours[-1] == "end" and len(ours) > 3


def _read_through(files: list[str], how: str) -> Any:
    def program(tf1: Any) -> list[Any]:
        with tf.Graph().as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            queue = tf1.train.string_input_producer(files, num_epochs=1, shuffle=False)
            _, value = tf1.TFRecordReader(name="records").read(queue)
            out: list[Any] = []
            if how == "monitored":
                with tf1.train.MonitoredSession() as sess:
                    while not sess.should_stop() and len(out) < 100:
                        out.append(sess.run(value))
                return out
            with tf1.Session() as sess:  # make_callable before any run
                read = sess.make_callable(value)
                sess.run(tf1.local_variables_initializer())
                coord = tf1.train.Coordinator()
                threads = tf1.train.start_queue_runners(sess, coord)
                try:
                    for _ in range(100):
                        out.append(read())
                except tf.errors.OutOfRangeError:
                    out.append("end")
                coord.request_stop()
                coord.join(threads, stop_grace_period_secs=10)
        return out

    return program


@pytest.mark.parametrize("how", ["monitored", "make_callable"])
def test_a_read_run_through_a_monitored_session_or_a_callable_gives_legacys_records(files, how):
    program = _read_through(files, how)
    legacy, ours = program(LEGACY), program(BRIDGE)
    assert ours == legacy
    assert len([r for r in ours if r != "end"]) == 7 + 8 + 9


def test_a_read_not_yet_run_refuses_tensorflows_own_session_saying_why(files):
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        queue = BRIDGE.train.string_input_producer(files, num_epochs=1, shuffle=False)
        _, value = BRIDGE.TFRecordReader().read(queue)
        with LEGACY.Session() as sess:  # TensorFlow's own: the drop-in never settles the graph
            with pytest.raises(tf.errors.InvalidArgumentError, match="run it with that session"):
                sess.run(value)
        with BRIDGE.Session() as sess:
            assert sess.run(value) == b"record 0000"


def test_a_dequeue_of_rows_of_unknown_shape_is_built_at_once():
    """The stand-in needs the rows' shape: a producer given ``element_shape`` over rows whose shape is not
    known when the graph is built makes its dequeue's dataset at once, and gives legacy's rows."""

    def program(tf1: Any) -> list[Any]:
        with tf.Graph().as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            rows = tf.strings.split(tf.constant(["a b", "c d", "e f"])).to_tensor()
            assert not rows.shape[1:].is_fully_defined()
            queue = tf1.train.input_producer(rows, element_shape=[2], num_epochs=1, shuffle=False)
            value = queue.dequeue()
            with tf1.Session() as sess:
                sess.run(tf1.local_variables_initializer())
                coord = tf1.train.Coordinator()
                threads = tf1.train.start_queue_runners(sess, coord)
                out = [sess.run(value).tolist() for _ in range(3)]
                coord.request_stop()
                coord.join(threads, stop_grace_period_secs=10)
        return out

    assert program(BRIDGE) == program(LEGACY) == [[b"a", b"b"], [b"c", b"d"], [b"e", b"f"]]


# --- vectorization ---------------------------------------------------------------------------------


def test_no_vectorization_is_tried_over_an_image_decoder(monkeypatch, images):
    tried = _Counted(monkeypatch, tf, "vectorized_map")
    legacy, ours = both(_image_batch(*images))
    assert tried.calls == 0  # decode_png and read_file have no batched form: the try cost a failed trace
    assert multiset(ours.batches) == multiset(legacy.batches)


def test_vectorization_is_still_tried_over_parse_ops(monkeypatch, files):
    tried = _Counted(monkeypatch, tf, "vectorized_map")

    def build(tf1: Any) -> Any:
        queue = tf1.train.string_input_producer(files, num_epochs=1, shuffle=False)
        _, value = tf1.TFRecordReader().read(queue)
        word, number = tf1.decode_csv(value, [[""], [0]], field_delim=" ")
        return tf1.train.batch([number * 2, word], 4, allow_smaller_final_batch=True)

    legacy, ours = both(build)
    assert tried.calls >= 1  # decode_csv and mul have batched forms: the ops run once per batch
    assert [list(map(np.ndarray.tolist, b)) for b in ours.batches] == \
        [list(map(np.ndarray.tolist, b)) for b in legacy.batches]



# --- fewer functions for grappler, the first run not held up by start_queue_runners -----------------


def _counted_epochs(images: tuple[list[str], list[int]]) -> Any:
    """The image batch read to its end; then the epoch counter's value and the graph's function library."""

    def program(tf1: Any) -> tuple[list[Any], int, list[Any]]:
        with tf.Graph().as_default() as graph, warnings.catch_warnings():
            warnings.simplefilter("ignore")
            labels = _image_batch(*images)(tf1)[1]
            (counter,) = [v for v in tf1.local_variables() if v.op.name.endswith("limit_epochs/epochs")]
            with tf1.Session() as sess:
                sess.run(tf1.local_variables_initializer())
                coord = tf1.train.Coordinator()
                threads = tf1.train.start_queue_runners(sess, coord)
                got = []
                try:
                    while True:
                        got.extend(sess.run(labels).tolist())
                except tf.errors.OutOfRangeError:
                    pass
                epochs = int(sess.run(counter))
                coord.request_stop()
                coord.join(threads, stop_grace_period_secs=10)
        return sorted(got), epochs, list(graph.as_graph_def().library.function)

    return program


def test_the_epoch_counter_counts_as_legacys_without_a_function_of_its_own(images):
    """The counter's "if initialized, count" is TensorFlow's v1 cond (Switch, Merge) inside the epoch map,
    not a ``tf.cond``, whose two branch functions the session's grappler optimized again at every new run
    signature that reached the pipeline (``start_queue_runners``, the first batch)."""
    program = _counted_epochs(images)
    legacy_labels, legacy_epochs, _ = program(LEGACY)
    labels, epochs, library = program(BRIDGE)
    assert (labels, epochs) == (legacy_labels, legacy_epochs) == (sorted(list(range(10)) * 2), 2)
    conds = [f.signature.name for f in library if any(n.op in ("If", "StatelessIf") for n in f.node_def)]
    assert conds == []


def test_start_queue_runners_returns_while_the_iterators_are_still_being_made(images):
    """Legacy's ``start_queue_runners`` started its runner threads and returned; the drop-in makes its
    pipelines' iterators (their warm start begins production) on a thread too, which the coordinator's
    ``join`` waits for. Held there, the program's own first run makes the iterator itself and gets
    legacy's first batch."""
    entered, gate = threading.Event(), threading.Event()
    program_thread = threading.current_thread()

    class Held(BRIDGE.Session):
        def run(self, fetches: Any, *args: Any, **kwargs: Any) -> Any:
            if threading.current_thread() is not program_thread and not gate.is_set():
                entered.set()
                assert gate.wait(60)
            return super().run(fetches, *args, **kwargs)

    def first_batch(tf1: Any, session: Any) -> list[int]:
        with tf.Graph().as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            path, label = tf1.train.slice_input_producer(list(images), num_epochs=1, shuffle=False)
            image = tf1.image.resize_images(tf1.image.decode_png(tf1.read_file(path), channels=3), [3, 3])
            labels = tf1.train.batch([image, label], 4)[1]  # (one thread: legacy's order is certain)
            with session() as sess:
                sess.run(tf1.local_variables_initializer())
                coord = tf1.train.Coordinator()
                threads = tf1.train.start_queue_runners(sess, coord)
                if tf1 is BRIDGE:
                    assert entered.wait(60)  # the iterators are being made on the held thread
                first = sess.run(labels).tolist()
                gate.set()
                coord.request_stop()
                coord.join(threads, stop_grace_period_secs=10)
        return first

    assert first_batch(BRIDGE, Held) == first_batch(LEGACY, LEGACY.Session) == [0, 1, 2, 3]


# --- what the session's grappler finds before the first batch ----------------------------------------


def _shuffled_file_batch(files: list[str]) -> Any:
    def build(tf1: Any) -> Any:
        queue = tf1.train.string_input_producer(files, num_epochs=2, shuffle=True, seed=4)
        number = tf1.strings.to_number(tf1.strings.substr(tf1.TFRecordReader().read(queue)[1], 7, 4), tf1.int32)
        return tf1.train.shuffle_batch([number], 4, capacity=12, min_after_dequeue=2, seed=5,
                                       allow_smaller_final_batch=True)

    return build


def test_a_shuffled_file_pipeline_puts_no_cond_in_the_graphs_library(files):
    """A shuffling ``string_input_producer`` keeps each epoch's file names in the order read (for
    ``partial_replay``) with one insert of one key, or of none past ``ORDER_NAMES``, not a ``tf.cond``:
    each branch function was one more function for grappler at every new run signature."""
    libraries = []

    def build(tf1: Any) -> Any:
        out = _shuffled_file_batch(files)(tf1)
        libraries.append(tf.compat.v1.get_default_graph())
        return out

    legacy, ours = run(LEGACY, build), run(BRIDGE, build)
    assert multiset(ours.batches) == multiset(legacy.batches) != multiset([])
    assert ours.end is legacy.end is tf.errors.OutOfRangeError
    library = libraries[1].as_graph_def().library.function
    assert library  # (the bridge's pipeline functions are there)
    assert [f.signature.name for f in library if any(n.op in ("If", "StatelessIf") for n in f.node_def)] == []


def test_the_drop_in_session_leaves_out_grappler_mlir_passes_unless_the_program_sets_rewrite_options(monkeypatch):
    """``tfg_optimizer`` converted the whole function library (the pipelines' functions) at every new run
    signature: the drop-in's sessions are made without it, and a program's own rewrite options stand."""
    from tfdata_bridge._src.compat.session import startup_config

    made: list[Any] = []
    original = tf.compat.v1.Session.__init__

    def recorded(self: Any, target: str = "", graph: Any = None, config: Any = None) -> None:
        made.append(config)
        original(self, target, graph, config)

    monkeypatch.setattr(tf.compat.v1.Session, "__init__", recorded)
    with BRIDGE.Session(graph=tf.Graph()):
        pass
    assert made[0].graph_options.rewrite_options.disable_tfg_optimizer is True

    own = tf.compat.v1.ConfigProto(intra_op_parallelism_threads=2)
    given = startup_config(own)
    assert given.graph_options.rewrite_options.disable_tfg_optimizer is True
    assert given.intra_op_parallelism_threads == 2
    assert own.graph_options.rewrite_options.disable_tfg_optimizer is False  # (the program's object untouched)

    own.graph_options.rewrite_options.constant_folding = own.graph_options.rewrite_options.OFF
    kept = startup_config(own)
    assert kept == own and kept.graph_options.rewrite_options.disable_tfg_optimizer is False

    interactive = startup_config(None, interactive=True)  # as TensorFlow's InteractiveSession without a config
    assert interactive.gpu_options.allow_growth is True
    assert interactive.graph_options.rewrite_options.disable_tfg_optimizer is True


def test_a_tfrecord_read_into_a_batch_traces_no_per_file_function_of_the_bridges(files):
    """A known file list is read by one ``TFRecordDataset`` over the names (a constant): no function per name,
    neither the bridge's ``flat_map`` nor TensorFlow's own (``read_one_file``) that was there before it
    (issue 16)."""
    graphs = []

    def build(tf1: Any) -> Any:
        out = _read_parsed(files)(tf1)
        graphs.append(tf.compat.v1.get_default_graph())
        return out

    legacy, ours = run(LEGACY, build), run(BRIDGE, build)
    assert ours.batches and [b.tolist() for b in ours.batches] == [b.tolist() for b in legacy.batches]
    assert ours.end is legacy.end is tf.errors.OutOfRangeError
    names = [f.signature.name for f in graphs[1].as_graph_def().library.function]
    assert not any("read_one_file" in n or "per_file" in n for n in names), names
