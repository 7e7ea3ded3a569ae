"""Held-out round 52's ResNet ``build_input``: the record sizes come from a dataset switch ending in a guard
``raise``, and the reader is built from them, beside the mode switch that makes a ``RandomShuffleQueue`` or a
``FIFOQueue``. Those values stay where they are (``choice_tails.check_left``): a guard ``raise`` in their ``if``
and a statement reading a number among them (the reader's ``record_bytes=``) no longer refuse the choice; a
list among them that a statement left out may change still does.

The programs of ``w3a_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "w3a_programs"


@pytest.mark.timeout(500)
def test_the_w3a_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    lib = (migrated / "w3a_lib" / "inputs.py").read_text()
    assert "Queue(" not in lib and "raise ValueError" in lib and "FixedLengthRecordDataset" in lib, lib
    assert [n for n, c in code.items() if "Queue(" in c or "input_producer(" in c] == [], code
    assert "get_next(name='at')" in code["windows_two_callers.py"], code["windows_two_callers.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        compare = "exact" if name == "windows_two_callers" else "multiset"
        assert_delivers_the_same(name, want, got, compare, end=want["end"] if name == "windows_two_callers"
                                 else "OutOfRangeError")


def test_a_list_of_sizes_a_left_statement_may_change_is_still_refused():
    source = (PROGRAMS / "w3a_lib" / "inputs.py").read_text().replace(
        "    depth = 1\n", "    depth = 1\n    dims = [2, 2]\n").replace(
        "    reader = tf.FixedLengthRecordReader(record_bytes=record_bytes)\n",
        "    dims.append(depth)\n    reader = tf.FixedLengthRecordReader(record_bytes=record_bytes)\n").replace(
        "        image = image - 1.0\n", "        image = tf.reshape(image, dims) - 1.0\n")
    assert "dims.append(depth)" in source
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
