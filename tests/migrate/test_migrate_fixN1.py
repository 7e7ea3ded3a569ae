"""A nested function (``def``, a class's method, a lambda, a comprehension) that binds a name itself has its own
variable, whatever its spelling: a pipeline binding ``image`` in the enclosing function is not "used outside the
pipeline" by a nested parser's ``image = decode(...); image.set_shape(...); image = cast(image)`` (libcst ties
the reads before the parser's second assignment to the enclosing binding too; ``scopes.local_elsewhere`` drops
them). The nested parser stays where it is and the map function calls it. A nested function that reads the
pipeline's name without binding it (a closure) or rebinds it through ``nonlocal`` does use it: left, with the
note. The programs of ``fixN1_programs/`` are migrated as one tree; the three rewritten run both ways."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixN1_programs"
REWRITTEN = ["helper_module_decoder_after_producer_package.py", "nested_parser_own_image.py",
             "class_method_and_lambda.py"]


@pytest.mark.timeout(300)
def test_a_nested_function_binding_the_name_itself_is_another_variable(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    out = migrate_tree_allowing_refusals(PROGRAMS, original, migrated)
    for name in [*REWRITTEN, "n1_lib/inputs.py"]:
        code, notes = out[name]
        assert "also used outside" not in notes, (name, notes)
        if name == REWRITTEN[0]:  # (its pipeline is in ``n1_lib/inputs.py``)
            continue
        assert "tf.data" in code and "train.batch(" not in code and "TFRecordReader()" not in code, (name, code)
    assert "start_queue_runners" not in out["n1_lib/records.py"][0]  # (nothing left for runners to run)
    # the nested parser stays in its function, and the map function calls it
    assert "def example_parser(serialized):" in out["nested_parser_own_image.py"][0]
    assert "example_parser(serialized)" in out["nested_parser_own_image.py"][0].split("def example_parser", 1)[1]
    assert "def decode(record):" in out["n1_lib/inputs.py"][0]
    assert "class Decoder(object):" in out["class_method_and_lambda.py"][0]
    # a closure read and a ``nonlocal`` rebinding are true uses of the pipeline's name: left, saying where
    for name, line in (("closure_read_left.py", 16), ("nonlocal_left.py", 14)):
        code, notes = out[name]
        assert f"`image` is also used outside the pipeline (line {line})" in notes, (name, notes)
        assert "tf.data" not in code, name
    pairs = {p.stem: (p, migrated / p.name) for p in (original / n for n in REWRITTEN)}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end="OutOfRangeError")
        if name == "nested_parser_own_image":
            assert got["names"] == want["names"] == ["image_0", "image_1"]
