"""Held-out round 41's alloy CSVs (the "Distributed TensorFlow" chapter of *Hands-On Machine Learning*): a filename
``FIFOQueue`` fed once from a placeholder (name by name, or all by one ``enqueue_many`` run) and closed, a helper
handed the instance queue making a reader and returning its enqueue op, called k times for a ``QueueRunner`` made
by hand and started by ``create_threads``, read by ``dequeue_up_to`` / ``dequeue_many``. The filename queue is
``string_input_producer(names, num_epochs=1, shuffle=False)``, the helper's ops a ``batch_join`` /
``shuffle_batch_join`` of its lists (``fed_file_queue.py``), then tf.data. Variants: ``tf.compat.v1.`` spelled
out with one reader and the queue handed by keyword (in order), the form inside a package function with the
names a parameter and the reader count a variable.

The programs of ``r41h_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r41h_programs"
COMPARE = {"spelled_many_one_reader": "exact"}  # one reader, a FIFOQueue: in order; the others each row once
ENDS = {"book_readers": "rows: 12", "spelled_many_one_reader": "rows: 12", "package_two_readers": "rows: 16"}


@pytest.mark.timeout(300)
def test_the_r41h_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    lib = (migrated / "r41h_lib" / "pipeline.py").read_text()
    assert "from_tensor_slices(paths)" in lib and "placeholder" not in lib, lib
    assert "placeholder" not in code["book_readers.py"] and "create_threads" not in code["book_readers.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE.get(name, "multiset"), end=ENDS[name])
