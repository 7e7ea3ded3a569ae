"""A loop of ``k`` readers of one file queue whose index only names them (``TFRecordReader(name="reader_%d" %
i)``, object detection's input reader) or goes to a parameter nothing reads: ``k`` copies, an ``interleave`` of
``k`` files at a time (``join._loop_pipeline``, the index judged by ``copies_join._harmless``; it was refused
by spelling). The programs of ``named_readers_programs/`` are migrated and run against their originals in one
child: the same rows as a multiset (several readers), the same batch sizes, the same end."""

from __future__ import annotations

import pathlib

import pytest
from both_ways import assert_delivers_the_same, run_programs

from tfdata_bridge._src.migrate.tree import rewrite_tree
from tfdata_bridge._src.symbols import STARTS_RUNNERS
from tfdata_bridge.migrate import scan_source

pytestmark = pytest.mark.timeout(600)

HERE = pathlib.Path(__file__).resolve().parent / "named_readers_programs"
PROGRAMS = ["decoder_class_inline", "python_imports_unread", "train_import_named"]


def test_readers_named_by_the_loop_index_are_copies_and_deliver_what_legacy_does(tmp_path):
    assert sorted(p.stem for p in HERE.glob("*.py")) == PROGRAMS
    files = sorted(HERE.glob("*.py"))
    results = rewrite_tree({str(p): p.read_text() for p in files}, root=str(HERE))
    for path, result in results.items():
        assert not result.refused, (path, result.notes)
        assert "interleave(" in result.code and "for " not in result.code.split("def main")[0].split("def ")[-1]
        assert [f.api for f in scan_source(result.code) if not f.dropin.startswith(STARTS_RUNNERS)] == [], path
        (tmp_path / pathlib.Path(path).name).write_text(result.code)
    sites = [f for p in files for f in scan_source(p.read_text(), outcomes=True) if f.api.endswith("batch_join")]
    assert len(sites) == 3 and not [f for f in sites if f.tfdata.startswith("left: ")]
    runs = run_programs([*(HERE / f"{n}.py" for n in PROGRAMS), *(tmp_path / f"{n}.py" for n in PROGRAMS)],
                        tmp_path / "data")
    for name in PROGRAMS:
        assert_delivers_the_same(name, runs[str(HERE / f"{name}.py")], runs[str(tmp_path / f"{name}.py")],
                                 "multiset")
