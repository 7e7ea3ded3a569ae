"""Held-out rounds 46/47's leftovers of feed and hand-built-queue programs:

- a coordinator handed to a feeding class of another module, reached through the package's re-export
  (``from pkg import Reader`` of ``from .reader import Reader``), goes with the class's parameter the rewrite
  emptied, and the program's plumbing with it (``feed/handed_coord.py``), positional or keyword, inline module
  attribute or imported name;
- a feeding class's queue whose ``dtypes=`` / ``shapes=`` are comprehensions over the handed placeholders
  filtered by ``if ph is not None`` (always true of a placeholder: ``feed/derived.py``);
- a FIFOQueue filled once by one run of an ``enqueue_many`` of constants and read by its dequeue is
  ``from_tensor_slices`` of them (``once_filled.py``); an op run twice, a queue with a second enqueue, or a
  placeholder-fed queue is not that form.

The programs of ``r47f_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r47f_programs"
ENDS = {"once_filled_constants_dequeue_many": "read 4", "once_filled_literal_single": "six"}


@pytest.mark.timeout(500)
def test_the_r47f_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 5
    assert [n for n, c in code.items() if "Queue(" in c or "threading" in c and "ListFeeder" not in c] == [], code
    assert [n for n, c in code.items() if "Coordinator" in c or "coord" in c.replace("coordinator.py", "")] == []
    assert "from_tensor_slices((ids, names, pairs)).batch(3, drop_remainder=True)" in \
        code["once_filled_constants_dequeue_many.py"]
    assert "from_tensor_slices(values)" in code["once_filled_literal_single.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end=ENDS.get(name, "OutOfRangeError"))


ONCE = '''\
import tensorflow.compat.v1 as tf


def main():
    q = tf.FIFOQueue(8, [tf.int32])
    x = tf.constant([1, 2, 3])
    fill = q.enqueue_many([x])
    v = q.dequeue()
    sess = tf.Session()
    {run}
    return sess.run(v)
'''


@pytest.mark.parametrize("run, why", [
    ("for _ in [0, 1]:\n        sess.run(fill)", "inside a loop"),  # (``range(2)``: two fills, migrate_w3b)
    ("sess.run(fill)\n    sess.run(fill)", "run by 2 statements"),
    ("sess.run(fill)\n    sess.run(q.enqueue([4]))", "beyond its one enqueue and one dequeue"),
])
def test_a_queue_not_filled_once_from_constants_is_left(run, why):
    result = rewrite(ONCE.format(run=run), to="tfdata")
    assert "FIFOQueue(" in result.code and any(why in n.message for n in result.notes), result.notes


def test_a_placeholder_fed_once_queue_is_not_this_form():
    text = ONCE.replace("tf.constant([1, 2, 3])", "tf.placeholder(tf.int32, [3])").format(run="sess.run(fill)")
    result = rewrite(text, to="tfdata")
    assert "FIFOQueue(" in result.code and not any("filled once" in n.message for n in result.notes)


def test_a_filter_that_drops_placeholders_is_refused():
    text = '''\
import tensorflow.compat.v1 as tf


def feed(sess, op, a, b, close):
    sess.run(op, feed_dict={a: 1, b: 2})
    sess.run(close)


def main():
    phs = [tf.placeholder(tf.int64, []), tf.placeholder(tf.int64, [])]
    q = tf.FIFOQueue(4, [p.dtype for p in phs if p is None])
    op = q.enqueue(phs)
    return q.dequeue()
'''
    result = rewrite(text, to="tfdata")
    assert "FIFOQueue(" in result.code
