"""A contrib-style ``read_batch_features`` helper taking the reader class as an argument (``reader().read(q)``,
``shuffle_batch`` or ``batch`` by a flag; or ``k`` copies of the reader over one file queue into a
``*_join``, shuffled or not by a flag), reached by plain calls or through a namespace of its module
(``learn = types.SimpleNamespace(io=types.SimpleNamespace(read_lines=read_line_batches))``, called as
``graph_io.learn.io.read_lines(...)``): where every call in the tree hands the same TensorFlow reader class (by
position, by keyword, or leaving a default that is one), the class is written into the helper and the pipeline
becomes tf.data (``handed_copies.inline_handed_reader_classes``, ``namespace_calls.py``). A graph-scope name in a
string (``tf.name_scope(name, 'read_keyed_batches')``) is no use of the function.

- ``examples_reader_class_positional_one_reader``: the class by position, one reader, ``batch_join``, in order;
- ``examples_reader_class_keyword_three_readers_shuffled``: the class by keyword, three readers,
  ``shuffle_batch_join`` (a multiset);
- ``lines_namespace_default_reader``: through ``graph_io.learn.io.read_lines``, the default class, ``batch``;
- ``lines_namespace_imported_shuffled``: ``from graph_io import learn``, ``tf2.compat.v1.TextLineReader`` by
  keyword, ``shuffle_batch`` on two threads;
- ``fixed_records_own_namespace_two_readers``: one file, ``reader(record_bytes=8)`` of a class handed by
  position through ``ops = SimpleNamespace(int_batches=int_batches)``, two readers into ``batch_join``.

Left, with a note naming the parameter and why: a class chosen when the program runs, two calls handing different
classes, a namespace handed on (its calls unseen).
"""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixF6_programs"
COMPARE = {"examples_reader_class_positional_one_reader": "exact", "lines_namespace_default_reader": "exact"}


@pytest.mark.timeout(300)
def test_a_reader_class_every_call_hands_is_written_into_the_helper(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    helper = code["graph_io.py"]
    assert "reader_cls" not in helper and "reader()" not in helper and "def read_line_batches(files, batch_size, " \
        "randomize=True" in helper, helper
    assert "tf.data.TFRecordDataset" in helper and "tf.data.TextLineDataset" in helper, helper
    assert "interleave" in helper and "if shuffle:" in helper, helper  # (k readers; the flag chooses the chain)
    assert "learn = types.SimpleNamespace" in helper  # (the namespace stays; only the parameter went)
    for name in ("examples_reader_class_positional_one_reader.py", "examples_reader_class_keyword_three_readers_"
                 "shuffled.py", "lines_namespace_imported_shuffled.py"):
        assert "Reader" not in code[name], code[name]
    one = code["fixed_records_own_namespace_two_readers.py"]
    assert "FixedLengthRecordDataset" in one and "ops.int_batches(files, 2, 3)" in one, one
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 5
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE.get(name, "multiset"))


HELPER = '''\
import types

import tensorflow.compat.v1 as tf


def read_batches(files, batch_size, reader, randomize=False):
    with tf.name_scope(None, 'read_batches'):
        queue = tf.train.string_input_producer(files, shuffle=randomize, num_epochs=1)
        _, value = reader().read(queue)
        if randomize:
            return tf.train.shuffle_batch([value], batch_size, capacity=20, min_after_dequeue=2)
        return tf.train.batch([value], batch_size)
'''
NAMESPACE = "\n\nlearn = types.SimpleNamespace(read_batches=read_batches)\n"

CALLER = '''\
import tensorflow.compat.v1 as tf

import lib

{top}


def main(fmt):
    a = lib.{path}read_batches(['a'], 2, {first})
    {second}
    return a
'''


def _notes(tmp_path, first, second, path=""):
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    sources = {str(tmp_path / "lib.py"): HELPER + (NAMESPACE if path else ""), str(tmp_path / "prog.py"): CALLER.format(
        first=first, second=second, path=path, top='READERS = {"tfr": tf.TFRecordReader, "txt": tf.TextLineReader}'
        if "READERS" in first else "")}
    results = rewrite_tree(sources, root=str(tmp_path))
    return results[str(tmp_path / "lib.py")]


@pytest.mark.parametrize("first, second, why", [
    ("READERS[fmt]", "pass", "`READERS[fmt]` handed at a call is no reader class known when migrating"),
    ("tf.TFRecordReader", "b = lib.read_batches(['b'], 2, reader=tf.TextLineReader)",
     "its calls hand different classes (TFRecordReader, TextLineReader)"),
    ("tf.TFRecordReader", "io = lib.learn\n    b = io.read_batches(['b'], 2, tf.TFRecordReader)",
     "not every use of `read_batches` is a direct call it can follow"),
])
def test_a_reader_class_not_known_for_every_call_is_left_with_a_note(tmp_path, first, second, why):
    result = _notes(tmp_path, first, second, "learn." if "io = lib.learn" in second else "")
    assert result.refused and "reader()" in result.code and "tf.data" not in result.code, result.code
    said = " ".join(n.message for n in result.notes)
    assert "the reader read here is made by calling `reader`, a parameter of `read_batches`" in said, said
    assert why in said, said


def test_the_control_one_class_through_the_namespace_is_written(tmp_path):
    result = _notes(tmp_path, "tf.TFRecordReader", "b = lib.learn.read_batches(['b'], 2, reader=tf.TFRecordReader)",
                    "learn.")
    assert not result.refused and "tf.data.TFRecordDataset" in result.code, result.notes


@pytest.mark.parametrize("extra, written", [
    ("", True),  # (``tf.name_scope(None, 'read_batches')`` in the helper: a scope's name, no use of it)
    ("\n__all__ = ['read_batches']\n", False),  # (named as data: it may be reached by name)
    ("\nFUNCS = {'batches': 'read_batches'}\n", False),
])
def test_a_string_naming_the_helper_is_a_use_unless_it_names_a_scope(extra, written):
    from tfdata_bridge._src.migrate.handed_copies import inline_handed_reader_classes

    caller = CALLER.format(first="tf.TFRecordReader", second="pass", path="", top="")
    out = inline_handed_reader_classes({"/t/lib.py": HELPER + extra, "/t/prog.py": caller}, "/t")
    assert (out is not None and "tf.TFRecordReader().read(queue)" in out["/t/lib.py"]) is written, out


LOOP = '''\
import tensorflow.compat.v1 as tf


def read_batches(files, batch_size, reader, threads=2):
    queue = tf.train.string_input_producer(files, num_epochs=1)
    serialized = []
    for _ in range(threads):
        _, value = reader().read(queue)
        serialized.append([value])
    return tf.train.batch_join(serialized, batch_size)
'''


def test_the_readers_loop_of_a_class_handed_differently_is_left_with_a_note(tmp_path):
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    caller = CALLER.format(first="tf.TFRecordReader", second="b = lib.read_batches(['b'], 2, tf.TextLineReader)",
                           path="", top="")
    sources = {str(tmp_path / "lib.py"): LOOP, str(tmp_path / "prog.py"): caller}
    result = rewrite_tree(sources, root=str(tmp_path))[str(tmp_path / "lib.py")]
    said = " ".join(n.message for n in result.notes)
    assert result.refused and "the readers' loop: the reader read here is made by calling `reader`" in said and \
        "hand different classes (TFRecordReader, TextLineReader)" in said, said
