"""Held-out round 37's retina reader: a reader object made once by its caller (tefla's ``Reader(dataset,
reader_kwargs, shuffle, num_readers, capacity, num_epochs)``) whose method, through another method of its class,
runs k ``TFRecordReader``s into a common queue chosen by ``if self.shuffle:`` and returns the dequeue (or tensors
parsed from it). The method's statements are written at the call, ``self.attr`` as the constructor's argument (or
default), and the branch-queue rewrite takes the pipeline; the class goes once no module names it. A class that
sets an attribute outside ``__init__``, or an object handed on, is left with the reason.

The programs of ``r37o_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r37o_programs"
COMPARE = {"shuffled_package": "multiset", "ordered_module_import": "exact", "class_in_module": "multiset",
           "two_callers_inline": "multiset"}


@pytest.mark.timeout(500)
def test_the_r37o_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 4
    assert "class ShardReader" not in code["reader.py"] and "class LineReader" not in code["class_in_module.py"]
    assert ".shuffle(16)" in code["shuffled_package.py"] and "cycle_length=3" in code["shuffled_package.py"]
    assert "shuffle(" not in code["ordered_module_import.py"].split("def main", 1)[1]
    assert "ShardReader" not in code["shuffled_package.py"] + code["ordered_module_import.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE[name], end=None)


LEFT = '''\
import tensorflow.compat.v1 as tf


class Reader(object):
    def __init__(self, files, shuffle=True, num_readers=2):
        self.files = files
        self.shuffle = shuffle
        self.num_readers = num_readers
{extra}
    def parallel_reader(self):
        files = tf.train.string_input_producer(self.files, num_epochs=1)
        if self.shuffle:
            queue = tf.RandomShuffleQueue(capacity=8, min_after_dequeue=2, dtypes=[tf.string])
        else:
            queue = tf.FIFOQueue(capacity=8, dtypes=[tf.string])
        ops = []
        for _ in range(self.num_readers):
            _, value = tf.TFRecordReader().read(files)
            ops.append(queue.enqueue([value]))
        tf.train.add_queue_runner(tf.train.QueueRunner(queue, ops))
        return queue.dequeue()


def build(files):
    reader = Reader(files, shuffle=False)
    {use}
    record = reader.parallel_reader()
    return tf.train.batch([record], batch_size=2)
'''


@pytest.mark.parametrize("extra, use, said", [
    ("\n    def more_epochs(self):\n        self.num_readers = 4\n", "pass",
     "sets an attribute (`self.attr = ...`): only `__init__` may"),
    ("", "print(reader)", "here the object is made or read otherwise"),
])
def test_a_reader_object_it_cannot_follow_is_left_with_the_reason(extra, use, said):
    result = rewrite(LEFT.format(extra=extra, use=use), "tfdata")
    assert "RandomShuffleQueue(" in result.code and "tf.data" not in result.code
    notes = " ".join(" ".join(n.message.split()) for n in result.notes)
    assert "a method of `Reader`, returns the dequeue: it is followed where the object is made once" in notes, notes
    assert said in notes, notes
