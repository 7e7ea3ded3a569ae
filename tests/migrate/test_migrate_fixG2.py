"""Feeding classes of round 71's kinds (``fixG2_programs/``, one package migrated as a tree):

- a starter looping ``for _ in range(workers)`` whose count is 1 at every call of the tree (a parameter
  defaulting to 1 that no module passes, ``feed/starter.py``), its one thread closing the queue where its data
  ends; the session it kept read only by ``if self.session is not None: self.session.run(queue.close(...))``,
  which goes with the queue (``feed/thread_joins.session_guarded_closes``);
- an enqueue (of a class, or in a block a module-level feeder function feeds) taking a per-component op on a
  fed placeholder (``tf.cast(self.lengths, tf.int32)``,
  ``tf.sparse.to_dense(self.tags, ...)`` of a ``sparse_placeholder``): a ``map`` after ``from_generator``
  (``feed/wraps.py``), the starter's ``coord.register_thread(t)`` going with its thread;
- a starter whose count another module passes as 2, each thread closing on its own condition: left, with the
  reason (which data legacy delivers races); two threads where the last to finish closes (a lock and a count):
  their loops one after another, shuffled, the same multiset.
"""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixG2_programs"
COMPARE = {"chunk_runner_shuffled_package": "multiset", "counted_workers_shuffled_package": "multiset"}


@pytest.mark.timeout(300)
def test_round71_feeders_count_one_and_sparse_placeholders(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    out = migrate_tree_allowing_refusals(PROGRAMS, original, migrated)
    runners, _ = out["g2lib/runners.py"]
    loaders, _ = out["g2lib/loaders.py"]
    racing, racing_notes = out["g2lib/racing.py"]
    # the one-worker runner: a dataset, no thread, no queue, its session's close gone
    assert "RandomShuffleQueue(" not in runners and "from_generator(" in runners, runners
    assert "threading.Thread(" not in runners and "self.session.run" not in runners, runners
    assert ".shuffle(30, seed=5)" in runners and ".unbatch()" in runners, runners
    # the loader: the ops of the enqueue in a map, the sparse value as its three arrays
    assert "FIFOQueue(" not in loaders and "sparse_placeholder" not in loaders, loaders
    assert "tf.cast(c1, tf.int32)" in loaders and "tf.SparseTensor(*c2)" in loaders, loaders
    assert "register_thread" not in loaders, loaders
    # two workers each closing: left, the reason said
    assert "RandomShuffleQueue(" in racing, racing
    assert "not 1 at every call" in racing_notes and "`launch`" in racing_notes, racing_notes
    counted, _ = out["g2lib/counted.py"]
    assert "RandomShuffleQueue(" not in counted and "self._running -= 1" not in counted and "feed_all" in counted, counted
    function, _ = out["function_feeder_cast_sparse.py"]
    assert "FIFOQueue(" not in function and "threading" not in function, function
    assert "(tf.cast(c0, tf.int32), tf.sparse_tensor_to_dense(tf.SparseTensor(*c1)))" in function, function
    programs = ["chunk_runner_shuffled_package", "padded_loader_sparse_package", "counted_workers_shuffled_package",
                "function_feeder_cast_sparse"]
    pairs = {n: (original / f"{n}.py", migrated / f"{n}.py") for n in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert len(want["batches"]) == 3, want
        assert_delivers_the_same(name, want, got, COMPARE.get(name, "exact"), end=None)



_TWIN = '''\
import threading

import tensorflow.compat.v1 as tf


class TwinRunner:
    def __init__(self):
        self.queue = tf.FIFOQueue(4, [tf.float32])

    def start(self, sess, coord, workers=1):
        return [threading.Thread(target=sess.run, args=(self.queue.close(),)) for _ in range(workers)]
'''


@pytest.mark.parametrize("caller", [
    # (another class's starter of the same name, named by the module calling it with 2: not the runner's)
    "from g2lib.twin import TwinRunner\n\ndef go(sess, coord):\n    return TwinRunner().start(sess, coord, 2)\n",
    # (the runner's own starter given the literal 1)
    "from g2lib.runners import ChunkRunner\n\ndef go(sess, coord):\n    runner = ChunkRunner([], 4)\n"
    "    return runner.start(sess, coord, workers=1)\n",
])
def test_a_starter_count_is_read_from_the_calls_of_the_starters_own_class(caller):
    """``start`` / ``start_threads`` are common names: a module naming another class that defines the starter
    (and not the runner's) calls that class's starter, so its count does not stop the runner's one thread; the
    literal 1 is one thread. (A count other than 1 for a starter whose threads race to close:
    ``chunk_runner_two_workers_left`` above.)"""
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    lib = PROGRAMS / "g2lib"
    sources = {f"/x/g2lib/{p.name}": p.read_text() for p in lib.glob("*.py")}
    sources["/x/g2lib/twin.py"] = _TWIN
    sources["/x/chunks.py"] = (PROGRAMS / "chunk_runner_shuffled_package.py").read_text()
    sources["/x/caller.py"] = caller
    runners = rewrite_tree(sources, root="/x")["/x/g2lib/runners.py"]
    assert "RandomShuffleQueue(" not in runners.code, [n.message for n in runners.notes]
