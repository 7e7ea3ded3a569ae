"""Held-out round 67's raw-rollouts reader: a reader helper that lists its files itself (``matching_files``,
``glob``) and reorders the list under ``if flag:``, its caller passing a literal ``False``: the skipped block binds
nothing, so the list is the one value the producer reads and moves to the call site (the helper keeps the ``if``;
the call keeps the ``False``). A ``True`` there (the list shuffled in the graph, again at each producer pass) is
still refused. Also pinned: a replay memory's per-call ``push`` method (one enqueue on the instance's session per
call, under ``with sess.as_default():``), driven by other threads' loops, is refused for that, not for its
spelling.

The programs of ``d3f_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "d3f_programs"
ENDS = {"varlen_flag_in_package": "episodes: 12"}


@pytest.mark.timeout(500)
def test_the_d3f_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    assert "Dataset.from_tensor_slices(tf.matching_files(PATTERN))" in code["csv_flag_skipped_function.py"]
    assert "read_rows(value, False)" in code["csv_flag_skipped_function.py"]
    assert code["varlen_flag_in_package.py"].count(".padded_batch(2, drop_remainder=True)") == 2
    assert "if newest_first:" in code["episodes.py"]  # (the helper keeps its flag; the call skips it as before)
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end=ENDS.get(name, "OutOfRangeError"))


def test_a_flag_the_call_sets_keeps_the_helper_whole():
    source = (PROGRAMS / "csv_flag_skipped_function.py").read_text().replace(
        "read_rows(shuffle_files=False)", "read_rows(shuffle_files=True)")
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert any("the file queue's `string_tensor` uses a value `read_rows` computes" in n.message
               for n in result.notes), result.notes


PUT = '''\
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class Replay(object):
    def __init__(self, sess):
        self.sess = sess
        self.q = tf.RandomShuffleQueue(50, 10, [tf.float32, tf.int64], shapes=[[3], []], seed=1)
        self.obs = tf.placeholder(tf.float32, [3])
        self.act = tf.placeholder(tf.int64, [])
        self.push_op = self.q.enqueue([self.obs, self.act])
        self.batch = self.q.dequeue_many(4)

    def push(self, obs, act):
        fd = {self.obs: obs, self.act: act}
        with self.sess.as_default():
            self.sess.run(self.push_op, feed_dict=fd)


class Worker(threading.Thread):
    def __init__(self, replay, k):
        threading.Thread.__init__(self)
        self.replay, self.k = replay, k

    def run(self):
        for t in range(8):
            self.replay.push(np.full([3], t, np.float32), self.k)


def main():
    sess = tf.Session()
    replay = Replay(sess)
    workers = [Worker(replay, k) for k in range(2)]
    for w in workers:
        w.start()
    return sess.run(replay.batch)
'''


def test_a_per_call_put_method_driven_by_worker_threads_is_refused_for_its_callers_loop():
    result = rewrite(PUT, to="tfdata")
    assert result.code == PUT
    message = " ".join(n.message for n in result.notes)
    assert "`Replay.push` runs the enqueue on the session kept on the instance once per call, on what it is " \
           "given (`obs, act`), and is called from outside the class" in message, message
    assert "runs something other than the enqueue" not in message
    # (alone in its module, its callers in another: the same rule, said for callers it cannot see)
    alone = PUT.split("class Worker")[0]
    message = " ".join(n.message for n in rewrite(alone, to="tfdata").notes)
    assert "It runs the enqueue once per call, on what it is given (`obs, act`): the loop that makes the " \
           "elements is in its callers" in message, message
