"""Held-out round 58's KittiSeg form: ``create_queues(hypes, phase)`` makes and returns a FIFOQueue (with a
fill-level summary tagged by ``q.name`` over ``q.size()``), ``start_enqueuing_threads(hypes, q, phase, sess)``
makes the placeholders and enqueue op and starts the feeding thread, ``inputs(hypes, q, phase)`` dequeues.

- A fed queue's fill-level summary (``tf.summary.scalar(..., q.size() ...)``, its tag may read ``q.name``) no
  longer stops the feed-thread rewrite: it goes with the queue, said in the comment (as ``passthrough.py`` drops
  a runner queue's), unless the module reads its summaries back (``merge_all``...): then it is left.
- A queue returned by its builder and handed by the callers to a thread starter and to a dequeuing function is
  still not followed: the note now names the three functions and why (was "what the caller does with it is not
  followed"), in the same module and where the builder's module is a package's helper.

The programs of ``fixb4_programs/`` (``import ... as tf`` and ``from tensorflow.compat.v1 import ...``, a
package helper module, dequeue and dequeue_many, fixed steps and until closed) are migrated as one tree and run
against their originals (one feeding thread: the same rows in order)."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixb4_programs"


@pytest.mark.timeout(300)
def test_the_fixb4_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 5
    for name in (p.name for p in programs if p.name.startswith("feed_summary")):
        said = " ".join(code[name].replace("#", " ").split())
        assert "summary.scalar" not in code[name] and "fill-level summary dropped" in said, code[name]
    for name in (p.name for p in programs if p.name.startswith("split_")):
        assert "threading.Thread" not in code[name] and "def inputs" not in code[name] and \
            "def next_pair" not in code[name], code[name]  # (builder, starter and consumer written at the caller)
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "order", end=None)


_SPLIT = '''
import threading

import numpy as np
import tensorflow.compat.v1 as tf


def create_queues(capacity):
    q = tf.FIFOQueue(capacity=capacity, dtypes=[tf.float32, tf.int32], shapes=[[3], []])
    return q


def start_enqueuing_threads(q, sess, n):
    x_pl = tf.placeholder(tf.float32)
    y_pl = tf.placeholder(tf.int32)
    enqueue_op = q.enqueue([x_pl, y_pl])
    close_op = q.close()

    def loop(sess):
        for i in range(n):
            sess.run(enqueue_op, feed_dict={x_pl: np.full([3], i, np.float32), y_pl: i})
        sess.run(close_op)

    t = threading.Thread(target=loop, args=(sess,))
    t.start()
    return t


def inputs(q, batch):
    x, y = q.dequeue_many(batch)
    return x, y
'''

_CALLER = '''
def main(data_dir):
    q = {mod}create_queues(20)
    x, y = {mod}inputs(q, 2)
    sess = tf.Session()
    t = {mod}start_enqueuing_threads(q, sess, 8)
    out = [sess.run([x, y]) for _ in range(4)]
    t.join()
    return out
'''


def _words(notes) -> str:
    return " ".join(" ".join(n.message for n in notes).split())


_REASON = ("`create_queues` returns it, and its callers hand it to `start_enqueuing_threads` (line 13), which makes "
           "its enqueue and starts the feeding thread on the session it is handed, and to `inputs` (line 29), which "
           "dequeues it: a queue split between a builder, a thread starter and a dequeuing function is not followed")


@pytest.mark.parametrize("dequeue", ["x, y = q.dequeue_many(batch)", "x, y = q.dequeue()"])
def test_a_queue_split_between_builder_starter_and_consumer_of_one_module_is_rewritten(dequeue):
    source = (_SPLIT + _CALLER.format(mod="")).replace("x, y = q.dequeue_many(batch)", dequeue)
    result = rewrite(source, to="tfdata")
    assert not result.refused and "FIFOQueue(" not in result.code and "threading" not in result.code, result.code
    assert "def loop" in result.code and "from_generator" in result.code, result.code


def test_the_split_queue_of_a_package_helper_is_left_naming_them(tmp_path):
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    lib = tmp_path / "splitlib" / "feeding.py"
    main = "import tensorflow.compat.v1 as tf\nfrom splitlib import feeding\n" + _CALLER.format(mod="feeding.")
    sources = {str(tmp_path / "splitlib" / "__init__.py"): "", str(lib): _SPLIT, str(tmp_path / "main.py"): main}
    result = rewrite_tree(sources, root=str(tmp_path))[str(lib)]
    assert result.refused and "FIFOQueue(" in result.code, result.code
    assert _REASON in _words(result.notes), _words(result.notes)


def test_a_fill_summary_of_a_module_that_merges_its_summaries_is_left():
    source = (PROGRAMS / "feed_summary_scaled_name_dequeue_many_fixed_steps.py").read_text().replace(
        "    sess = tf.Session()", "    merged = tf.summary.merge_all()\n    sess = tf.Session()")
    result = rewrite(source, to="tfdata")
    assert result.refused and "summary.scalar(" in result.code and "FIFOQueue(" in result.code, result.code


def test_a_split_whose_feeding_loop_builds_its_feed_dict_in_a_helper_is_left_saying_where():
    """``feed_dict=make_feed(d)``: the loop's feed is not followed into the helper; the note says so after
    naming the split (the builder, starter and consumer were written at the caller, and it is left there too)."""
    source = (PROGRAMS / "split_builder_starter_consumer_same_module.py").read_text().replace(
        "    def enqueue_loop(sess", "    def make_feed(data):\n        image, label = data\n"
        "        return {image_pl: image, label_pl: label}\n\n    def enqueue_loop(sess").replace(
        "        for image, label in gen:\n            sess.run(enqueue_op, feed_dict={image_pl: image, label_pl: label})",
        "        for d in gen:\n            sess.run(enqueue_op, feed_dict=make_feed(d))")
    assert "make_feed(d)" in source
    result = rewrite(source, to="tfdata")
    said = _words(result.notes)
    assert result.refused and "FIFOQueue(" in result.code, result.code
    assert "written at the caller, it is left there too" in said and \
        "the feeding function runs something other than the enqueue" in said, said
