"""attention_ocr's ``data_provider.get_data(dataset, ...)``: the dataset a ``collections.namedtuple`` holding the
reader class (``reader=tf.TFRecordReader``), made by ``get_split`` in a package's submodule; a provider class of
another module reads with ``dataset.reader()``, and ``get_data`` is called from other modules (two callers in
one). The reader class is followed through the namedtuple's field to the provider, which is inlined; the field's
value, read by no code any more, is spelled as its tf.data dataset.

The programs of ``fixb_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixb_programs"


@pytest.mark.timeout(500)
def test_the_fixb_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 2
    assert "dataset.reader" not in code["data_provider.py"] and "TFRecordDataset" in code["data_provider.py"]
    assert "reader=tf.data.TFRecordDataset" in code["plots.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset", end=None)
