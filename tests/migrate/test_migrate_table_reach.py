"""A per-record function that reaches a lookup table through a call (round 23: a method making its table on the
first call, moved into the map function, failed when the graph was built: "Cannot capture a stateful node
(name:hash_table, ...) by value"). ``table_iterators.py`` follows the calls of the per-record code, into the
module's functions and methods and those of the tree's modules it imports, and gives the dataset an initializable
iterator started with the tables. ``table_reach_programs/`` holds the forms (a lazy method, a class of another
module two calls deep, its tables initialized by ``initialize_all_tables()``, a module-level helper of another module keeping its table in a
dict, a table made in ``__init__`` read by a method's method), run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

PROGRAMS = pathlib.Path(__file__).resolve().parent / "table_reach_programs"


@pytest.mark.timeout(400)
def test_a_table_reached_through_a_call_gets_an_iterator_started_with_the_tables(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 6
    for p in programs:
        assert "make_one_shot_iterator" not in code[p.name], p.name
        assert "TABLE_INITIALIZERS" in code[p.name], p.name
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact")


USER_TABLE = '''\
import tensorflow.compat.v1 as tf


class LabelTable:
    """The program's own "table": a Python class whose lookup builds stateless ops, no TensorFlow table."""

    def __init__(self, prefix):
        self.prefix = prefix

    def lookup(self, label):
        return tf.strings.join([self.prefix, label])


def inputs(path):
    labels = LabelTable("class-")
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    name, value = tf.decode_csv(line, record_defaults=[[""], [0]])
    return tf.train.batch([labels.lookup(name), value], batch_size=2)
'''


def test_a_class_of_the_program_named_like_a_table_keeps_the_one_shot_iterator():
    # (round 46's helper saw ``LabelTable(...)``, matched by its spelling as a TensorFlow table constructor, give
    # the dataset an initializable iterator that only ``tables_initializer()`` starts: the program never runs it)
    result = rewrite(USER_TABLE, to="tfdata")
    assert not result.refused, [n.message for n in result.notes]
    assert "make_one_shot_iterator" in result.code, result.code
    assert "TABLE_INITIALIZERS" not in result.code, result.code
    real = USER_TABLE.replace("labels = LabelTable(\"class-\")",
                              "labels = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer("
                              "[\"a\"], [\"class-a\"]), \"?\")")
    assert "TABLE_INITIALIZERS" in rewrite(real, to="tfdata").code  # (TensorFlow's own table still is one)
