"""The thread handle a feeding class's starter returns, once the starter makes no thread (``feed/handles.py``).

- a starter that returned ONE thread (``return t``) returns ``None``, and its caller's joins of it go:
  ``t.join()`` is removed, ``coord.join([t, w])`` / ``coord.join(threads=[t])`` lose ``t`` (``Coordinator.join``
  makes a set of its argument: ``coord.join([[]])`` raised ``TypeError``, ``[].join()`` ``AttributeError``);
- a starter that returned a list (``return [t]``) returns ``[]``, which ``coord.join(threads)`` and
  ``for t in threads: t.join()`` take as before;
- a handle used otherwise (``t.is_alive()``, ``threads[0]``, kept on ``self``, bound again) is refused, naming it.

The programs of ``feed_handle_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "feed_handle_programs"


@pytest.mark.timeout(500)
def test_the_feed_handle_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 6
    assert all("threading.Thread(target=self" not in c for c in code.values()), code
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact")


def _said(source: str) -> str:
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    return " ".join(n.message for n in result.notes)


def _done(source: str) -> str:
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    return result.code


HANDLED = '''\
import threading

import tensorflow.compat.v1 as tf


class Feeder(object):
    def __init__(self, rows):
        self.rows = rows
        self.x = tf.placeholder(tf.int64, [])
        self.queue = tf.FIFOQueue(8, [tf.int64], shapes=[[]])
        self.enqueue_op = self.queue.enqueue([self.x])

    def thread_main(self, sess):
        for row in self.rows:
            sess.run(self.enqueue_op, feed_dict={{self.x: row}})
        sess.run(self.queue.close())

    def start_threads(self, sess):
        t = threading.Thread(target=self.thread_main, args=(sess,))
        t.start()
        return {ret}


def main():
    feeder = Feeder([1, 2, 3])
    batch = feeder.queue.dequeue_up_to(2)
    sess = tf.Session()
    coord = tf.train.Coordinator()
{use}
    return batch
'''


def test_one_returned_thread_joined_goes_with_its_join():
    code = _done(HANDLED.format(ret="t", use="    t = feeder.start_threads(sess)\n    print(sess.run(batch))\n"
                                             "    t.join()"))
    assert "return None" in code and "t.join()" not in code, code


def test_one_returned_thread_in_a_coordinator_join_leaves_the_list():
    code = _done(HANDLED.format(ret="t", use="    w = threading.Thread(target=print)\n    w.start()\n"
                                             "    t = feeder.start_threads(sess)\n    coord.join([t, w])"))
    assert "coord.join([t" not in code and "[[]" not in code and "t.join" not in code, code


@pytest.mark.parametrize("use, what", [
    ("    t = feeder.start_threads(sess)\n    t.join()\n    print(t.is_alive())",
     "`t`, the one thread `start_threads` returns (line 29), is used other than joined (line 31); "
     "`start_threads` makes no thread now"),
    ("    t = feeder.start_threads(sess)\n    t.join()\n    t = None",
     "`t`, the thread `start_threads` returns (line 29), is bound again in its function"),
    ("    feeder.t = feeder.start_threads(sess)\n    feeder.t.join()",
     "`start_threads` returns its one thread, which the call at line 29 keeps other than under a name"),
])
def test_one_returned_thread_used_otherwise_is_refused(use, what):
    said = _said(HANDLED.format(ret="t", use=use))
    assert what in said, said


def test_a_returned_list_indexed_is_refused():
    said = _said(HANDLED.format(ret="[t]", use="    threads = feeder.start_threads(sess)\n    threads[0].join()"))
    assert "`threads`, the threads `start_threads` returns, is indexed at line 30; `start_threads` makes no " \
           "thread now and returns `[]`" in said, said


def test_a_returned_list_joined_still_returns_an_empty_list():
    code = _done(HANDLED.format(ret="[t]", use="    threads = feeder.start_threads(sess)\n"
                                               "    coord.join(threads)"))
    assert "return []" in code, code
