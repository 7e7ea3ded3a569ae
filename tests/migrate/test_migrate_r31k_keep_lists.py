"""Held-out round 31's one broken rewrite: ``maybe_batch`` of a list made by an expression, kept by a flag.

    features = [row['PassengerId'], row['Pclass'], row['Sex'], row['Age'], row['Fare']]
    pid, pclass, sex, age, fare, survived = train.maybe_batch(features + [row['Survived']], keep_input=keep, ...)

The per-element function returned ``features + [row['Survived']], keep``: tf.data packs a list a function returns
alone as a tuple, but not a list inside the ``(element, keep)`` pair the filter reads, so the migrated program
failed when its graph was built (``TypeError: Unsupported return value``). Such a list now goes as
``tuple(...)``; a dict, a tensor or a literal list goes as before. Variants: a comprehension's list under
``import tensorflow as tf``, a helper's values made a list by ``list(...)`` and shuffled by
``maybe_shuffle_batch``."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r31k_programs"


@pytest.mark.timeout(500)
def test_the_r31k_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    assert "return tuple(features + [row['Survived']]), keep" in code["round_titanic_features_plus_label.py"]
    assert "return tuple(example + [label])," in code["helper_list_name_maybe_shuffle_batch.py"]
    assert "return tuple(columns)," in code["comprehension_list_maybe_batch_tf2_style.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset" if "shuffle" in name else "exact", end=None)


DICT = '''\
import tensorflow.compat.v1 as tf


def main(data_dir):
    queue = tf.train.string_input_producer(["rows.csv"], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    a, b = tf.decode_csv(line, [[0], [0]])
    TENSORS
    return tf.train.maybe_batch(batched, keep_input=a > 0, batch_size=2)
'''


@pytest.mark.parametrize("tensors, pair", [
    ("batched = {'a': a, 'b': b}", "return batched, a > 0"),  # a dict: nested as it is
    ("batched = [a, b]", "return tuple(batched), a > 0"),
    ("batched = [a] + [b]", "return tuple(batched), a > 0"),
    ("batched = a", "return batched, a > 0"),  # one tensor
])
def test_a_flag_kept_element_is_a_tuple_where_the_batched_tensors_are_a_list(tensors, pair):
    result = rewrite(DICT.replace("TENSORS", tensors), to="tfdata")
    assert not result.refused, result.notes
    assert pair in result.code, result.code
