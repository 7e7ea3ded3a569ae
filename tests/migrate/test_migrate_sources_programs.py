"""The programs of the source forms, each migrated with ``--to tfdata`` and run against its original in one
TensorFlow process (the same batches, the same end): ``in_step_programs/`` (several sources read in step: a
zip, ``in_step.py``) and ``flag_programs/`` (producers whose ``shuffle`` / ``num_epochs`` are expressions: a
class attribute, a namespace, parameters). Each program reports a shuffled run as its batch sizes and its
sorted rows. Text tests: ``test_migrate_in_step.py``, ``test_migrate_source_flags.py``."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, run_both_ways, write_pair
from tfdata_bridge.migrate import rewrite, scan_source

HERE = pathlib.Path(__file__).resolve().parent
FOLDERS = {"in_step_programs": "Dataset.zip((", "flag_programs": "if "}  # folder -> a line of its rewrite


@pytest.mark.timeout(500)
def test_the_migrated_source_programs_deliver_what_their_originals_deliver(tmp_path):
    pairs = {}
    for folder, mark in FOLDERS.items():
        for program in sorted((HERE / folder).glob("*.py")):
            result = rewrite(program.read_text(), to="tfdata")
            assert not result.refused, (program.name, result.notes)
            assert mark in result.code, program.name
            assert not scan_source(result.code), program.name  # no legacy queue API left
            pairs[program.stem] = write_pair(tmp_path, program.stem, program.read_text(), result.code)
    assert len(pairs) >= 7
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert len(want["batches"]) >= 2, name
        assert_delivers_the_same(name, want, got, "exact")
