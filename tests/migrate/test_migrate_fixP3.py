"""Pipeline stages bound to names by lambdas (``queue = lambda: tf.train.string_input_producer(...)``, ``batch =
lambda f, x: tf.train.batch([f, x], ...)``, per-element ``crop = lambda x: ...``), in each branch of an ``if`` or
once, and called where the pipeline needs them, are written out where they are called (``lambda_stages.py``):
the ``if`` becomes a choice between two chains. The programs of ``fixP3_programs/`` are migrated as one tree; the
rewritten ones run against their originals (one thread, no shuffle: the same batches in the same order, the
``match_filenames_once`` files sorted as legacy's). A stage bound in one branch only, rebound, or passed elsewhere
is left with a note naming the form."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixP3_programs"
RUN = ["once_lambdas_tfrecord_reader_param.py", "mixed_arms_slice_producer.py", "method_lambdas_match_files_text.py"]
LEFT = {"left_one_arm_only.py": "in one branch of the `if` only",
        "left_rebound_lambda.py": "more than once (rebound)",
        "left_passed_elsewhere.py": "(passed elsewhere)"}


def _body(code: str) -> str:
    """The module's code less its docstring and comment lines."""
    return "\n".join(x for x in code.split('"""', 2)[-1].splitlines() if not x.lstrip().startswith("#"))


@pytest.mark.timeout(300)
def test_lambda_stages_are_written_where_they_are_called(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    out = migrate_tree_allowing_refusals(PROGRAMS, original, migrated)
    assert sorted(out) == sorted([*RUN, *LEFT])
    for name in RUN:
        code, notes = _body(out[name][0]), out[name][1]
        assert "left unchanged" not in notes, (name, notes)
        assert ".data.Dataset" in code and "lambda:" not in code and "input_producer" not in code, code
        assert ".batch(" in code and "train.batch" not in code and "Reader(" not in code, code
    # (the ``if`` is a choice between two chains; the evaluation chain neither shuffled nor repeated)
    for name in ("mixed_arms_slice_producer.py", "method_lambdas_match_files_text.py"):
        code = _body(out[name][0])
        assert code.count("Dataset.from_tensor_slices") == 2 and ".shuffle(" in code, code
        assert code.index(".shuffle(") < code.index("else:"), code
    assert "tf.io.matching_files" in out["method_lambdas_match_files_text.py"][0]
    for name, why in LEFT.items():
        code, notes = _body(out[name][0]), out[name][1]
        assert "tf.data" not in code and "a pipeline stage bound by a lambda is left" in notes and why in notes, \
            (name, notes)
    pairs = {n[:-3]: (original / n, migrated / n) for n in RUN}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end="OutOfRangeError")
