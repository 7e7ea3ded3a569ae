"""Held-out round 58's muon telescope reader: a join over ``k`` copies of a reader helper on one file queue (a
comprehension, or its ``for _ in range(k): l.append(helper(queue))`` loop form; ``read`` or ``read_up_to`` with
``enqueue_many``; tuple or dict elements; the helper in this module or a package's), beside a ``dequeue`` of that
queue bound to a name nothing reads: an op never run takes no file name from the readers, so it goes with the
pipeline. A dequeue that is run (``sess.run(taken)``) still competes for the names: that program is left whole.

The programs of ``fixJ_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixJ_programs"


@pytest.mark.timeout(300)
def test_the_fixJ_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 4
    for name in (p.name for p in programs):
        assert "string_input_producer(" not in code[name] and ".dequeue(" not in code[name], code[name]
        assert "start_queue_runners" not in code[name], code[name]
    assert "for _ in range" not in code["read_loop_append_dict.py"]
    assert "def hit_block(lines)" in (migrated / "fixj_lib" / "hits.py").read_text()
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset", end="OutOfRangeError")


KEPT = """\
import os

import tensorflow.compat.v1 as tf


def write_runs(base):
    os.makedirs(base, exist_ok=True)
    names = []
    for run in range(4):
        name = os.path.join(base, "r%d.txt" % run)
        with open(name, "w") as f:
            for ev in range(4):
                f.write("%d\\n" % (run * 10 + ev))
        names.append(name)
    return names


def reader_of(queue):
    _, lines = tf.TextLineReader().read_up_to(queue, 2)
    return [tf.string_to_number(lines, tf.int32)]


def main(data_dir):
    files = write_runs(os.path.join(data_dir, "fixj_d"))
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    taken = queue.dequeue()
    ops = [reader_of(queue) for _ in range(2)]
    batch = tf.train.batch_join(ops, batch_size=2, capacity=20, enqueue_many=True)
    out = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    skipped = sess.run(taken)  # one file name taken from the readers: legacy's data lacks that file
    try:
        while True:
            out.append(sess.run(batch)[0].tolist())
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": [[b] for b in out], "end": "OutOfRangeError"}
"""


@pytest.mark.parametrize("change", [
    "",  # the dequeue is run: it takes a name from the readers
    "skipped = sess.run(taken)|skipped = taken",  # read (not run): not plainly dead, kept
    "ops = [reader_of(queue) for _ in range(2)]|ops = []\n    for i in range(2):\n        ops.append(reader_of("
    "queue))\n    last = i||    skipped = sess.run(taken)  #|    skipped = last  #||taken = queue.dequeue()\n|",
    # (the loop's target read after it, no dequeue)
])
def test_a_dequeue_that_may_run_or_a_loop_that_must_stay_is_refused(change):
    source = KEPT
    for pair in filter(None, change.split("||")):
        old, new = pair.split("|")
        assert old in source, old
        source = source.replace(old, new)
    result = rewrite(source, to="tfdata")
    assert result.code == source, result.code
