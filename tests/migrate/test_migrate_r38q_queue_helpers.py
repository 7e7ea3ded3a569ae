"""Held-out rounds 38-39: a file queue made by a helper through locals (``filenames = glob(...)``, the producer
bound to a name and returned, or ``return producer(...)`` after them), in the same module, another, or a method called as ``self.m(...)``, read by a
reader helper or a reader in its caller, two callers; and an input producer over a tensor (``input_producer`` of
(path, label) string pairs, of a table) handed to a helper that dequeues it, called once for ``train.batch`` or
``k`` times in a ``batch_join`` list with ``shapes=`` (one map with ``k`` parallel calls, each element once,
``ensure_shape`` per tensor).

The programs of ``r38q_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r38q_programs"
MULTISET = {"pairs_batch_join_package"}


@pytest.mark.timeout(500)
def test_the_r38q_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 5
    assert "def generate_filename_queue" not in code["returned_queue_local_reader_helper.py"]
    assert "def make_queue" not in code["queues.py"]
    assert "def make_queue" not in code["class_queue_method_two_callers.py"]
    pairs_lib = code["pairs.py"]
    assert "num_parallel_calls=threads" in pairs_lib and "ensure_shape" in pairs_lib and ".dequeue()" not in pairs_lib
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset" if name in MULTISET else "exact")
