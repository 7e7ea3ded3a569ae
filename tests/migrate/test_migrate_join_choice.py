"""A choice between two joins of one list of ``k`` readers' elements (``choice.py``, ``join.join_pipeline``):
``if training: return shuffle_batch_join(data, ...)`` / ``return batch_join(data, ...)`` (or ``if``/``else``)
over ``data = [read(queue) for _ in range(k)]`` or a loop of readers. The readers' interleave and the
per-record function are made once; each branch keeps its own batch chain. The list was refused as "used beyond
the join". The programs of ``join_choice_programs/`` run against their originals in one child (several
readers: a multiset, the same batch sizes, the same end); joins of different lists are no choice."""

from __future__ import annotations

import pathlib
import textwrap

import pytest
from both_ways import assert_delivers_the_same, run_programs

from tfdata_bridge._src.symbols import STARTS_RUNNERS
from tfdata_bridge.migrate import rewrite, scan_source

pytestmark = pytest.mark.timeout(600)

HERE = pathlib.Path(__file__).resolve().parent / "join_choice_programs"
PROGRAMS = ["class_method_readers", "loop_readers_if_else", "readers_fn_early_return"]


def test_a_choice_of_two_joins_of_one_list_is_rewritten_and_delivers_what_legacy_does(tmp_path):
    assert sorted(p.stem for p in HERE.glob("*.py")) == PROGRAMS
    for name in PROGRAMS:
        source = (HERE / f"{name}.py").read_text()
        result = rewrite(source, to="tfdata")
        assert not result.refused, (name, result.notes)
        assert any("the condition chooses the batch" in n.message for n in result.notes), (name, result.notes)
        code = result.code
        assert code.count(".interleave(") == 1 and code.count("make_one_shot_iterator") == 2, name
        assert [f.api for f in scan_source(code) if not f.dropin.startswith(STARTS_RUNNERS)] == [], name
        sites = scan_source(source, outcomes=True)
        assert sites and not [f for f in sites if f.tfdata.startswith("left: ")], name
        (tmp_path / f"{name}.py").write_text(code)
    runs = run_programs([*(HERE / f"{n}.py" for n in PROGRAMS), *(tmp_path / f"{n}.py" for n in PROGRAMS)],
                        tmp_path / "data")
    for name in PROGRAMS:
        assert_delivers_the_same(name, runs[str(HERE / f"{name}.py")], runs[str(tmp_path / f"{name}.py")],
                                 "multiset")


TWO_JOINS = textwrap.dedent('''\
    import tensorflow.compat.v1 as tf

    def read(queue):
        _, value = tf.TFRecordReader().read(queue)
        return [tf.strings.length(value)]

    def inputs(files, training, k=2):
        queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        data = [read(queue) for _ in range(k)]
        if training:
            return tf.train.shuffle_batch_join(data, 4, capacity=20, min_after_dequeue=5{extra})
        return tf.train.batch_join({other}, 4)
    ''')


def test_a_choice_of_joins_with_enqueue_many_is_left_with_the_reason():
    source = TWO_JOINS.format(extra=", enqueue_many=True", other="data")
    result = rewrite(source, to="tfdata")
    assert result.code == source
    reasons = " | ".join(n.message for n in result.refused)
    assert "has enqueue_many= in a choice between two joins" in reasons, result.notes


def test_joins_of_two_lists_are_no_choice():
    source = TWO_JOINS.format(extra="", other="[read(queue) for _ in range(k)]")
    result = rewrite(source, to="tfdata")
    assert not any("the condition chooses the batch" in n.message for n in result.notes), result.notes
