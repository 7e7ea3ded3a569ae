"""A batch alone under a graph scope (``with tf.name_scope(...)`` / ``variable_scope``), its source made before
the scope (``scoped_batch_programs/``: a method, a module helper, a record-object helper; three import styles),
each migrated with ``--to tfdata`` and run against its original in one TensorFlow process: the same batches (a
shuffle batch: the same multiset), the same end. The scopes left alone (``as``, the batch read inside, a GPU
placement, a batch the rewrite refuses) are pinned as no-ops."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, run_both_ways, write_pair
from tfdata_bridge._src.migrate.tree import rewrite_tree
from tfdata_bridge.migrate import rewrite, scan_source

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = sorted((HERE / "scoped_batch_programs").glob("*.py"))
TREE = HERE / "scoped_batch_tree"  # the reader helper in one module, the scoped batch in another
SHUFFLED = {"function_variable_scope_tf1"}


@pytest.mark.timeout(400)
def test_the_migrated_scoped_batches_deliver_what_their_originals_deliver(tmp_path):
    pairs = {}
    for program in PROGRAMS:
        result = rewrite(program.read_text(), to="tfdata")
        assert not result.refused, (program.name, result.refused)
        assert not scan_source(result.code), program.name  # no legacy API left: scan --check is clean
        code = result.code.split('"""', 2)[2]  # (after the docstring)
        assert "tfdata_bridge" not in code and "_scope(" not in code, program.name
        pairs[program.stem] = write_pair(tmp_path, program.stem, program.read_text(), result.code)
    assert len(pairs) >= 3
    pairs["tree"] = _tree_pair(tmp_path)
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert len(want["batches"]) > 2, name
        assert_delivers_the_same(name, want, got, "multiset" if name in SHUFFLED else "exact",
                                 end="OutOfRangeError")


def _tree_pair(tmp_path: pathlib.Path) -> tuple[pathlib.Path, pathlib.Path]:
    """The tree migrated together, each form in a folder of its own; the program's path in each."""
    results = rewrite_tree({str(p): p.read_text() for p in TREE.glob("*.py")}, root=str(TREE))
    for form in ("original", "migrated"):
        (tmp_path / form).mkdir()
        for path, result in results.items():
            assert not result.refused, (path, result.refused)
            assert not scan_source(result.code), path
            (tmp_path / form / pathlib.Path(path).name).write_text(result.source if form == "original" else result.code)
    assert "name_scope" not in results[str(TREE / "scoped_train.py")].code.split('"""', 2)[2]
    return tmp_path / "original" / "scoped_train.py", tmp_path / "migrated" / "scoped_train.py"


_SOURCE = '''\
import tensorflow.compat.v1 as tf


def read(paths):
    queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    a, b = tf.decode_csv(line, [[0.0], [0]])
    return a, b


def inputs(paths):
    a, b = read(paths)
{scope}
'''

LEFT = {
    "scope_named_by_as": '''\
    with tf.name_scope("batch") as scope:
        return tf.train.batch([a, b], 4, name=scope)''',
    "the_batch_read_in_its_scope": '''\
    with tf.name_scope("batch"):
        doubled = a * 2.0
        batch = tf.train.batch([doubled, b], 4)
        total = batch[0] + 1.0
    return total''',
    "a_gpu_device_is_no_name_scope": '''\
    with tf.device("/gpu:0"):
        return tf.train.batch([a, b], 4)''',
}


@pytest.mark.parametrize("case", sorted(LEFT))
def test_a_scope_that_may_mean_more_than_op_names_is_left(case):
    source = _SOURCE.format(scope=LEFT[case])
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert any("train.batch" in r.message and "same block" in r.message for r in result.refused), result.refused


def test_an_unwrapped_batch_the_rewrite_refuses_keeps_its_scope():
    source = _SOURCE.format(scope='''\
    with tf.name_scope("batch"):
        batch = tf.train.batch([a, b], 4)
    return batch, a''')  # ``a`` read beside the batch: the pipeline cannot move into a dataset
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert result.refused


def test_the_scope_goes_with_the_batch_it_named():
    result = rewrite(_SOURCE.format(scope='''\
    with tf.name_scope("batch"):
        return tf.train.batch([a, b], 4)'''), to="tfdata")
    assert not result.refused, result.refused
    assert "name_scope" not in result.code and "TextLineDataset" in result.code
