"""A hand-built queue, its enqueue op and its ``QueueRunner`` kept on ``self`` in one method, the runner started
by another method of the class (the reading-data how-to's recipe as a pipeline class: ``held_runner.py``), is
rewritten as the runner-queue form: the queue, its op and its runner go, the dequeue becomes the dataset's batch,
and the start method gives no threads. The programs of ``fixP2_programs/`` (a package ``p2_lib`` holding a class
and a helper) are migrated as one tree; three run against their originals: a RandomShuffleQueue class of the
package fed by a module helper's tuple (each row once), a FIFOQueue class of the main module with one thread,
registered by ``add_queue_runner(self.qrunner)`` in another method (in order), and a RandomShuffleQueue read by
``dequeue()`` into ``train.batch`` (each row once). Two classes whose queue or op another method also uses are
left, with the reason."""

from __future__ import annotations

import pathlib

import libcst as cst
import pytest

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixP2_programs"
RUN = {"held_shuffle_class_package": "multiset", "held_fifo_locals_registered": "exact",
       "held_single_dequeue_batch": "multiset"}


@pytest.mark.timeout(300)
def test_a_queue_op_and_runner_kept_on_self_are_rewritten(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    out = migrate_tree_allowing_refusals(PROGRAMS, original, migrated)
    code = {rel: text.split('"""', 2)[-1] for rel, (text, _) in out.items()}
    from tfdata_bridge.migrate import scan_source

    for rel in ("p2_lib/pipes.py", "held_fifo_locals_registered.py", "held_single_dequeue_batch.py"):
        left = [f.api for f in scan_source(out[rel][0]) if "Queue" in f.api or "Reader" in f.api or "producer" in f.api]
        assert "tf.data" in code[rel] and left == [], (left, out[rel])
        assert " left: " not in out[rel][1], out[rel][1]  # (nothing refused there: no other family's note)
        assert ".enqueue(" not in code[rel] and "create_threads" not in code[rel], code[rel]
    assert "def launch(self, sess, coord):\n        return []" in code["p2_lib/pipes.py"]
    assert "def register(self):\n        pass" in code["held_fifo_locals_registered.py"]
    assert "threads = []" in code["held_single_dequeue_batch.py"]
    assert ".shuffle(32, seed=5)" in code["p2_lib/pipes.py"]
    # another method also naming the queue (its size) or the enqueue op (a top-up): left, saying which
    text, notes = out["held_elsewhere_left.py"]
    assert "tf.data" not in text and text.count("QueueRunner(self.queue") == 2, text
    # (each class's own: the other class's ``self.queue`` is another object's attribute)
    for named in ("named elsewhere: `self.queue` in `fill` (line 18);", "named elsewhere: `self.op` in `top_up`"):
        assert named in notes and "names them outside the method that makes them" in notes, notes
    pairs = {name: (original / f"{name}.py", migrated / f"{name}.py") for name in RUN}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, RUN[name], end="OutOfRangeError")
        assert sum(len(b[0]) for b in want["batches"]) in (8, 10, 12), (name, want)


def test_the_pass_costs_nothing_where_no_runner_is_named():
    from tfdata_bridge._src.migrate.held_runner import held_runners

    module = cst.parse_module("class A:\n    def __init__(self):\n        self.q = make()\n")
    assert held_runners(module) is module
    # all locals, started in the same function: the ordinary form, left to the recogniser as written
    local = cst.parse_module("import tensorflow.compat.v1 as tf\nclass A:\n    def __init__(self):\n"
                             "        q = tf.FIFOQueue(2, [tf.int64])\n        op = q.enqueue([x])\n"
                             "        tf.train.add_queue_runner(tf.train.QueueRunner(q, [op]))\n")
    assert held_runners(local) is local
