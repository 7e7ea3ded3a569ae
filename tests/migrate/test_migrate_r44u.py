"""Rounds 44 and 45's unbatched ``slice_input_producer``: the producer's tensors read directly by ``sess.run``,
one slice per run until ``OutOfRangeError`` (no batch after it), become a one-shot iterator's ``get_next()`` over
the same dataset, made where the producer was (a name bound to the producer's list of slices gets a list). The
name it is bound to may be bound to something else before it (``with open(path) as f``) or in another scope:
which binding reaches a use decides, never the spelling.

The programs of ``r44u_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r44u_programs"
MULTISET = ("slice_class_method", "windows_choice_shapes_shuffled")
ENDS = {"slice_name_reused_after_with_open": "read 10", "slice_unpacked_train_import_name_in_other_scope": "grades 6",
        "slice_class_method_single_tensor_list": "readings 8", "slice_helper_in_package_two_callers": "pairs 8",
        "windows_choice_shapes_plain_batch_package": "windows 12", "windows_choice_shapes_shuffled_class": "windows 8",
        "closure_limit_epochs_enqueue_many_train_import": "rows 12"}


@pytest.mark.timeout(300)
def test_the_r44u_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 7
    assert "list(tf.data.make_one_shot_iterator(" in code["slice_name_reused_after_with_open.py"]
    assert "ids, f = tf.data.make_one_shot_iterator(" in code["slice_unpacked_train_import_name_in_other_scope.py"]
    assert "ensure_shape(t, s) for t, s in zip(tensors, [[None, width], [None]], strict=True)" in \
        code["windows_choice_shapes_shuffled_class.py"]
    assert "limit_epochs" not in code["closure_limit_epochs_enqueue_many_train_import.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset" if name.startswith(MULTISET) else "exact",
                                 end=ENDS[name])


CLOSURE = '''\
import numpy as np
import tensorflow.compat.v1 as tf


def make_input_fn(rows):
    def input_fn():
        data = tf.constant(rows)
        data = tf.train.limit_epochs(data, num_epochs=1)
        return data
    return input_fn


def main():
    input_fn = make_input_fn(np.ones((4, 2)))
    data = input_fn()
    {extra}
    return tf.train.batch([data], batch_size=2, enqueue_many=True)
'''


@pytest.mark.parametrize("extra, reason", [
    ("again = input_fn()", "the closure (or its factory) is called elsewhere too"),
    ("seen = tf.identity(data)", "is also read outside this batch"),
])
def test_a_closure_limit_that_other_runs_would_count_is_left(extra, reason):
    result = rewrite(CLOSURE.format(extra=extra), to="tfdata")
    said = " ".join(n.message for n in result.notes)
    assert result.refused and "limit_epochs(data" in result.code and reason in said, said


def test_a_closure_made_by_an_imported_factory_is_left_saying_so():
    source = CLOSURE.split("def main():")[0].split("def make_input_fn")[0] + \
        "from inputs import make_input_fn\n\n\ndef main():" + CLOSURE.split("def main():")[1].format(extra="")
    result = rewrite(source, to="tfdata")
    said = " ".join(n.message for n in result.notes)
    assert result.refused and "imported from another module" in said, said
