"""Pipelines kept on an object's attributes (``object_programs/``: a class makes the source in ``__init__`` or a
``build`` method, keeps tensors on ``self`` and batches them in another method or property, directly or through
reading methods), each migrated with ``--to tfdata`` and run against its original in one TensorFlow process:
the same batches (in order; a shuffle batch: the same multiset), the same end. The refusals (a batching
method used twice or in a loop, a kept attribute read elsewhere) are pinned by text."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, run_both_ways, write_pair
from tfdata_bridge._src.migrate.tree import rewrite_tree
from tfdata_bridge.migrate import rewrite, scan_source

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = sorted((HERE / "object_programs").glob("*.py"))
TREE = HERE / "object_tree_programs"  # the class in one module, its caller in another
SHUFFLED = {"property_batch_shuffle"}
STEPS = {"config_dynamic_pad_supervisor"}  # a Supervisor loop of a fixed number of steps


@pytest.mark.timeout(500)
def test_the_migrated_object_pipelines_deliver_what_their_originals_deliver(tmp_path):
    pairs = {}
    for program in PROGRAMS:
        result = rewrite(program.read_text(), to="tfdata")
        assert not result.refused, (program.name, result.refused)
        assert not scan_source(result.code), program.name  # no legacy API left: scan --check is clean
        assert "self.dataset" in result.code and "tfdata_bridge" not in result.code, program.name
        pairs[program.stem] = write_pair(tmp_path, program.stem, program.read_text(), result.code)
    assert len(pairs) >= 8
    pairs["tree"] = _tree_pair(tmp_path)
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert len(want["batches"]) > 2, name
        assert_delivers_the_same(name, want, got, "multiset" if name in SHUFFLED else "exact",
                                 end="steps" if name in STEPS else "OutOfRangeError")


def _tree_pair(tmp_path: pathlib.Path) -> tuple[pathlib.Path, pathlib.Path]:
    """The tree migrated together, each form in a folder of its own; the program's path in each."""
    sources = {str(TREE / p.name): p.read_text() for p in TREE.glob("*.py")}
    results = rewrite_tree(sources, root=str(TREE))
    for form in ("original", "migrated"):
        (tmp_path / form).mkdir()
        for path, result in results.items():
            assert not result.refused, (path, result.refused)
            assert not scan_source(result.code), path
            text = result.source if form == "original" else result.code
            (tmp_path / form / pathlib.Path(path).name).write_text(text)
    assert "self.dataset = (" in results[str(TREE / "sequences_lib.py")].code
    return tmp_path / "original" / "train_prog.py", tmp_path / "migrated" / "train_prog.py"


KEPT = '''\
import os

import tensorflow.compat.v1 as tf


class Records(object):
    def __init__(self, data_dir):
        queue = tf.train.string_input_producer([os.path.join(data_dir, 'records-0.tfrecord')], num_epochs=1)
        _, serialized = tf.TFRecordReader().read(queue)
        self.label = tf.parse_single_example(serialized, {{'label': tf.FixedLenFeature([], tf.int64)}})['label']

    def batch(self, size):
        return tf.train.batch([self.label], batch_size=size)


def main(data_dir):
    records = Records(data_dir)
{use}
'''


def _refused(use: str) -> list[str]:
    source = KEPT.format(use=use)
    result = rewrite(source, to="tfdata")
    assert result.code == source
    return [n.message for n in result.refused]


@pytest.mark.timeout(60)
@pytest.mark.parametrize("use, why", [
    ("    return records.batch(2), records.batch(3)",
     "`Records.batch` is used 2 times: legacy's batches of one object compete for its one queue"),
    ("    return records.batch(2)\n\n\ndef again(r):\n    return r.batch(2)", "`Records.batch` is used 2 times"),
    ("    return [records.batch(2) for _ in range(2)]", "`Records.batch` is used in a loop"),
    ("    for _ in range(2):\n        records.batch(2)", "`Records.batch` is used in a loop"),
    ("    return get(records), get(records)\n\n\ndef get(r):\n    return r.batch(2)",
     "`Records.batch` may run more than once on one object (`get`, which calls `get`'s `r.batch`, is used 2 times)"),
    ("    return records.batch(2), records.label",
     "`label`, which the pipeline keeps on its object, is read by main: it would no longer exist"),
])
def test_what_cannot_be_proven_is_refused_with_the_reason(use, why):
    messages = _refused(use)
    assert any(why in m for m in messages), messages


@pytest.mark.timeout(60)
def test_one_batch_of_one_object_is_rewritten():
    result = rewrite(KEPT.format(use="    return records.batch(2)"), to="tfdata")
    assert not result.refused, result.refused
    assert "self.dataset = (" in result.code and "self.dataset\n" in result.code, result.code


@pytest.mark.timeout(120)
@pytest.mark.parametrize("twice", [False, True])
def test_a_tree_counts_the_uses_in_the_modules_that_can_hold_the_object(tmp_path, twice):
    prog = (TREE / "train_prog.py").read_text()
    if twice:
        prog = prog.replace("    return train(reader.dequeue(6))",
                            "    return train(reader.dequeue(6)), train(reader.dequeue(6))")
    unrelated = "def drain(queue):\n    return queue.dequeue(), queue.dequeue()\n"  # imports nothing of the tree
    sources = {str(tmp_path / "sequences_lib.py"): (TREE / "sequences_lib.py").read_text(),
               str(tmp_path / "train_prog.py"): prog, str(tmp_path / "other.py"): unrelated}
    result = rewrite_tree(sources, root=str(tmp_path))[str(tmp_path / "sequences_lib.py")]
    if twice:
        assert any("`SequenceReader.dequeue` is used 2 times" in n.message for n in result.refused), result.refused
    else:
        assert not result.refused and "self.dataset = (" in result.code, result.refused
