"""Hand-built queue + QueueRunner variants (rounds 77, 79, 80): a runner given, by keyword in any order, close
and cancel ops made by statements of their own (``queue_runners.named_closes``) and added to a collection of its
own that a second start call starts; a queue dequeued before its enqueue op is made (``runner_queue
._dequeued_early``), its runner repeating ``enqueue_many`` of constant names (what is promised: the set of names a
fixed number of reads sees); a coordinator handed to a method of the package that no longer reads it after the
rewrite, passed as ``None`` (``unused_coord.py``) so the program's coordinator is only its stop flag. The programs
of ``fixQ1_programs/`` are migrated as one tree and run against their originals; the refusals are checked on text."""

from __future__ import annotations

import pathlib
import textwrap

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixQ1_programs"
ENDS = {"late_enqueue_shuffled_names": None}


@pytest.mark.timeout(300)
def test_runner_variants_migrate_and_deliver_the_same(tmp_path):
    from tfdata_bridge.migrate import scan_source

    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    closes = code["runner_named_closes_own_collection.py"]
    assert "stage.close" not in closes and "QueueRunner(" not in closes and "start_queue_runners" not in closes
    assert "tf1.data.TextLineDataset" in closes and ".batch(4, drop_remainder=False)" in closes, closes
    late = code["late_enqueue_shuffled_names.py"]
    assert ".repeat()" in late and ".shuffle(40, seed=5)" in late and "in a fixed number of reads" in late, late
    handed = code["handed_coordinator_method_package.py"]
    assert "src.launch(sess, coordinator=None)" in handed, handed
    assert [f.api for f in scan_source((migrated / "handed_coordinator_method_package.py").read_text())] == []
    assert "return []" in code["rows.py"], code["rows.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in sorted(original.glob("*.py"))}
    assert len(pairs) == 3
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end=ENDS.get(name, "OutOfRangeError"))


_LATE = """
import tensorflow.compat.v1 as tf
def main(data_dir):
    pool = tf.RandomShuffleQueue(40, 10, [tf.string], seed=5)
    picked = pool.dequeue()
    {between}
    fill = pool.enqueue_many([rows])
    tf.train.add_queue_runner(tf.train.QueueRunner(pool, [fill] * 2))
    with tf.Session() as sess:
        tf.train.start_queue_runners(sess=sess)
        return [sess.run(picked) for _ in range(5)]
"""

_CLOSE_RUN = """
import tensorflow.compat.v1 as tf
def main(data_dir):
    files = tf.train.string_input_producer(["a.csv"], num_epochs=1, shuffle=False)
    _, text = tf.TextLineReader().read(files)
    key, score = tf.decode_csv(text, record_defaults=[["?"], [0]])
    q = tf.FIFOQueue(16, [tf.string, tf.int32], shapes=[[], []])
    put = q.enqueue([key, score])
    shut = q.close()
    tf.train.add_queue_runner(tf.train.QueueRunner(queue=q, enqueue_ops=[put], close_op=shut))
    keys, scores = q.dequeue_many(2)
    with tf.Session() as sess:
        tf.train.start_queue_runners(sess=sess)
        sess.run(shut)
        return sess.run([keys, scores])
"""


def test_off_the_form_is_refused_with_the_reason():
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    sources = {
        "/q1/read_between.py": _LATE.format(between="rows = tf.constant(['a', 'b'])\n    tf.summary.text('p', picked)"),
        "/q1/bound_between.py": _LATE.format(between="rows = tf.constant(['a', 'b'])"),
        "/q1/close_run.py": textwrap.dedent(_CLOSE_RUN),
    }
    out = rewrite_tree(sources, root="/q1")
    said = {p.rsplit("/", 1)[-1]: "\n".join(n.message for n in r.notes) for p, r in out.items()}
    assert all(out[p].refused and "Queue(" in out[p].code for p in sources), said
    assert "`picked` (the dequeued tensors) is read before the enqueue op" in said["read_between.py"], said
    assert "read `rows`, bound in between" in said["bound_between.py"], said
    assert "the close op `shut`" in said["close_run.py"] and "used beyond" in said["close_run.py"], said
