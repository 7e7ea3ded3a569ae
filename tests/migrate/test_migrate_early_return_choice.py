"""A batch chosen by an early return (``choice.py``): ``if t: ...; return shuffle_batch(...)`` then, as the
block's last statement, ``return batch(...)`` is the choice ``if t: ... else: return batch(...)`` (the ``if``
returns, so the last return runs exactly when ``t`` is false); it was refused as two batches of one pipeline.
The rewrite keeps the early return. The programs of ``early_return_programs/`` run against their originals in
one child (exact where the run branch is in order, a multiset where it shuffles); an ``if`` that falls through
is no choice and stays refused."""

from __future__ import annotations

import pathlib
import textwrap

import pytest
from both_ways import assert_delivers_the_same, run_programs

from tfdata_bridge._src.symbols import STARTS_RUNNERS
from tfdata_bridge.migrate import rewrite, scan_source

pytestmark = pytest.mark.timeout(600)

HERE = pathlib.Path(__file__).resolve().parent / "early_return_programs"
PROGRAMS = {"class_slices_train": "multiset", "csv_python_not_training": "exact", "reader_helper_eval": "exact"}


def test_an_early_return_choice_is_rewritten_and_delivers_what_legacy_does(tmp_path):
    assert sorted(p.stem for p in HERE.glob("*.py")) == sorted(PROGRAMS)
    for name in PROGRAMS:
        source = (HERE / f"{name}.py").read_text()
        result = rewrite(source, to="tfdata")
        assert not result.refused, (name, result.notes)
        assert any("the condition chooses the batch" in n.message for n in result.notes), (name, result.notes)
        assert "else:" not in result.code, name
        assert [f.api for f in scan_source(result.code) if not f.dropin.startswith(STARTS_RUNNERS)] == [], name
        sites = scan_source(source, outcomes=True)
        assert sites and not [f for f in sites if f.tfdata.startswith("left: ")], name
        (tmp_path / f"{name}.py").write_text(result.code)
    runs = run_programs([*(HERE / f"{n}.py" for n in PROGRAMS), *(tmp_path / f"{n}.py" for n in PROGRAMS)],
                        tmp_path / "data")
    for name, compare in PROGRAMS.items():
        assert_delivers_the_same(name, runs[str(HERE / f"{name}.py")], runs[str(tmp_path / f"{name}.py")], compare)


FALLS_THROUGH = textwrap.dedent('''\
    import tensorflow.compat.v1 as tf

    def inputs(files, training):
        queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        _, value = tf.TFRecordReader().read(queue)
        if training:
            value = tf.identity(value)
        return tf.train.batch([value], 4)
    ''')


def test_an_if_that_falls_through_is_no_choice():
    result = rewrite(FALLS_THROUGH, to="tfdata")
    # (the batch is rewritten or left as a batch of its own: never as a choice of batches)
    assert not any("the condition chooses the batch" in n.message for n in result.notes), result.notes


def test_the_early_return_keeps_its_shape():
    source = FALLS_THROUGH.replace("        value = tf.identity(value)\n",
                                   "        return tf.train.shuffle_batch([value], 4, capacity=20, min_after_dequeue=5)\n")
    assert source != FALLS_THROUGH
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    code = result.code
    assert code.index("    if training:\n        batched = (") < code.index("    batched_2 = (")
    assert code.rstrip().endswith("return tf.data.make_one_shot_iterator(batched_2).get_next()")
