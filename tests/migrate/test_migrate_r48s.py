"""Held-out rounds 48/49's FIFOQueue filled once from constants whose ``size()`` is read:

- a ``size()`` logged by a ``Print`` of the dequeued element is the rows left after that element, carried with
  each element of the dataset (``tf.range`` zipped in by ``from_tensor_slices``);
- a ``size()`` run after the fill is the rows less the dequeue runs before it, where the code fixes their count
  (straight-line runs of tensors built from the dequeued element, ``for _ in range(K)`` loops of them);
- a constant logged by ``Print`` before the fill is captured by an initializable iterator whose initializer runs
  where the fill ran (the log line stays where legacy had it);
- a ``size()`` read anywhere else (after some dequeues run, in a loop) is refused;
- a module function returning a dict / tuple of ``limit_epochs`` of its constants, batched with ``enqueue_many``
  by its one caller, loses the limits (``limit_epochs.helper_limits``): the batch's dataset repeats the rows
  ``num_epochs`` times (a literal, or a parameter given one by the call or its default);
- a module function whose every return is in-memory data (a dict of constants built from its parameters) is
  in-memory data; one returning a random op is not.

The programs of ``r48s_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r48s_programs"


@pytest.mark.timeout(500)
def test_the_r48s_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 6
    lines = {n: [x for x in c.splitlines() if not x.strip().startswith("#")] for n, c in code.items()}
    assert [n for n, c in lines.items() if any("Queue(" in x or ".size()" in x for x in c)] == [], code
    assert "make_initializable_iterator" in code["size_logged_imported_names.py"]
    assert [n for n, c in lines.items() if any("limit_epochs" in x for x in c)] == [], code
    assert ".repeat(2)" in code["helper_limits_tuple_train_import.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert want["end"] in ("size 6", "full 5", "rows 7", "OutOfRangeError", "three", "sizes [8, 4] left 2"), want
        assert_delivers_the_same(name, want, got, "exact", end=want["end"])


SIZED = '''\
import tensorflow.compat.v1 as tf


def main():
    q = tf.FIFOQueue(8, [tf.int32])
    x = tf.constant([1, 2, 3])
    fill = q.enqueue_many([x])
    v = q.dequeue()
    sess = tf.Session()
    sess.run(fill)
    {read}
    return sess.run(v)
'''


@pytest.mark.parametrize("read", [
    "while sess.run(v) < 2:\n        pass\n    n = sess.run(q.size())",
    "for _ in range(2):\n        if sess.run(v) > 1:\n            break\n    n = sess.run(q.size())",
    "sess.run(tf.no_op())\n    n = sess.run(q.size())",
    "print(sess.run(v))\n    take(sess, v)\n    n = sess.run(q.size())",
    "if v is not None:\n        take(sess)\n    n = sess.run(q.size())",
    "take()\n    n = sess.run(q.size())",
    "for _ in range(2):\n        print(sess.run([v, q.size()]))",
    "n = sess.run([v, q.size()])",
])
def test_a_size_read_whose_value_is_not_known_is_refused(read):
    result = rewrite(SIZED.format(read=read), to="tfdata")
    assert "FIFOQueue(" in result.code and any("not known when migrating" in n.message for n in result.notes), \
        result.notes


def test_a_size_logged_with_a_batch_is_refused():
    text = SIZED.replace("q.dequeue()", "q.dequeue_many(2)\n    v = tf.Print(v, [q.size()])").format(read="")
    result = rewrite(text, to="tfdata")
    assert "FIFOQueue(" in result.code and any("logged with a `dequeue_many`" in n.message for n in result.notes)


HELPED = '''\
import tensorflow.compat.v1 as tf


def tensors(values, num_epochs=1):
    x = tf.constant(values)
    return {{"x": tf.train.limit_epochs(x, num_epochs=num_epochs)}}


def main():
    features = tensors([1, 2, 3], {epochs})
    batch = tf.train.batch(features, 3, enqueue_many=True)
    {more}
    return batch
'''


@pytest.mark.parametrize("epochs, more, why", [
    ("2", "other = tensors([4, 5])", "called elsewhere too"),
    ("2", "seen = features", "also read outside this batch"),
    ("num_epochs=len([1])", "", "not a literal"),
])
def test_a_helpers_limit_that_cannot_go_with_this_batch_is_refused(epochs, more, why):
    result = rewrite(HELPED.format(epochs=epochs, more=more), to="tfdata")
    assert "limit_epochs(" in result.code and any(why in n.message for n in result.notes), result.notes


def test_a_helper_returning_a_random_op_is_not_in_memory_data():
    text = HELPED.replace("tf.train.limit_epochs(x, num_epochs=num_epochs)", "tf.random.uniform([3]) + x").format(
        epochs="", more="")
    result = rewrite(text, to="tfdata")
    assert "train.batch(" in result.code and any("not in-memory data" in n.message for n in result.notes), \
        result.notes
