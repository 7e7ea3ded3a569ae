"""What the drop-in builds before a file pipeline's first batch, and that what it now builds later still
works: the retry of a failed vectorized batch made at the first failure (also in a graph a
``MonitoredSession`` finalized), the epoch map's order table without its guard where every epoch fits."""

from __future__ import annotations

import warnings
from typing import Any

import pytest
import tensorflow as tf

import tfdata_bridge.compat.v1 as BRIDGE

LEGACY = tf.compat.v1
ROWS = 23  # rows per file; the second file's row BAD has a column too many


@pytest.fixture(scope="module")
def csv_files(tmp_path_factory: Any) -> list[str]:
    root = tmp_path_factory.mktemp("startup_ops")
    paths = []
    for f in range(2):
        lines = [f"{f * ROWS + i},{(f * ROWS + i) * 2}" for i in range(ROWS)]
        if f == 1:
            lines[7] += ",9"  # a row with a column too many: DecodeCSV fails on it
        path = root / f"part-{f}.csv"
        path.write_text("\n".join(lines) + "\n")
        paths.append(str(path))
    return paths


def _batch(tf1: Any, files: list[str], allow_smaller: bool) -> Any:
    queue = tf1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = tf1.TextLineReader().read(queue)
    a, b = tf1.decode_csv(line, [[0], [0]])
    return tf1.train.batch([a, b], 5, allow_smaller_final_batch=allow_smaller)


def _monitored(tf1: Any, files: list[str], allow_smaller: bool) -> tuple[list[list[int]], type, str, list[str]]:
    """The batches a MonitoredSession loop gets, the error leaving it raised, its message's first line, and
    the names of the graph's ops under ``batch/retry`` when the graph was finalized."""
    with tf.Graph().as_default() as graph, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        a, _ = _batch(tf1, files, allow_smaller)
        got: list[list[int]] = []
        retry_ops: list[str] = []
        with pytest.raises(tf.errors.OpError) as raised:
            with tf1.train.MonitoredSession() as mon:
                assert graph.finalized
                retry_ops = [op.name for op in graph.get_operations() if "/retry/" in op.name]
                while not mon.should_stop():
                    got.append(mon.run(a).tolist())
        return got, raised.type, raised.value.message.split("\n")[0], retry_ops


@pytest.mark.parametrize("allow_smaller", [True, False])
def test_a_failed_batch_is_retried_in_a_finalized_graph_with_ops_made_at_the_failure(csv_files, allow_smaller):
    legacy = _monitored(LEGACY, csv_files, allow_smaller)
    ours = _monitored(BRIDGE, csv_files, allow_smaller)
    assert ours[3] == []  # nothing of the retry's was built before the graph was finalized
    rows = [r for batch in ours[0] for r in batch]
    # every good row before the bad one (the 31st), in whole batches, and the short one where allowed
    assert rows == list(range(ROWS + 7 if allow_smaller else 30))
    # legacy's loop stops once its runner, reading ahead, meets the bad row: a start of ours
    assert legacy[0] == ours[0][:len(legacy[0])]
    assert ours[1] is legacy[1] is tf.errors.InvalidArgumentError
    assert ours[2] == legacy[2]


def _shuffled_lines_batch(files: list[str], num_epochs: Any) -> None:
    queue = BRIDGE.train.string_input_producer(files, num_epochs=num_epochs, shuffle=True, seed=3)
    _, line = BRIDGE.TextLineReader().read(queue)
    a = BRIDGE.decode_csv(line, [[0], [0]], field_delim=";")  # (one column: no bad row)
    BRIDGE.train.batch(a, 4, allow_smaller_final_batch=True)


def _epoch_map_ops(num_epochs: Any, files: list[str], build: Any = _shuffled_lines_batch) -> list[str]:
    """The op types of the bridge's epoch map function for the input producer ``build(files, num_epochs)``
    makes (by default a shuffled producer of ``num_epochs`` read into a batch)."""
    from tensorflow.python.framework import func_graph

    traced: dict[str, list[str]] = {}
    original = func_graph.func_graph_from_py_func

    def recorded(name: Any, *args: Any, **kwargs: Any) -> Any:
        made = original(name, *args, **kwargs)
        traced[str(name)] = [op.type for op in made.get_operations()]
        return made

    func_graph.func_graph_from_py_func = recorded
    try:
        with tf.Graph().as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            build(files, num_epochs)
    finally:
        func_graph.func_graph_from_py_func = original
    return next(ops for name, ops in traced.items() if "epoch" in name)


@pytest.mark.parametrize("num_epochs, guarded", [(2, False), (None, True)])
def test_the_epoch_maps_order_table_is_guarded_only_where_epochs_could_overflow_it(csv_files, num_epochs, guarded):
    """(The order table's contents are checked where they are read: ``test_compat_short_batch.py``.)"""
    ops = _epoch_map_ops(num_epochs, csv_files)
    assert "LookupTableInsertV2" in ops
    assert ("StridedSlice" in ops) is guarded


# -- the order table only where a pipeline may read its records again (partial_replay.keep_order)

def _plain_batch(files: list[str], num_epochs: Any) -> None:  # whole batches only: nothing is read again
    queue = BRIDGE.train.string_input_producer(files, num_epochs=num_epochs, shuffle=False)
    _, line = BRIDGE.TextLineReader().read(queue)
    BRIDGE.train.batch(BRIDGE.decode_csv(line, [[0], [0]]), 4)


class _Reader:  # a reader helper in a class, the producer inline, a shuffled batch (a read again)
    def __init__(self, files: list[str], num_epochs: Any) -> None:
        self.value = BRIDGE.TFRecordReader().read(BRIDGE.train.string_input_producer(files, num_epochs))[1]

    def shuffled(self) -> Any:
        return BRIDGE.train.shuffle_batch([self.value], 4, capacity=20, min_after_dequeue=5)


def _slices_batch(files: list[str], num_epochs: Any) -> None:  # a slice producer's rows, whole batches
    names, = BRIDGE.train.slice_input_producer([BRIDGE.constant(files)], num_epochs=num_epochs, shuffle=False)
    BRIDGE.train.batch([BRIDGE.strings.length(names)], 2)


def _join_short(files: list[str], num_epochs: Any) -> None:  # readers of one producer joined, short batch kept
    queue = BRIDGE.train.string_input_producer(files, num_epochs=num_epochs, shuffle=False)
    lists = [[BRIDGE.string_to_number(BRIDGE.TextLineReader().read(queue)[1], BRIDGE.int32)] for _ in range(2)]
    BRIDGE.train.batch_join(lists, 3, allow_smaller_final_batch=True)


@pytest.mark.parametrize("build, kept", [
    (_plain_batch, False), (_slices_batch, False), (lambda f, n: _Reader(f, n).shuffled(), True),
    (_join_short, True), (_shuffled_lines_batch, True)])
def test_the_order_table_is_built_only_where_a_read_again_reads_it(csv_files, build, kept):
    """A pipeline that delivers whole batches only reads nothing again after a failure, so its input
    producer's epoch map puts nothing into an order table (7-25 ops fewer to trace, a table op per epoch fewer
    to run); one with ``allow_smaller_final_batch`` or a shuffle keeps it (what it delivers before a failure
    is checked against legacy in ``test_compat_short_batch*.py`` and above)."""
    ops = _epoch_map_ops(2, csv_files, build)
    assert ("LookupTableInsertV2" in ops) is kept
    assert ("SerializeTensor" in ops) is kept


def _epoch_tables(build: Any) -> tuple[Any, list[bool]]:
    """What ``build()`` returns, and for each epoch map it traced whether it fills an order table."""
    from tensorflow.python.framework import func_graph

    traced: list[bool] = []
    original = func_graph.func_graph_from_py_func

    def recorded(name: Any, *args: Any, **kwargs: Any) -> Any:
        made = original(name, *args, **kwargs)
        if "epoch" in str(name):
            traced.append("LookupTableInsertV2" in [op.type for op in made.get_operations()])
        return made

    func_graph.func_graph_from_py_func = recorded
    try:
        return build(), traced
    finally:
        func_graph.func_graph_from_py_func = original


def test_rows_made_before_a_read_again_needed_their_order_are_made_again_with_it(csv_files):
    """A producer whose rows were made without the table for a batch that reads nothing again, then asked to
    keep their order (by a pipeline that may read again, ``partial_replay.keep_order``): the rows it makes
    from then on are made again, with the table (never the rows made before, which fill none)."""
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        queue = BRIDGE.train.string_input_producer(csv_files, num_epochs=2, shuffle=True)
        _, line = BRIDGE.TextLineReader().read(queue)
        BRIDGE.train.batch([line], 4)
        rows, tables = _epoch_tables(lambda: queue.dataset())
        assert tables == []  # (the rows made for the batch, again)
        queue.keep_order()
        again, tables = _epoch_tables(lambda: queue.dataset())
        assert tables == [True] and again is not rows


def test_a_producer_read_by_a_batch_that_reads_again_and_one_that_does_not_gives_no_row_twice(tmp_path):
    """Two batches over readers of one producer, the first reads nothing again, the second may
    (``allow_smaller_final_batch``): the producer is then shared (``shared_streams.py``), its rows made
    once for both; as in legacy, the readers compete for the files and no row arrives twice."""
    from tfdata_bridge._src.compat import input_producers

    files = []
    for f in range(3):
        (tmp_path / f"{f}.txt").write_text("".join(f"{f * 100 + i}\n" for i in range(7)))
        files.append(str(tmp_path / f"{f}.txt"))

    def two(tf1: Any) -> tuple[list[int], list[str]]:
        with tf.Graph().as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            queue = tf1.train.string_input_producer(files, num_epochs=1, shuffle=False)
            batches = []
            for allow_smaller in (False, True):
                value = tf1.TextLineReader().read(queue)[1]
                batches.append(tf1.train.batch([tf1.string_to_number(value, tf.int32)], 4,
                                               allow_smaller_final_batch=allow_smaller))
            if tf1 is BRIDGE:
                assert isinstance(queue, input_producers.InputQueue) and queue.shared
            rows: list[int] = []
            ends: list[str] = []
            with tf1.Session() as sess:
                sess.run(tf1.local_variables_initializer())
                coord = tf1.train.Coordinator()
                threads = tf1.train.start_queue_runners(sess, coord)
                for batch in batches:
                    try:
                        while True:
                            rows.extend(sess.run(batch).tolist())
                    except tf.errors.OutOfRangeError as e:
                        ends.append(type(e).__name__)
                coord.request_stop()
                coord.join(threads, stop_grace_period_secs=5)
            return rows, ends

    everything = {f * 100 + i for f in range(3) for i in range(7)}
    for rows, ends in (two(LEGACY), two(BRIDGE)):
        assert len(rows) == len(set(rows)) and set(rows) <= everything  # no row twice, none made up
        assert ends == ["OutOfRangeError"] * 2
        assert len(everything) - len(rows) <= 3  # (only the first batch's last short batch is dropped)
