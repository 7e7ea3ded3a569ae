"""Held-out round 21's leftovers (issue 17), hand-built queues: a prefetch queue whose `shared_name` and thread
count are a helper's parameters left at their `None` / 1 defaults (followed to the default and to the calls of
the helper), made as a `PaddingFIFOQueue` or a `FIFOQueue` by a flag; and what is said where such a queue is
left (a caller passing `shared_name`, several threads, a dequeue per tower in a loop).

The programs of ``r21_queue_programs/`` (a helper in another module, one in the same module, several import
styles, a reused name) are migrated as one tree and run against their originals, compared exactly."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r21_queue_programs"


@pytest.mark.timeout(500)
def test_the_r21_queue_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 2
    assert all("FIFOQueue(" not in c and "QueueRunner(" not in c for c in code.values()), code
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact")


PREFETCH = '''\
import tensorflow.compat.v1 as tf


def prefetch(tensors, threads=1, shared_name=None):
    queue = tf.{kind}(4, [t.dtype for t in tensors], shared_name={shared})
    op = queue.enqueue(tensors)
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [op] * {threads}))
    return queue


def main(files):
    _, line = tf.TextLineReader().read(tf.train.string_input_producer(files, num_epochs=1, shuffle=False))
    batch = tf.train.batch([line, line], batch_size=2)
{use}
'''
ONE = "    return prefetch(batch{args}).dequeue()"
TOWERS = "    return [prefetch(batch).dequeue() for _ in range(2)]"
TOWER_LOOP = ("    q = prefetch(batch)\n    out = []\n    for i in range(2):\n        with tf.device('/gpu:%d' % i):\n"
              "            out.append(q.dequeue())\n    return out")


def _said(result) -> str:
    return " ".join(n.message for n in result.notes)


@pytest.mark.parametrize("kind", ["FIFOQueue", "PaddingFIFOQueue"])
def test_a_prefetch_queue_left_at_its_defaults_goes(kind):
    result = rewrite(PREFETCH.format(kind=kind, shared="shared_name", threads="threads", use=ONE.format(args="")),
                     to="tfdata")
    assert not result.refused, result.notes
    assert f"tf.{kind}(" not in result.code and "QueueRunner(" not in result.code
    assert f"{kind}, QueueRunner rewritten" in _said(result)


@pytest.mark.parametrize("shared, threads, args, why", [
    ("shared_name", "threads", ", shared_name='q'", "a call of `prefetch` passes `shared_name`"),
    ("'common'", "threads", "", "shared_name='common'"),
    ("shared_name", "threads", ", 2", "a call of `prefetch` passes `threads`"),
    ("None", "2", "", "not one thread"),
])
def test_a_shared_or_threaded_prefetch_queue_is_left_saying_why(shared, threads, args, why):
    result = rewrite(PREFETCH.format(kind="PaddingFIFOQueue", shared=shared, threads=threads,
                                     use=ONE.format(args=args)), to="tfdata")
    said = _said(result)
    assert result.refused and why in said, said
    assert "`tf.compat.v1.PaddingFIFOQueue` left" in said and "`tf.compat.v1.FIFOQueue` left" not in said, said
    assert "PaddingFIFOQueue(4" in result.code


def test_a_prefetch_queue_dequeued_once_per_tower_is_left():
    result = rewrite(PREFETCH.format(kind="FIFOQueue", shared="None", threads="1", use=TOWER_LOOP), to="tfdata")
    said = _said(result)
    assert "runs in a loop" in said and "keep the queue" in said, said
    assert "q.dequeue()" in result.code and "FIFOQueue(4" in result.code
