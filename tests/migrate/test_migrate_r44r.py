"""Held-out rounds 44/45's reader-helper forms:

- a reader helper whose body sits in ``with tf.name_scope("IO") as scope:`` (or ``variable_scope``) and returns
  from inside: the scope goes when nothing reads its name (a read of it keeps the helper's form);
- a join's reader function (of its module or another) given the comprehension's index where the index only names ops (a reader's or an
  op's ``name=``, a ``name_scope``): the readers are copies, the first turn's names stand; an index reaching a
  value (or a ``variable_scope``) is still refused; a reader function whose last ``if`` chooses its return
  (``if isinstance(v, tuple): return list(v)`` / ``return [v]``) returns the conditional expression;
- a join over one list, written ``[sample]`` or as a name bound to it that the join alone reads: the batch of
  that list.

The programs of ``r44r_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r44r_programs"
ENDS = {"scoped_helper_variable_scope_package": "stakes: 8", "scoped_helper_name_scope_from_import": "holes: 12",
        "reader_index_names_ops_join_package": "loans: 12", "reader_index_keyword_shuffle_join_if_else": "readings: 12",
        "one_list_join_dict_read": "hours: 10", "one_list_join_named_read_up_to": "calls: 16",
        "reader_index_external_function_join_from_import": "cores: 8"}
SHUFFLED = {"reader_index_names_ops_join_package", "reader_index_keyword_shuffle_join_if_else",
            "one_list_join_named_read_up_to", "reader_index_external_function_join_from_import"}


@pytest.mark.timeout(500)
def test_the_r44r_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == len(ENDS)
    assert "name_scope" not in code["stake_reader.py"].split("def inputs")[0]
    assert "variable_scope" not in code["stake_reader.py"]
    assert "return list(values) if isinstance(values, (list, tuple)) else [values]" in code["joined.py"]
    assert "idx = 0" in code["reader_index_keyword_shuffle_join_if_else.py"]
    assert "joined = [columns]" not in code["one_list_join_named_read_up_to.py"]
    assert "read_shard(value, 0)" in code["reader_index_external_function_join_from_import.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset" if name in SHUFFLED else "exact", end=ENDS[name])


JOIN = '''\
import tensorflow.compat.v1 as tf


def read_one(queue, k):
    {scope}
        reader = tf.TFRecordReader(name="reader_%d" % k)
        _, serialized = reader.read(queue)
        v = tf.parse_single_example(serialized, {{"v": tf.FixedLenFeature([], tf.float32)}})["v"]
        return {value}


def main(files):
    queue = tf.train.string_input_producer(files, num_epochs=1)
    rows = [read_one(queue, k) for k in range(2)]
    return tf.train.batch_join(rows, batch_size=4)
'''


def _join(scope: str, value: str):
    return rewrite(JOIN.format(scope=scope, value=value), to="tfdata")


def test_an_index_naming_ops_only_joins_copies():
    result = _join('with tf.name_scope("read_%d" % k):', '[tf.identity(v, name="v_%d" % k)]')
    assert not result.refused, result.notes
    assert 'name="v_%d" % k' in result.code and "k = 0" in result.code, result.code


@pytest.mark.parametrize("scope, value", [
    ('with tf.name_scope("read"):', "[v + tf.cast(k, tf.float32)]"),  # the index reaches a value
    ('with tf.variable_scope("read_%d" % k):', "[v]"),  # its variables would be others
    ('with tf.name_scope("read"):', "[tf.identity(v, name=str(k)), k]"),
])
def test_an_index_reaching_the_data_is_still_refused(scope, value):
    result = _join(scope, value)
    assert result.refused, result.code
    assert "the readers are not copies" in " ".join(n.message for n in result.notes), result.notes


HELPER = '''\
import tensorflow.compat.v1 as tf


def read_decode(queue):
    with tf.name_scope("IO") as scope:
        _, serialized = tf.TFRecordReader().read(queue)
        v = tf.parse_single_example(serialized, {{"v": tf.FixedLenFeature([], tf.float32)}})["v"]
        return {value}


def main(files):
    queue = tf.train.string_input_producer(files, num_epochs=1)
    v = read_decode(queue)
    return tf.train.batch([v], batch_size=4)
'''


def test_a_helper_scope_whose_name_is_read_keeps_its_form():
    kept = rewrite(HELPER.format(value='tf.identity(v, name=scope + "v")'), to="tfdata")
    assert kept.refused, kept.code
    assert "`read_decode` does not end with a `return` of the tensors" in " ".join(n.message for n in kept.notes)
    done = rewrite(HELPER.format(value="v"), to="tfdata")
    assert not done.refused and "name_scope" not in done.code, done.notes


def test_a_named_one_list_read_elsewhere_is_left():
    source = HELPER.format(value="v").replace("    return tf.train.batch([v], batch_size=4)",
                                              "    rows = [v]\n    print(rows)\n"
                                              "    return tf.train.batch_join(rows, batch_size=4)")
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
