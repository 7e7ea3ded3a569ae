"""A reader helper nested in the pipeline's function (``def read_and_decode(q)`` inside the loader, method or
function) is followed as a module-level one is: its reader lines go, the nested def becomes the record function
in place (closing over the outer locals it read), one chain per call; a module-level helper of the same name is
the one its own callers mean (scope decides). The programs of ``fixQ5_programs/`` run against their originals,
in order."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixQ5_programs"


@pytest.mark.timeout(300)
def test_a_nested_reader_helper_becomes_the_record_function_in_place(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    records = (migrated / "q5nest" / "records.py").read_text()
    assert "TFRecordReader()" not in records and records.count("tf.data.TFRecordDataset(") == 3, records
    assert "        def read_and_decode(serialized):" in records  # (nested still, as the record function)
    assert "def read_and_decode(rec):" in records  # (the module-level one, rewritten for its own caller)
    assert records.count(".map(read_and_decode)") == 3, records
    fn = code["nested_helper_before_producer_function.py"]
    assert "    def read_and_decode(serialized_example, img_shape):" in fn, fn
    assert "lambda serialized_example: read_and_decode(serialized_example, img_shape)" in fn or \
        "lambda value: read_and_decode(value, img_shape)" in fn, fn
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 2
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end=None)
        assert want["batches"], name
