"""A wrapper of a source helper (google/seq2seq's ``make_parallel_data_provider``: options read from ``**kwargs``
by ``kwargs.get``, a reader class handed on as a keyword default, one or two sides read by the same helper) is
inlined where it is called (``wrapped_sources.py``); the source helper's calls then stand where the batch does,
one side read alone, two sides zipped in step. The programs of ``fixK1_programs/`` are migrated as one tree and run
against their originals (not shuffled: in order); a wrapper handing its ``**kwargs`` on whole, or testing a value
known only when it runs, is left, its batch's note saying why."""

from __future__ import annotations

import pathlib

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixK1_programs"


def test_a_wrapper_of_a_source_helper_is_inlined_and_delivers_the_same(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    out = migrate_tree_allowing_refusals(PROGRAMS, original, migrated)
    lib = out["k1_lib/text_io.py"][0]
    assert "tf.data.Dataset.zip(" in lib and "padded_batch(" in lib and "input_producer(" not in lib, lib
    assert "def make_parallel" not in lib and "kwargs" not in lib.split('"""', 2)[-1], lib
    one = out["one_side_options_kwargs.py"][0]
    assert "tf.data.TextLineDataset" in one and "def line_words" not in one and "reader_cls" not in one, one
    two = out["two_sides_positional_defaults.py"][0]
    assert "tf.data.Dataset.zip(" in two and "def read_pair" not in two, two
    left, notes = out["k1_lib/forwarding.py"]
    assert "tf.data" not in left and "def side_of(files, **kwargs)" in left, left
    assert "`side_of` returns, a wrapper of the source helper `_side`" in notes and "handed on whole" in notes, notes
    assert "`upper_of` returns" in notes and "a test of a value known only when it runs" in notes, notes
    names = ["package_parallel_text_dict_batch", "one_side_options_kwargs"]  # (the third: its form above; CI time)
    pairs = {n: (original / f"{n}.py", migrated / f"{n}.py") for n in names}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert "error" not in got, got
        assert_delivers_the_same(name, want, got, "exact", end="OutOfRangeError")
