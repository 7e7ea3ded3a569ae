"""Held-out round 53's hand-built queues: a runner's `[enqueue_op] * n` whose `n` is a name bound once to an
integer literal (a local, or a module constant of a helper's module) is that count; the list of the one tensor
`slice_input_producer` slices, enqueued whole (`queue.enqueue(sched)`), is the queue's one component; a FIFOQueue
filled from in-memory data by `for _ in range(k): sess.run(fill)`, then closed, is those rows k times over.

The programs of ``w3b_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "w3b_programs"
MULTISET = {"gate_package_caller1", "gate_package_caller2", "sched_fifo_named_op_train_import"}


def test_a_thread_count_bound_twice_stays_refused():
    source = (PROGRAMS / "gate_local_count.py").read_text().replace(
        "    num_threads = 1\n", "    num_threads = 1\n    if data_dir:\n        num_threads = 2\n")
    result = rewrite(source, "tfdata")
    assert result.refused and "FIFOQueue(" in result.code


@pytest.mark.parametrize("change, why", [
    ("    close_op.run()\n", "is not run once after the fills"),  # closed before the fills: legacy's enqueue fails
    ("        sess.run(enqueue_op)\n", "is run inside a loop"),  # a loop that may leave early
])
def test_a_fill_loop_off_the_form_stays_refused(change, why):
    source = (PROGRAMS / "passages_interactive_twice_close.py").read_text()
    if "close" in change:
        source = source.replace(change, "").replace("    sess = tf.InteractiveSession()\n",
                                                    "    sess = tf.InteractiveSession()\n" + change)
    else:
        source = source.replace(change, change + "        if i:\n            break\n")
    result = rewrite(source, "tfdata")
    assert result.refused and "FIFOQueue(" in result.code
    assert why in " ".join(n.message for n in result.notes), result.notes


@pytest.mark.timeout(500)
def test_the_w3b_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert [n for n, c in code.items() if "Queue(" in c] == [], code
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset" if name in MULTISET else "exact",
                                 end=None)
