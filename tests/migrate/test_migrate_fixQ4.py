"""A reader made by an object whose class is one of a known set (``known_classes.py``): ``REG[name](...)`` of
another module's registry of two classes sharing a base's ``make_reader``; ``reg.make_text_source(kind)``, a factory
function of two classes whose ``make_reader`` returns ``self.reader_cls()`` (a class attribute, inherited), read
inline; ``_SOURCES.get(kind)(...)`` in a method and a direct ``Pairs(3)``, the reader reading ``self.width``. The
programs of ``fixQ4_programs/`` are migrated as one tree and run against their originals; a registry of classes
making different readers is refused with a note naming them, and a registry changed after it is made is left."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixQ4_programs"
RUN = ["registry_two_classes_package", "factory_text_class_attr_package", "local_registry_get_and_direct_class"]


@pytest.mark.timeout(300)
def test_a_reader_made_by_an_object_of_a_known_class_set_is_read_by_tf_data(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    out = migrate_tree_allowing_refusals(PROGRAMS, original, migrated)
    for name in RUN:
        code, notes = out[f"{name}.py"]
        code = code.split('"""', 2)[-1]  # (less the docstring)
        assert "rewritten to tf.data" in notes, (name, notes)
        assert "train.string_input_producer(" not in code and "make_reader" not in code and ".read(" not in code, code
    assert "FixedLengthRecordDataset(file_names, source.RECORD_BYTES)" in out["registry_two_classes_package.py"][0]
    assert "TextLineDataset(" in out["factory_text_class_attr_package.py"][0]
    local = out["local_registry_get_and_direct_class.py"][0]
    assert local.count(", source.width * 4, header_bytes=0)") == 2, local
    assert "def make_reader" not in local  # (no read calls it any more)
    code, notes = out["mixed_registry_refused_package.py"]
    assert "tf.data" not in code
    assert "`source` may be an object of `Alpha`, `RecordSource`, whose `make_reader` make different readers" \
        in notes, notes
    code, notes = out["changed_registry_left.py"]
    assert "tf.data" not in code and "the reader read here is not one of" in notes, notes
    assert "def make_reader" in out["q4_lib/sources.py"][0]  # (the refused program still calls it)
    pairs = {n: (original / f"{n}.py", migrated / f"{n}.py") for n in RUN}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data", make_data=False).items():
        assert_delivers_the_same(name, want, got, "exact", end="OutOfRangeError")
