"""Held-out round 43's framework-style feeders keep the session on the object: the feeding method runs
``self.sess.run(self.enqueue_op, feed_dict=...)`` (or ``self._sess``), the session set from one the program
made and handed in (``self.sess = session`` in ``__init__``, ``self._sess = holder.sess``, or ``self._sess =
sess`` in the method that starts the thread), the feeding method taking only ``self`` or its data too. Such a
class is rewritten like one handed its session as the thread's argument. A session the class makes itself, or
one set twice, may not be the program's: refused, saying so; a feeding method called once per element from
outside the class, or a queue handed to another class's constructor that makes its enqueue op, is left with a
note naming that.

The programs of ``r43s_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r43s_programs"


@pytest.mark.timeout(500)
def test_the_r43s_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    assert [n for n, c in code.items() if "Queue(" in c or "threading" in c] == [], code
    assert "yield ([a, b], label)" in code["init_session_attr_run.py"]
    assert "self._sess.run" not in code["feeders.py"] and "def _feed(self, rows):" in code["feeders.py"]
    assert "self._sess.run" not in code["padded.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact")


FEEDER = '''\
import threading

import tensorflow.compat.v1 as tf


class Feeder(object):
    def __init__(self, session, rows):
        {keep}
        self.rows = rows
        self.x = tf.placeholder(tf.int64, [])
        self.queue = tf.FIFOQueue(4, [tf.int64], shapes=[[]])
        self.enqueue_op = self.queue.enqueue([self.x])

    def feed(self, rows):
        for r in rows:
            self.sess.run(self.enqueue_op, feed_dict={{self.x: r}})
        self.sess.run(self.queue.close())

    def start(self):
        t = threading.Thread(target=self.feed, args=(self.rows,))
        t.start()
        return t

    def batch(self):
        return self.queue.dequeue_many(2)
{more}

def main():
    sess = tf.Session()
    f = Feeder(sess, [1, 2, 3, 4])
    x = f.batch()
    f.start()
    return sess.run(x)
'''


def _said(keep: str, more: str = "") -> tuple[bool, str]:
    result = rewrite(FEEDER.format(keep=keep, more=more), to="tfdata")
    return result.refused, " ".join(" ".join(n.message for n in result.notes).split())


def test_a_session_handed_to_init_is_the_feeders():
    refused, said = _said("self.sess = session")
    assert not refused, said


@pytest.mark.parametrize("keep,more", [
    ("self.sess = tf.Session()", ""),  # (its own session: not the one the program reads the queue with)
    ("self.sess = session", "\n    def reset(self, other):\n        self.sess = other\n"),  # (set twice)
])
def test_a_session_that_may_differ_is_left(keep, more):
    refused, said = _said(keep, more)
    assert refused, said
    assert "is not set once from a session handed to a method of `Feeder`" in said, said


PLUGGED = '''\
import threading

import tensorflow.compat.v1 as tf


class BaseFeeder(threading.Thread):
    def __init__(self, session):
        super(BaseFeeder, self).__init__()
        self.sess = session
        self.x = tf.placeholder(tf.int64, [])
        self.queue = tf.FIFOQueue(4, [tf.int64], shapes=[[]])
        self.enqueue_op = self.queue.enqueue([self.x])

    def feed_one(self, value):
        self.sess.run(self.enqueue_op, feed_dict={self.x: value})

    def run(self):
        self.prepare()


def make(session):
    return BaseFeeder(session)


def main():
    sess = tf.Session()
    feeder = make(sess)
    values = iter([1, 2, 3, 4])

    def prepare():
        for v in values:
            feeder.feed_one(v)

    feeder.prepare = prepare
    x = feeder.queue.dequeue_many(2)
    feeder.start()
    return sess.run(x)
'''


def test_a_per_element_feeding_method_called_from_outside_is_left_saying_so():
    result = rewrite(PLUGGED, to="tfdata")
    said = " ".join(" ".join(n.message for n in result.notes).split())
    assert result.refused, result.code
    assert "`BaseFeeder.feed_one` runs the enqueue on the session kept on the instance once per call" in said, said
    assert "another session than" not in said, said
