"""Held-out rounds 46/47's loader: a `range_input_producer`'s index read by a per-element `py_func` whose list of
outputs is kept under one name, shaped by index (`tf_f[0].set_shape([3])`) and enqueued whole
(`queue.enqueue(tf_f)`) into a RandomShuffleQueue or FIFOQueue of as many components under a `QueueRunner`, read
by `dequeue_many`. The shaping lines are per-element code: they move into the map function with the py_func, and
the whole list is the element, batched as the queue batched it. A read of the list after the batch is still a
use outside the pipeline: refused.

The programs of ``r46p_programs/`` (another module's loader, `tf.numpy_function` under `from
tensorflow.compat.v1 import train`, the list unpacked or indexed before `train.batch`) are migrated as one tree
and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r46p_programs"
ENDS = {"module_loader_shuffle_queue": "rows: 12", "numpy_function_fifo_train_import": "done",
        "unpacked_and_indexed_batch": "2 + 3"}
COMPARE = {"module_loader_shuffle_queue": "multiset"}


@pytest.mark.timeout(500)
def test_the_r46p_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    assert [n for n, c in code.items() if "Queue(" in c or "Supervisor" in c] == [], code
    assert "        outs[0].set_shape([2])\n        outs[-1].set_shape([])\n        return outs\n" in \
        code["module_loader_shuffle_queue.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE.get(name, "exact"), end=ENDS[name])


def test_the_list_read_after_the_batch_is_left():
    source = (PROGRAMS / "numpy_function_fifo_train_import.py").read_text()
    source = source.replace("    batches = []\n", "    first_code = looked[0] + 1\n    batches = []\n", 1)
    source = source.replace("        coord.request_stop()\n", "        print(sess.run(first_code))\n"
                            "        coord.request_stop()\n", 1)
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    said = " ".join(n.message for n in result.notes)
    assert "`looked` is also used outside the pipeline (line 27)" in said, said
