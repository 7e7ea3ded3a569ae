"""A pipeline kept on an object whose class has a base class (or a subclass): the rewrite goes ahead where the
related classes read none of what it changes (a base of the same module or of another module of the tree that
keeps its own attributes; ``threading.Thread``, ``abc.ABC``), and is refused, naming the reader, where one of them
reads the queue, the enqueue op or the close op (held-out round 57's ``DataGeneratorBase.thread_main``), or where
the base is a class outside the tree that is not a known one.

The programs of ``fixF3_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixF3_programs"


@pytest.mark.timeout(500)
def test_the_fixF3_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    assert [n for n, c in code.items() if "Queue(" in c] == [], code
    assert "class ExampleInput(InputBase):" in code["base_in_module.py"]
    assert "class ThreadInput(threading.Thread):" in code["thread_subclass.py"]
    assert "class RecordSource(Source):" in code["inputs.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end="OutOfRangeError")


SOURCE = '''\
import threading

import tensorflow.compat.v1 as tf


class Base({base}):
    def __init__(self, batch_size):
        self.batch_size = batch_size

{extra}

class Input(Base):
    def __init__(self, files, batch_size):
        Base.__init__(self, batch_size)
        q = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        _, record = tf.TFRecordReader().read(q)
        x = tf.parse_single_example(record, {{"x": tf.FixedLenFeature([3], tf.float32)}})["x"]
        self.queue = tf.FIFOQueue(30, [tf.float32], shapes=[[3]])
        enqueue = self.queue.enqueue([x])
        tf.train.add_queue_runner(tf.train.QueueRunner(self.queue, [enqueue]))

    def batch(self):
        return self.queue.dequeue_many(self.batch_size)


def main(files):
    return Input(files, 4).batch()
'''


def _said(base="object", extra=""):
    result = rewrite(SOURCE.format(base=base, extra=extra), to="tfdata")
    return result, " ".join(" ".join(n.message for n in result.notes).split())


def test_a_base_of_the_module_keeping_its_own_attributes_is_no_bar():
    result, said = _said(extra="    def size(self):\n        return self.batch_size\n")
    assert not result.refused, said
    assert "FIFOQueue(" not in result.code


def test_a_base_closing_the_queue_from_its_feeding_method_is_left():  # (round 57's form)
    extra = ("    def thread_main(self, sess):\n        try:\n            pass\n        finally:\n"
             "            sess.run(self.queue.close())\n")
    result, said = _said(extra=extra)
    assert result.refused, result.code
    assert "`Input` has a base class, and the rewrite changes" in said, said
    assert "`queue` is read by `Base.thread_main`" in said, said


def test_a_base_reading_the_queue_is_left():
    result, said = _said(extra="    def size(self):\n        return self.queue.size()\n")
    assert result.refused, result.code
    assert "`queue` is read by `Base.size`" in said, said


def test_a_subclass_reading_the_queue_is_left():
    source = SOURCE.format(base="object", extra="") + (
        "\n\nclass Sized(Input):\n    def size(self):\n        return self.queue.size()\n")
    result = rewrite(source, to="tfdata")
    said = " ".join(" ".join(n.message for n in result.notes).split())
    assert result.refused, result.code
    assert "`queue` is read by `Sized.size`" in said, said


def test_a_base_outside_the_tree_is_left_and_thread_is_not():
    result, said = _said(base="tf.keras.callbacks.Callback")
    assert result.refused, result.code
    assert "is not a class of the migrated tree" in said, said
    result, said = _said(base="threading.Thread")
    assert not result.refused, said


def test_a_base_reading_attributes_by_name_is_left():
    result, said = _said(extra="    def get(self, name):\n        return getattr(self, name)\n")
    assert result.refused, result.code
    assert "reads its attributes by name (`getattr`)" in said, said
