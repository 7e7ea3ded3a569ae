"""Readers made by a factory of the module (issue 17, the examples queue: Inception's ``dataset.reader()``):
a method found by its object's class (made once, or passed by every caller), or a module function, whose one
statement returns the reader. The k readers' examples queue and a plain read both follow it to the reader; the
factory goes with the pipeline. Programs of ``reader_factory_programs/`` (written here, no held-out text) run
both ways in one child; the text tests pin the refusals.
"""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, run_programs
from tfdata_bridge._src.migrate.tree import rewrite_tree
from tfdata_bridge._src.symbols import STARTS_RUNNERS
from tfdata_bridge.migrate import rewrite, scan_source

pytestmark = pytest.mark.timeout(600)

HERE = pathlib.Path(__file__).resolve().parent / "reader_factory_programs"
PROGRAMS = {  # several readers: a multiset; one reader, no shuffle: exactly
    "function_factory_inline": "exact",
    "made_once_fifo_python_ops": "multiset",
    "shards_object_k_readers": "multiset",
}


def test_the_migrated_programs_deliver_what_their_originals_deliver(tmp_path):
    assert {p.stem for p in HERE.glob("*.py")} == set(PROGRAMS)
    files = sorted(HERE.glob("*.py"))
    results = rewrite_tree({str(p): p.read_text() for p in files}, root=str(HERE))
    migrated = tmp_path / "migrated"
    migrated.mkdir()
    for path, result in results.items():
        assert not result.refused, (path, result.notes)
        assert "tfdata_bridge" not in result.code and "Reader(" not in result.code, path
        assert [f.api for f in scan_source(result.code) if not f.dropin.startswith(STARTS_RUNNERS)] == [], path
        (migrated / pathlib.Path(path).name).write_text(result.code)
    originals = [HERE / f"{n}.py" for n in PROGRAMS]
    runs = run_programs([*originals, *(migrated / f"{n}.py" for n in PROGRAMS)], tmp_path / "data")
    for name, compare in PROGRAMS.items():
        want, got = runs[str(HERE / f"{name}.py")], runs[str(migrated / f"{name}.py")]
        assert_delivers_the_same(name, want, got, compare)


def _variant(name: str, old: str, new: str) -> str:
    text = (HERE / f"{name}.py").read_text()
    assert old in text, old
    return text.replace(old, new)


@pytest.mark.parametrize("name, old, new, factory", [
    pytest.param("shards_object_k_readers", "    def reader(self):\n",
                 "    def spare(self):\n        return self.reader()\n\n    def reader(self):\n",
                 "    def reader(self):\n", id="method-used-elsewhere"),
    pytest.param("function_factory_inline", "    files = [", "    spare = make_reader()\n    files = [",
                 "def make_reader():\n", id="function-used-elsewhere"),
])
def test_a_factory_also_called_elsewhere_stays_beside_the_rewritten_pipeline(name, old, new, factory):
    # (dead_factories.py drops a factory only once nothing calls it)
    result = rewrite(_variant(name, old, new), to="tfdata")
    assert "tf.data" in result.code and factory in result.code
    assert not [n for n in result.refused if "pipeline left unchanged" in n.message], result.notes


@pytest.mark.parametrize("name, old, new, reason", [
    pytest.param("made_once_fifo_python_ops", "skip_header_lines=1)", "skip_header_lines=HEADER)\n\n\nHEADER = 1",
                 "takes arguments that read names", id="argument-reads-a-name"),
])
def test_a_factory_that_cannot_go_is_left_with_its_reason(name, old, new, reason):
    result = rewrite(_variant(name, old, new), to="tfdata")
    assert "Reader(" in result.code and "tf.data" not in result.code
    assert any(reason in n.message for n in result.notes), [n.message for n in result.notes]


def test_a_factory_another_module_of_the_tree_uses_stays():
    text = (HERE / "function_factory_inline.py").read_text()
    results = rewrite_tree({"/t/a.py": text, "/t/b.py": "from a import make_reader\n\nREADER = make_reader()\n"},
                           root="/t")
    assert "def make_reader" in results["/t/a.py"].code and "tf.data" in results["/t/a.py"].code
    assert results["/t/b.py"].code == "from a import make_reader\n\nREADER = make_reader()\n"
