"""Held-out rounds 31-35's feed-thread classes (issue 17): the forms that left them whole, made general.

- the queue's ``dtypes=`` / ``shapes=`` a name bound once, a line above it in the same block, to a comprehension
  over the placeholders (or a literal list) and read by nothing else: read as that value (the line goes);
- a list view of a holder of placeholders (``phs = list(d.values())``), and, in a class, a local holder kept on
  ``self`` (``self.placeholders = placeholders``): read as the holder's placeholders, in order;
- placeholders handed to a feeding class as a literal of names (``Queue([quizzes, solutions])``), each bound once
  in the caller's block to a ``placeholder(...)``: read as those calls;
- a class's feeding method made a thread's target outside the class (``Thread(target=dq.thread_main, args=(sess,
  coord, chunks(...)))``), in its module or another of the tree, once per instance: the thread's line keeps its
  data arguments on the instance (``dq._thread_main_args = [(chunks(...),)]``), read by a generator method when
  tf.data first runs it (where no module of the tree makes that thread, the class is left);
- a handed placeholder's dimension known when the graph is built (``[None, FLAGS.board]``, ``config.width``);
- the class's one dequeue written inside an expression (``dict(zip(self.names, self.queue.dequeue_many(n)))``).

A close run by the feeder is the generator's end: ``dequeue_many`` drops the remainder, where legacy's consumer
saw OutOfRange. The programs of ``r38f_programs/`` are migrated as one tree and run against their originals;
the text tests check forms that stay refused."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r38f_programs"


@pytest.mark.timeout(500)
def test_the_r38f_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 5
    assert [n for n, c in code.items() if "FIFOQueue(" in c or "threading" in c] == [], code
    assert "data_queue._thread_main_args = [(chunks(features, counts, 5),)]" in code["outside_thread_iterator_class.py"]
    assert "first._feed_args = [(rows_a, 4)]" in code["two_instances_handed_names.py"]
    assert "right._thread_main_args = [(chunks(8, 5, 100),)]" in code["outside_thread_package.py"]
    assert "dtypes = " not in code["plain_function_feeder.py"] and "dtypes = " not in code["queueing.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact")


CLASS = '''\
import threading

import tensorflow.compat.v1 as tf

ROWS = [([1, 2], [[0.5, 1.5], [2.5, 3.5]]), ([3], [[4.5, 5.5]])]


class Feeder:
    def __init__(self, placeholders):
        self.placeholders = placeholders
        {dtypes}
        self.queue = tf.FIFOQueue(10, dtypes, shapes=[p.shape[1:] for p in placeholders])
        self.enqueue_op = self.queue.enqueue_many(placeholders)
        self.close_op = self.queue.close()

    def batch(self, n):
        return {dequeue}

    def feed(self, sess, rows):
        for r in rows:
            sess.run(self.enqueue_op, feed_dict=dict(zip(self.placeholders, r)))
        sess.run(self.close_op)


def main():
    a = tf.placeholder(tf.int64, [None])
    b = tf.placeholder(tf.float32, [None, 2])
    feeder = Feeder([a, b])
    x = feeder.batch(2)
    with tf.Session() as sess:
        {threads}
        return sess.run(x)
'''
DTYPES = "dtypes = [p.dtype for p in placeholders]"
DEQUEUE = "self.queue.dequeue_many(n)"
THREAD = "threading.Thread(target=feeder.feed, args=(sess, ROWS)).start()"


def _said(dtypes=DTYPES, dequeue=DEQUEUE, threads=THREAD):
    result = rewrite(CLASS.format(dtypes=dtypes, dequeue=dequeue, threads=threads), to="tfdata")
    return result, " ".join(n.message for n in result.notes)


def test_the_class_form_rewrites_the_template():
    result, said = _said()
    assert not result.refused, said
    assert "feeder._feed_args = [(ROWS,)]" in result.code, result.code


def test_dtypes_changed_after_their_line_stay_a_name():
    result, said = _said(dtypes=DTYPES + "\n        dtypes.append(tf.int64)")
    assert result.refused and "the queue's dtypes are `dtypes`, a name" in said, said


def test_two_threads_on_one_instance_are_left():
    result, said = _said(threads=THREAD + "\n        " + THREAD)
    assert result.refused and "not the target of a thread made in one method of the class" in said, said


def test_a_dequeue_under_a_lambda_is_left():
    result, said = _said(dequeue="(lambda: self.queue.dequeue_many(n))()")
    assert result.refused and "is read other than by one `dequeue_many(n)`" in said, said


def test_a_dimension_not_known_when_the_graph_is_built_is_left_with_it_named():
    result = rewrite(CLASS.format(dtypes=DTYPES, dequeue=DEQUEUE, threads=THREAD).replace(
        "tf.placeholder(tf.float32, [None, 2])", "tf.placeholder(tf.float32, [None, len(ROWS)])"), to="tfdata")
    said = " ".join(n.message for n in result.notes)
    assert result.refused and "has `len(ROWS)`, which is not known when the graph is built" in said, said


def test_a_feeding_class_no_module_threads_is_left_in_a_tree(tmp_path):
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    lib = (PROGRAMS / "r38f_lib" / "data_queue.py").read_text()
    main = ("import collections\nimport tensorflow.compat.v1 as tf\nfrom lib.data_queue import DataQueue\n\n\n"
            "def main():\n    q = DataQueue(collections.OrderedDict([('x', tf.placeholder(tf.float32, [None, 2])), "
            "('y', tf.placeholder(tf.int32, [None]))]))\n"
            "    return q.dequeue(2)\n")
    sources = {str(tmp_path / "lib" / "__init__.py"): "", str(tmp_path / "lib" / "data_queue.py"): lib,
               str(tmp_path / "prog.py"): main}
    out = rewrite_tree(sources, root=str(tmp_path))
    got = out[str(tmp_path / "lib" / "data_queue.py")]
    said = " ".join(n.message for n in got.notes)
    assert got.code == lib and "is neither called nor made a thread's target in this module" in said, said
