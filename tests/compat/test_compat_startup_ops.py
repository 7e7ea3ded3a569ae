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


def _epoch_map_ops(num_epochs: Any, files: list[str]) -> list[str]:
    """The op types of the bridge's epoch map function for a shuffled producer of ``num_epochs`` read into
    a batch."""
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
            queue = BRIDGE.train.string_input_producer(files, num_epochs=num_epochs, shuffle=True, seed=3)
            _, line = BRIDGE.TextLineReader().read(queue)
            a = BRIDGE.decode_csv(line, [[0], [0]], field_delim=";")  # (one column: no bad row)
            BRIDGE.train.batch(a, 4, allow_smaller_final_batch=True)
    finally:
        func_graph.func_graph_from_py_func = original
    return next(ops for name, ops in traced.items() if "epoch" in name)


@pytest.mark.parametrize("num_epochs, guarded", [(2, False), (None, True)])
def test_the_epoch_maps_order_table_is_guarded_only_where_epochs_could_overflow_it(csv_files, num_epochs, guarded):
    """(The order table's contents are checked where they are read: ``test_compat_short_batch.py``.)"""
    ops = _epoch_map_ops(num_epochs, csv_files)
    assert "LookupTableInsertV2" in ops
    assert ("StridedSlice" in ops) is guarded
