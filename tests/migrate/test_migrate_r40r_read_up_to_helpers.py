"""Held-out round 40's service requests (the Cloud ML samples "trainer"): ``input_pipeline`` makes the file queue,
a reader helper reads it with ``read_up_to(queue, num_records=n)`` and decodes the vector of rows (``decode_csv``,
``features.pop(0)``, a preprocessing helper), and a batch helper batches them with ``enqueue_many=True``, choosing
``shuffle_batch`` or ``batch(..., allow_smaller_final_batch=True)`` by its ``shuffle`` flag. The caller's dataset is
of rows (each file's records in groups of ``n``, the reader helper mapped over each group, ``unbatch()``), which the
batch helper batches. Variants: the helpers in a package module, in the program's module (``tf.compat.v1.``
spelled out, the pipeline built twice, shuffled and in order), methods of a class (``from tensorflow.compat.v1
import train``, the method named ``batch`` as TensorFlow's); files whose row counts are not multiples of ``n``.

The programs of ``r40r_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r40r_programs"
COMPARE = {"package_trainer_order": "exact", "class_trainer": "exact"}  # in order; the shuffles: each row once
ENDS = {"package_trainer_order": "rows: 13", "package_trainer_shuffle": "rows: 12",
        "spelled_two_callers": "rows: 12 + 10", "class_trainer": "rows: 9"}


@pytest.mark.timeout(500)
def test_the_r40r_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 4
    lib = (migrated / "r40r_lib" / "pipeline.py").read_text()
    assert ".batch(batch_size)), cycle_length=1)" in lib and ".unbatch()" in lib, lib
    assert "def batch(dataset, batch_size, shuffle=True)" in lib, lib
    assert ".unbatch()" in code["spelled_two_callers.py"] and ".unbatch()" in code["class_trainer.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE.get(name, "multiset"), end=ENDS[name])
        if name == "spelled_two_callers":
            assert got["eval"] == want["eval"], name  # the evaluation pipeline: in order, the short batch kept
