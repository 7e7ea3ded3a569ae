"""Held-out round 37's hand-built queues whose arguments come through ``**``: a queue stage's constructor taking
the helper's own ``**kwargs`` (resolved from each call's keywords), a ``**{...}`` dict literal, and
``**(A if c else B)`` of two dict literals agreeing but for ``names`` / ``name``; and the chunk form, a stage
handed a queue whose ``dequeue_many(k)`` chunks fill its own by ``enqueue_many`` (the same elements but the tail
short of a chunk, which legacy never dequeues: ``batch(k, drop_remainder=True).unbatch()``).

The programs of ``r37k_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r37k_programs"
ENDS = {"chunks_of_four_package": "rows: 12", "two_callers_kwargs": "pairs: 15", "dict_literal_class": "words: 8"}


@pytest.mark.timeout(500)
def test_the_r37k_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    assert [n for n, c in code.items() if "Queue(" in c] == [], code
    assert ".batch(4, drop_remainder=True)\n        .unbatch()\n        .shuffle(16, seed=5)" in \
        code["chunks_of_four_package.py"], code["chunks_of_four_package.py"]
    assert ".shuffle(20, seed=2)" in code["two_callers_kwargs.py"] and \
        ".shuffle(capacity, seed=seed)" in code["two_callers_kwargs.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset", end=ENDS[name])


STAGE = '''\
import tensorflow.compat.v1 as tf


def shuffled(tensors, **kwargs):
    queue = tf.RandomShuffleQueue(dtypes=[t.dtype for t in tensors], {spread})
    op = queue.enqueue(tensors)
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [op]))
    return queue.dequeue()


def main():
    x, y = tf.train.slice_input_producer([tf.range(8), tf.range(8)], num_epochs=1, shuffle=False)
    x, y = shuffled([x, y], {given})
    return tf.train.batch([x, y], batch_size=2)
'''


def _said(spread: str, given: str = "capacity=8, min_after_dequeue=2"):
    result = rewrite(STAGE.format(spread=spread, given=given), to="tfdata")
    return result, " ".join(n.message for n in result.notes)


def test_a_key_the_two_sides_choose_differently_is_left_naming_it():
    result, said = _said("**({'capacity': 8} if len(tensors) > 1 else {'capacity': 4})")
    assert result.refused, result.code
    assert "its `capacity` depends on `len(tensors) > 1`" in said, said


def test_a_key_of_one_side_alone_that_changes_the_chain_is_left():
    result, said = _said("capacity=8, **({'seed': 3} if len(tensors) > 1 else {})", given="")
    assert result.refused, result.code
    assert "its `seed` depends on" in said, said


def test_a_caller_handing_on_its_own_kwargs_is_left_naming_the_call():
    source = STAGE.format(spread="**kwargs", given="**opts").replace("def main():", "def main(**opts):")
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    said = " ".join(n.message for n in result.notes)
    assert "the queue stage `shuffled` called at line 13" in said, said


def test_a_call_giving_no_capacity_through_kwargs_is_left():
    result, said = _said("**kwargs", given="min_after_dequeue=2")
    assert result.refused, result.code
    assert "has no capacity" in said, said


def test_kwargs_read_beyond_the_queue_are_left():
    source = STAGE.format(spread="**kwargs", given="capacity=8, min_after_dequeue=2").replace(
        "    queue = tf.RandomShuffleQueue(", "    kwargs.pop('seed', None)\n    queue = tf.RandomShuffleQueue(")
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    assert "reads its `**kwargs` beyond handing it to its `RandomShuffleQueue`" in \
        " ".join(n.message for n in result.notes)
