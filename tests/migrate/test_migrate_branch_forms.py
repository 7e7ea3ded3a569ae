"""Batches made inside the branches of an ``if`` while the source is made before it (held-out round 22's video
prediction and ResNet eval inputs): each branch keeps its own chain tail over the elements made once before the
``if`` (``choice.py``).

- both batches in ``if use_state:`` / ``else:``, each branch with statements after its batch (a ``return``, zeros
  for the missing states), a per-time-step loop's lists read by one branch only (carried as tuples);
- a queue made in each branch (a ``RandomShuffleQueue`` or a ``FIFOQueue`` by mode) with the enqueue op, its
  ``QueueRunner`` and ``dequeue_many`` after the ``if`` (``tail_split`` gives each branch its copy, the choice
  reads each as the batch it amounts to); the branch's ``num_threads = 16`` stays in the branch;
- ``if``/``elif`` with nothing batched otherwise.

The programs of ``branch_programs/`` (function level, a method on ``self.use_state``, another module's function
on a module constant of a third, the queue form in another module and in the same one, ``elif``) are migrated as
one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "branch_programs"
COMPARE = {"queue_train": "multiset"}


@pytest.mark.timeout(500)
def test_the_branch_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 6
    assert code["records.py"].count("if mode == 'train':") == 1, code["records.py"]
    assert "num_threads = 4" in code["records.py"] and "Queue(" not in code["records.py"], code["records.py"]
    assert "return tuple(states), frames" in code["steps_function.py"], code["steps_function.py"]  # (a list: a tuple)
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE.get(name, "exact"))


AFTER_BATCH = '''\
import tensorflow.compat.v1 as tf


def build(files, use_state):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, serialized = tf.TFRecordReader().read(queue)
    x = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32)})["x"]
    if use_state:
        y = x * 2.0
        ys = tf.train.batch([y], 4)
        return ys, %s
    else:
        ys = tf.train.batch([x], 4)
        return ys, None
'''


@pytest.mark.parametrize("read, reason", [
    ("y", "`return ys, y`, after the batch in a branch of the choice, reads `y`"),  # (the branch's own work)
    ("x", "`x` is also used outside the pipeline (line 11)"),  # (made before the ``if``: the finder says it)
])
def test_a_statement_after_a_branch_batch_reading_a_per_element_name_is_refused_naming_it(read, reason):
    source = AFTER_BATCH % read
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert any(reason in n.message for n in result.refused), result.notes


def test_a_statement_after_a_branch_batch_reading_the_batch_is_kept_as_written():
    result = rewrite(AFTER_BATCH % "ys * 2.0", to="tfdata")
    assert not result.refused, result.notes
    assert "return ys, ys * 2.0" in result.code and "return ys, None" in result.code, result.code
