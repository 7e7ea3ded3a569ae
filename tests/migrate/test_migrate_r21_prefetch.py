"""Held-out round 21's "prefetch input data" queues (issue 17, item 2): im2txt's values queue returned by
`prefetch_input_data(reader, ...)` and dequeued once per preprocessing copy into a `batch_join` (with
`dynamic_pad=True`), and Inception's examples queue filled by a data set's documented `reader()`, behind
`if num_readers > 1:`, one dequeue parsed by each copy.

The programs of ``r21_prefetch_programs/`` (the queue helper in the same module and in another, a data set class
of another module, several import styles, a reused name, a FIFOQueue and a RandomShuffleQueue, with and without
``dynamic_pad``) are migrated as one tree and run against their originals: every element once (the copies
compete for legacy's queue, so the rows are compared as a multiset), the same batch sizes, the same end."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r21_prefetch_programs"


@pytest.mark.timeout(500)
def test_the_r21_prefetch_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 4
    assert all("Queue(" not in c and "QueueRunner(" not in c and ".dequeue()" not in c for c in code.values()), code
    assert ".padded_batch(" in code["captions_same_module_fifo.py"]
    # (the model's `mode` is known only at run time: both queue kinds stay, chosen by it)
    assert ".shuffle(" in code["captions_model_class_mode.py"] and code["captions_model_class_mode.py"].count(
        ".padded_batch(") == 2
    assert "cycle_length=num_readers" in code["processing.py"] and ".shuffle(40" in code["processing.py"]
    assert ".shuffle(30, seed=3" in code["shuffle_inline_reader.py"]
    assert "def reader(" not in code["records.py"]  # (the data set's reader factory: no read calls it now)
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset")
