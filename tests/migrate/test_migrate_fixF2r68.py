"""A queue whose class a flag chooses in the constructor's callee (held-out round 68: slim's ``prefetch_queue``
with ``(tf.PaddingFIFOQueue if dynamic_pad else tf.FIFOQueue)(...)`` or ``_which_queue(dynamic_pad)(...)``) is
written as the ``if``/``else`` of two constructors the prefetch rewrite follows (``queue_class_choice.py``): an
inline conditional in the module's own prefetch helper, the flag True; a chooser function of another module
(``if``-``return``, docstring), the flag at its default. A chooser given a call's value is left, saying why, and
the program's plumbing stays for its runner. A prefetch queue handed, with a nested function dequeuing its one
parameter, to a tower builder (round 68's ``create_clones(config, clone_fn, [batch_queue])``) becomes one iterator
over the caller's batches, each dequeue its ``get_next()`` (``towers.py``); where that function reads the queue
otherwise (its size), it is left, naming the call.

The programs of ``fixF2r68_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways
from tfdata_bridge.migrate import scan_source

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixF2r68_programs"
ENDS = {"inline_choice_flag_true": "OutOfRangeError", "chooser_package_supervisor": "steps: 4",
        "kept_call_flag": "three", "towers_builder_two": "OutOfRangeError", "kept_tower_reads_size": "three"}


@pytest.mark.timeout(300)
def test_a_queue_class_chosen_by_a_flag_migrates_as_a_prefetch(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    out = migrate_tree_allowing_refusals(PROGRAMS, original, migrated)
    code = {p: c for p, (c, _) in out.items()}
    notes = {p: n for p, (_, n) in out.items()}
    for name in ("inline_choice_flag_true.py", "chooser_package_supervisor.py", "f2r_lib/staging.py"):
        assert [f.api for f in scan_source(code[name])] == [], (name, code[name])
        assert "left unchanged" not in notes[name] and ": left" not in notes[name], (name, notes[name])
    assert "PaddingFIFOQueue or FIFOQueue, QueueRunner rewritten to tf.data; the prefetch queue goes" in \
        notes["inline_choice_flag_true.py"]
    assert "Supervisor `sv` replaced by a Session" in notes["chooser_package_supervisor.py"]
    # the chooser nothing reads any more goes, with its import
    assert "_pick_queue" not in code["f2r_lib/staging.py"] and "data_flow_ops" not in code["f2r_lib/staging.py"]
    # a chooser given a call's value: left whole, its reason said; the caller's plumbing stays for its runner
    assert code["f2r_lib/kept.py"] == (PROGRAMS / "f2r_lib/kept.py").read_text()
    assert "`PaddingFIFOQueue` is returned by `_klass`, which chooses the queue class" in notes["f2r_lib/kept.py"]
    assert "tf.train.start_queue_runners(sess=sess, coord=coord)" in code["kept_call_flag.py"]
    assert "queue-runner plumbing left: `kept_stage(...)`, called here" in notes["kept_call_flag.py"]
    # a prefetch queue handed, with a nested tower function dequeuing its parameter, to a tower builder (round 68's
    # ``create_clones(config, clone_fn, [batch_queue])``): one iterator, each dequeue a get_next; the helper goes
    towers = code["towers_builder_two.py"]
    assert [f.api for f in scan_source(towers)] == [] and "Queue" not in code["f2r_lib/towers.py"], towers
    assert "q = tf.data.make_one_shot_iterator(" in towers and "k, c = queue.get_next()" in towers
    assert "`tower`, handed the queue with it by `build_towers(...)`, dequeues its parameter `queue`" in \
        notes["towers_builder_two.py"]
    assert "prefetch helper `prefetched` removed" in notes["f2r_lib/towers.py"]
    # the tower function reads the queue's size too (no iterator has one): left, its reason said; plumbing stays
    assert "the queue `staged` is handed to `replicate(...)` (line 36), which the rewrite does not follow" in \
        notes["kept_tower_reads_size.py"]
    assert "tf.train.start_queue_runners(sess=sess, coord=coord)" in code["kept_tower_reads_size.py"]
    programs = sorted(original.glob("*.py"))
    assert sorted(p.stem for p in programs) == sorted(ENDS)
    # (the programs run both ways but the one left by the chooser, whose module is given back as written)
    pairs = {p.stem: (p, migrated / p.name) for p in programs if p.stem != "kept_call_flag"}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data", timeout=120).items():
        assert_delivers_the_same(name, want, got, "exact", end=ENDS[name])


GLOBAL_TEST = '''
import tensorflow.compat.v1 as tf

PAD = True


def _queue_for(flag):
    return tf.PaddingFIFOQueue if flag and PAD else tf.FIFOQueue


def stage(tensors, flag=False):
    q = _queue_for(flag)(2, [t.dtype for t in tensors], shapes=[t.get_shape() for t in tensors])
    tf.train.add_queue_runner(tf.train.QueueRunner(q, [q.enqueue(tensors)]))
    return q


def main(data_dir):
    values = tf.train.batch([tf.constant(1)], batch_size=2)
    a = stage([values]).dequeue()
    return a
'''


def test_one_module_takes_the_choice_and_a_chooser_reading_a_global_is_left():
    from tfdata_bridge.migrate import rewrite

    text = (PROGRAMS / "inline_choice_flag_true.py").read_text()
    done = rewrite(text, to="tfdata")
    assert not done.refused and "PaddingFIFOQueue or FIFOQueue, QueueRunner rewritten to tf.data" in \
        " ".join(n.message for n in done.notes)
    assert "if padded:" in done.code or "FIFOQueue" not in done.code
    # a chooser whose test reads a global (which could mean a local of the caller where it would be written): left
    left = rewrite(GLOBAL_TEST, to="tfdata")
    assert "_queue_for(flag)(2," in left.code
    assert any("`PaddingFIFOQueue` is returned by `_queue_for`, which chooses the queue class" in n.message
               for n in left.refused), left.notes
