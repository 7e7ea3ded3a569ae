"""Held-out round 27's loader threads made by a list comprehension (``workers = [Thread(target=self._load,
args=(sess, s)) for s in shards]``), started by a loop over that list, and a closer nested in the starter that
joins that same list (a name bound once there, read by the closer as its free name) before running the close:
the feed is the loaders' multiset, one generator over the kept items. A closer joining another list, or a
name it binds itself, or a list the starter binds again, is left with a note naming the list.

The programs of ``r27e_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r27e_programs"


@pytest.mark.timeout(500)
def test_the_r27e_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 2
    assert [n for n, c in code.items() if "Queue(" in c or "Thread(" in c] == [], code
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset", end=None)


STARTER = '''\
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class Feeder(object):
    def __init__(self):
        self.x = tf.placeholder(tf.float32, [])
        self.queue = tf.RandomShuffleQueue(8, 1, [tf.float32], shapes=[[]])
        self.enqueue = self.queue.enqueue([self.x])
        self.close = self.queue.close()

    def _load(self, sess, values):
        for v in values:
            sess.run(self.enqueue, {self.x: v})

    def start(self, sess, shards):
        workers = [threading.Thread(target=self._load, args=(sess, s)) for s in shards]
        for w in workers:
            w.start()
REBIND
        def close_after(CLOSER_PARAMS):
            for w in JOINED:
                w.join()
            sess.run(self.close)

        closer = threading.Thread(target=close_after)
        closer.start()
        return workers + [closer]


def main():
    feeder = Feeder()
    x = feeder.queue.dequeue_many(2)
    sess = tf.Session()
    feeder.start(sess, [[1.0, 2.0], [3.0, 4.0]])
    return sess.run(x)
'''


def _program(rebind="", params="", joined="workers") -> str:
    return STARTER.replace("REBIND\n", rebind).replace("CLOSER_PARAMS", params).replace("JOINED", joined)


def _notes(source: str) -> tuple[str, str]:
    result = rewrite(source, to="tfdata")
    return result.code, " ".join(n.message for n in result.notes)


def test_a_nested_closer_joining_the_comprehended_threads_is_the_generator_end():
    code, _ = _notes(_program())
    assert "Queue(" not in code and "Thread(" not in code, code
    assert "self.__load_args = [(s,) for s in shards]" in code


@pytest.mark.parametrize("rebind, params, joined, named", [
    ("", "", "self.others", "`close_after` joins `self.others`"),  # another list
    ("", "workers=()", "workers", "`close_after` joins `workers`"),  # the closer's own parameter
    ("        workers = workers[:1]\n", "", "workers", "`close_after` joins `workers`"),  # bound again
])
def test_a_closer_not_provably_joining_the_feeding_threads_is_left(rebind, params, joined, named):
    code, said = _notes(_program(rebind, params, joined))
    assert "RandomShuffleQueue(" in code
    assert named in said, said
