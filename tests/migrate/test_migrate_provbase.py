"""A provider subclass of a holder base (slim's ``DatasetDataProvider(DataProvider)``: the subclass's ``__init__``
reads the records and ends in ``super().__init__(items, count)``; the base keeps its arguments and its inherited
``get`` checks the items asked for, then selects them) is written where it is made, as a plain holder is
(``provider_inline._flattened``), and the record key it stores in the held dict, asked for by no ``get``, goes
(``_unasked_stores``: a tf.data reader gives no key). A caller asking for the key is left. The programs of
``provbase_programs/`` (a package holding the base, the subclass and the records) are migrated as one tree and run
against their originals: not shuffled, in order; shuffled with two readers, each element once."""

from __future__ import annotations

import os
import pathlib
import shutil

import pytest

from both_ways import assert_delivers_the_same, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "provbase_programs"
COMPARE = {"own_module_subclass_shuffled_two_readers": "multiset"}


@pytest.mark.timeout(300)
def test_a_provider_subclass_of_a_holder_base_is_written_where_it_is_made(tmp_path):
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    original, migrated = tmp_path / "original", tmp_path / "migrated"
    shutil.copytree(PROGRAMS, original, ignore=shutil.ignore_patterns("__pycache__"))
    sources = {str(p): p.read_text() for p in sorted(original.rglob("*.py"))}
    code, refused = {}, set()
    for path, result in rewrite_tree(sources, root=str(original)).items():
        out = migrated / os.path.relpath(path, original)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(result.code)
        code[out.name] = result.code.split('"""', 2)[-1]
        if result.refused:
            refused.add(out.name)
    assert refused == {"key_asked_left.py", "holders.py"}, refused
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 4
    rewritten = ["own_module_subclass_shuffled_two_readers.py", "subclass_holder_fifo_one_reader.py",
                 "two_callers_subclass_package.py"]
    for name in rewritten:
        assert "tf.data" in code[name] and "Queue(" not in code[name] and ".get([" not in code[name], code[name]
        assert "Provider" not in code[name] and "super(" not in code[name], code[name]
    assert "class Holder" not in code["own_module_subclass_shuffled_two_readers.py"]
    assert "record_key" not in code["own_module_subclass_shuffled_two_readers.py"]  # (the unasked key, gone)
    assert "tf.data" not in code["key_asked_left.py"]  # (the key asked for: a tf.data reader gives none)
    assert "class RecordProvider(ItemHolder)" in code["holders.py"]  # (still named by the program left)
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE.get(name, "exact"), end="OutOfRangeError")
