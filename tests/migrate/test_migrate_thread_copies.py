"""A join over ``k`` copies of per-element code whose loop index changes values (Inception's ``thread_id``;
``copies_join.py``): element ``i`` meets copy ``i % k`` (``enumerate()`` and ``switch_case`` over the copies,
each traced with its own Python index).

Legacy hands each element to whichever of the join's threads dequeues it, so which copy an element meets is
the schedule's choice, and no two runs need agree. Every copy marks itself in the label (``label * 10 + copy``),
so the comparison is on what legacy could deliver: each row is the copy its number says applied to one record,
the records undone from the rows are legacy's multiset, in the same batch sizes, with the same end; where the
join does not shuffle, the migrated row ``n`` met copy ``n % k``. The programs of ``thread_copies_programs/``
(a helper module in ``tc_lib/``) are migrated together and run against their originals in one child.
"""

from __future__ import annotations

import pathlib

import pytest
from both_ways import rewrites_once, run_programs

from tfdata_bridge._src.migrate.tree import rewrite_tree
from tfdata_bridge._src.symbols import STARTS_RUNNERS
from tfdata_bridge.migrate import rewrite, scan_source


@pytest.fixture(scope="module", autouse=True)
def _rewrite_once():
    """A text test rewrites its program and then asks scan's MIGRATE column of the same text, which rewrites it
    again: the second is the first's result (``both_ways.rewrites_once``)."""
    with rewrites_once():
        yield


pytestmark = pytest.mark.timeout(600)

HERE = pathlib.Path(__file__).resolve().parent / "thread_copies_programs"


def _reversed_if(odd):
    return lambda x, copy: x[::-1] if odd(copy) else x


SCALES = [1.0, -1.0, 2.0, 0.5]
# program -> (k, the record a copy's row came from, whether the join keeps the stream's order)
PROGRAMS = {
    "read_direct_if": (3, _reversed_if(lambda c: c % 2 == 1), True),
    "other_module_shuffle": (4, _reversed_if(lambda c: c % 2 == 1), False),
    "class_python_imports": (4, lambda x, c: [v / SCALES[c % 4] for v in x], True),
    "examples_queue_tf1": (4, _reversed_if(lambda c: c in (1, 3)), True),
}


def _undone(name: str, run: dict) -> tuple[list[int], list[str]]:
    """(each row's copy, the records undone from the rows, sorted)."""
    k, undo, _ = PROGRAMS[name]
    copies, records = [], []
    for xs, labels in run["batches"]:
        for x, label in zip(xs, labels):
            copy = label % 10
            assert copy < k, (name, label)
            copies.append(copy)
            records.append(repr(([round(v, 4) for v in undo(x, copy)], label // 10)))
    return copies, sorted(records)


def test_the_copies_are_rewritten_and_deliver_what_one_legacy_schedule_delivers(tmp_path):
    assert {p.stem for p in HERE.glob("*.py")} == set(PROGRAMS)
    files = sorted(HERE.rglob("*.py"))
    results = rewrite_tree({str(p): p.read_text() for p in files}, root=str(HERE))
    migrated = tmp_path / "migrated"
    for path, result in results.items():
        assert not result.refused, (path, result.notes)
        assert "tfdata_bridge" not in result.code
        assert [f.api for f in scan_source(result.code) if not f.dropin.startswith(STARTS_RUNNERS)] == [], path
        out = migrated / pathlib.Path(path).relative_to(HERE)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(result.code)
    for name in PROGRAMS:
        code = (migrated / f"{name}.py").read_text()
        assert "switch_case(" in code and ".enumerate()" in code and "batch_join(" not in code, name
    runs = run_programs([*(HERE / f"{n}.py" for n in PROGRAMS), *(migrated / f"{n}.py" for n in PROGRAMS)],
                        tmp_path / "data")
    for name, (k, _, ordered) in PROGRAMS.items():
        want, got = runs[str(HERE / f"{name}.py")], runs[str(migrated / f"{name}.py")]
        assert "error" not in want and "error" not in got, (name, want, got)
        assert got["end"] == want["end"] == "OutOfRangeError", name
        assert [len(b[1]) for b in got["batches"]] == [len(b[1]) for b in want["batches"]], name
        assert len(want["batches"]) > 1, name
        got_copies, got_records = _undone(name, got)
        _, want_records = _undone(name, want)
        assert got_records == want_records, name
        assert len(set(got_copies)) == k, name  # every copy met some element
        if ordered:
            assert got_copies == [n % k for n in range(len(got_copies))], name


def test_scan_says_the_copies_are_rewritten():
    for name in PROGRAMS:
        sites = [f for f in scan_source((HERE / f"{name}.py").read_text(), outcomes=True)
                 if f.api.endswith("batch_join")]
        assert sites and not [f for f in sites if f.tfdata.startswith("left: ")], name


COPIES = '''\
import tensorflow.compat.v1 as tf


def inputs(files, batch_size, k=3):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, value = tf.TFRecordReader().read(queue)
    lists = []
    for thread_id in range(k):
        x = tf.strings.length(value) + thread_id
        lists.append([x])
    return tf.train.batch_join(lists, batch_size=batch_size{extra})
'''


@pytest.mark.parametrize("extra, why", [
    pytest.param(", enqueue_many=True", "with enqueue_many= the copy an element meets is not chosen", id="enqueue-many"),
    pytest.param(", keep_input=x > 3", "with keep_input= the copy an element meets is not chosen", id="keep-input"),
])
def test_copies_that_differ_are_left_where_the_copy_is_not_chosen_per_element(extra, why):
    source = COPIES.format(extra=extra)
    result = rewrite(source, to="tfdata")
    assert result.code == source
    join = [n.message for n in result.refused if "batch_join" in n.message]
    assert join and why in join[0] and "the loop's `thread_id` is used in a value" in join[0], result.notes
    sites = [f for f in scan_source(source, outcomes=True) if f.api.endswith("batch_join")]
    assert sites and all(f.tfdata.startswith("left: ") for f in sites)


def test_a_reader_per_turn_whose_index_changes_values_is_left():
    source = COPIES.format(extra="").replace(
        "    _, value = tf.TFRecordReader().read(queue)\n", "").replace(
        "        x = tf.strings.length(value) + thread_id\n",
        "        _, value = tf.TFRecordReader().read(queue)\n        x = tf.strings.length(value) + thread_id\n")
    result = rewrite(source, to="tfdata")
    assert result.code == source
    reasons = " | ".join(n.message for n in result.refused)
    assert "each turn reads with its own reader" in reasons or "the readers are not copies" in reasons, result.notes


def test_the_copies_take_the_index_and_a_long_count_is_parenthesized():
    source = COPIES.format(extra="").replace("range(k)", "range(k + 1)")
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert "def parse_record(value, thread_id):" in result.code
    assert "lambda thread_id=thread_id: parse_record(element, thread_id) for thread_id in range(k + 1)]" \
        in result.code
    assert "tf.switch_case(tf.cast(position % (k + 1), tf.int32), branches)" in result.code
    assert ".enumerate()\n        .map(parse_record_copies, num_parallel_calls=k + 1)" in result.code
