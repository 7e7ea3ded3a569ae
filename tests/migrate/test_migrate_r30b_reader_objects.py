"""A reader OBJECT handed to the function that batches, its method taking the file queue (the YouTube-8M
starter code's ``readers.py`` / ``train.py``: ``reader.prepare_reader(filename_queue)``; held-out round 30).

- the object's class is the one every call site of the function passes (made in the caller, inline in the call,
  through a package's re-exports); the method, of another module, reading that module's names and the
  object's other methods, stays in its class as a function of the record, and the caller maps the bound method
  (``.map(reader.prepare_reader)``); the producer and the batch (or ``shuffle_batch``) become a tf.data chain;
- ``batch_join`` over ``[reader.prepare_reader(filename_queue) for _ in range(num_readers)]`` (the starter
  code's own form): the same function of the record, mapped after an interleave of ``num_readers`` files;
- in one module, the method moves into the per-record function as before;
- objects of two classes handed to the function at two call sites: left, saying so.

The programs of ``r30b_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib
import textwrap

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge._src.migrate.tree import rewrite_tree

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r30b_programs"
SHUFFLED = {"reader_object_inline_third_module_shuffle", "yt8m_reader_object_batch_join"}


@pytest.mark.timeout(500)
def test_the_r30b_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 3
    assert [n for n, c in code.items() if "train.batch(" in c or "shuffle_batch(" in c] == [], code
    yt = (migrated / "r30b_yt" / "readers.py").read_text()
    assert "def prepare_reader(self, serialized_example):" in yt and "TFRecordReader" not in yt.split("class YT8M")[1]
    assert "map(tf.autograph.experimental.do_not_convert(reader.prepare_reader))" in \
        (migrated / "r30b_yt" / "inputs.py").read_text()
    parts = (migrated / "r30b_parts" / "readers.py").read_text()
    assert "def prepare_reader(self, serialized, batch_size=1):" in parts
    joined = (migrated / "r30b_join" / "train_input.py").read_text()
    assert ".interleave(tf.data.TFRecordDataset, cycle_length=num_readers" in joined
    assert ".map(tf.autograph.experimental.do_not_convert(reader.prepare_reader))" in joined
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset" if name in SHUFFLED else "exact", end=None)


READERS = '''\
import tensorflow.compat.v1 as tf


def _twice(x):
    return x * 2


class A(object):
    def prepare_reader(self, filename_queue):
        reader = tf.TFRecordReader()
        _, serialized = reader.read(filename_queue)
        return _twice(tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([], tf.int64)})["x"])


class B(A):
    def prepare_reader(self, filename_queue):
        reader = tf.TFRecordReader()
        _, serialized = reader.read(filename_queue)
        return tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([], tf.int64)})["x"]
'''

INPUTS = '''\
import tensorflow.compat.v1 as tf


def inputs(reader, files):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    x = reader.prepare_reader(queue)
    return tf.train.batch([x], 2)
'''


def _tree(tmp_path, main: str) -> dict:
    files = {"readers.py": READERS, "inputs.py": INPUTS, "main.py": textwrap.dedent(main)}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    out = rewrite_tree({str(tmp_path / n): t for n, t in files.items()}, str(tmp_path))
    return {pathlib.Path(p).name: r for p, r in out.items()}


def test_objects_of_two_classes_at_two_call_sites_are_left_saying_so(tmp_path):
    got = _tree(tmp_path, '''\
        import readers, inputs
        a = inputs.inputs(readers.A(), ["a.tfrecord"])
        b = inputs.inputs(readers.B(), ["b.tfrecord"])
        ''')
    assert got["inputs.py"].code == INPUTS and got["readers.py"].code == READERS
    said = " ".join(n.message for n in got["inputs.py"].notes)
    assert "objects of several classes" in said, said


def test_a_method_also_called_where_nothing_is_rewritten_stays(tmp_path):
    got = _tree(tmp_path, '''\
        import tensorflow.compat.v1 as tf
        import readers, inputs
        a = inputs.inputs(readers.A(), ["a.tfrecord"])
        q = tf.train.string_input_producer(["b.tfrecord"])
        b = readers.A().prepare_reader(q)
        ''')
    assert got["readers.py"].code == READERS
    said = " ".join(n.message for n in got["inputs.py"].notes)
    assert "is also used where no pipeline is rewritten; it cannot become a function of the record" in said, said


def test_one_class_at_every_call_site_becomes_a_function_of_the_record(tmp_path):
    got = _tree(tmp_path, '''\
        import readers, inputs
        r = readers.A()
        a = inputs.inputs(r, ["a.tfrecord"])
        ''')
    assert "def prepare_reader(self, serialized):\n        return _twice(" in got["readers.py"].code
    assert got["readers.py"].code.count("TFRecordReader()") == 1  # (B's, which no call site passes, stays)
    assert ".map(tf.autograph.experimental.do_not_convert(reader.prepare_reader))" in got["inputs.py"].code


def test_an_object_chosen_by_a_flag_is_left_saying_why(tmp_path):
    got = _tree(tmp_path, '''\
        import sys
        import readers, inputs
        r = readers.A() if len(sys.argv) > 1 else readers.B()
        a = inputs.inputs(r, ["a.tfrecord"])
        ''')
    assert got["inputs.py"].code == INPUTS and got["readers.py"].code == READERS
    said = " ".join(n.message for n in got["inputs.py"].notes)
    assert "the reader object `reader` is handed in" in said and "not made by calling a class" in said, said
