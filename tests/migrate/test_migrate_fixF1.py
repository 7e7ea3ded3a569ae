"""A feed-thread queue made by a function that returns it (alone, with its ops and placeholders, or with a list
of them), inlined at each caller (``feed_builders.py``; a builder of another module of the package called once:
``builder_inline.py``) so the feed-thread rewrite sees its enqueue, close and dequeue where it is made: one
caller or two, ``tensorflow.compat.v1`` or ``tensorflow`` spelled through ``tf.compat.v1``. A caller that hands
the returned queue to what the rewrite does not follow (a feeding class, a size monitor thread running
``queue.size()``) leaves the module as written, with a reason.

The programs of ``fixF1_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixF1_programs"


def test_the_fixF1_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 4
    assert [n for n, c in code.items() if "Queue(" in c or "threading" in c or "def build" in c
            or "def make_queue" in c] == [], code
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact")


MONITORED = '''\
import threading

import tensorflow.compat.v1 as tf


class OpThread(threading.Thread):
    def __init__(self, sess, op):
        super(OpThread, self).__init__()
        self.sess, self.op, self.values = sess, op, []

    def run(self):
        for _ in range(3):
            self.values.append(self.sess.run(self.op))


def build_inputs():
    x = tf.placeholder(tf.float32, [2])
    queue = tf.FIFOQueue(8, [tf.float32], shapes=[[2]])
    return queue, x


def main():
    queue, x = build_inputs()
    put = queue.enqueue([x])
    close = queue.close()
    batch = queue.dequeue_many(2)
    sess = tf.Session()
    {use}

    def feed():
        for i in range(4):
            sess.run(put, feed_dict={{x: [i, i]}})
        sess.run(close)

    thread = threading.Thread(target=feed)
    thread.start()
    return sess.run(batch)
'''


def test_a_returned_queue_the_caller_hands_on_is_left():
    for use, why in [("monitor = OpThread(sess, queue.size())\n    monitor.start()", "`queue.size()` is read at line 28"),
                     ("keep = [queue]", "used other than by enqueue, close and one dequeue (line 28)")]:
        result = rewrite(MONITORED.format(use=use), to="tfdata")
        assert "FIFOQueue(" in result.code and "def build_inputs" in result.code, result.code
        assert [n.kind for n in result.notes] == ["refused"], result.notes
        assert "its function returns it, and inlined at its caller it is left there too" in result.notes[0].message
        assert why in result.notes[0].message, result.notes


def test_a_builder_used_other_than_by_a_call_is_not_inlined():
    text = MONITORED.format(use="").replace("    queue, x = build_inputs()", "    maker = build_inputs\n"
                                                                          "    queue, x = maker()")
    result = rewrite(text, to="tfdata")
    assert "FIFOQueue(" in result.code and "def build_inputs" in result.code
