"""Hand-built runner queues filled by ``enqueue_many`` with the rows that per-element ops made of one record, and
dequeued by ``dequeue_many`` / ``dequeue_up_to`` that name their op (issue 17, the examples queue; SRGAN's patch
loader shape): rewritten to ``map`` then ``unbatch`` then the batch, run against legacy in one child.

The programs of ``rows_queue_programs/`` are written here (no held-out text); the text tests pin the refusals
that stay: a dequeue argument that is neither its count nor its op's name, a dequeue without its count.
"""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, run_programs
from tfdata_bridge._src.symbols import STARTS_RUNNERS
from tfdata_bridge.migrate import rewrite, scan_source

pytestmark = pytest.mark.timeout(600)

HERE = pathlib.Path(__file__).resolve().parent / "rows_queue_programs"
PROGRAMS = {  # one runner thread, no shuffle: the rows in order; else the same multiset
    "batch_rows_enqueue_many": "exact",
    "patch_rows_python_modules": "exact",
    "record_rows_up_to_keyword": "multiset",
    "shuffled_rows_positional_name": "multiset",
}


def test_the_migrated_programs_deliver_what_their_originals_deliver(tmp_path):
    assert {p.stem for p in HERE.glob("*.py")} == set(PROGRAMS)
    migrated = tmp_path / "migrated"
    migrated.mkdir()
    for name in PROGRAMS:
        result = rewrite((HERE / f"{name}.py").read_text(), to="tfdata")
        assert not result.refused, (name, result.notes)
        assert "tfdata_bridge" not in result.code and ".unbatch()" in result.code, name
        assert [f.api for f in scan_source(result.code) if not f.dropin.startswith(STARTS_RUNNERS)] == [], name
        (migrated / f"{name}.py").write_text(result.code)
    originals = [HERE / f"{n}.py" for n in PROGRAMS]
    runs = run_programs([*originals, *(migrated / f"{n}.py" for n in PROGRAMS)], tmp_path / "data")
    for name, compare in PROGRAMS.items():
        want, got = runs[str(HERE / f"{name}.py")], runs[str(migrated / f"{name}.py")]
        assert_delivers_the_same(name, want, got, compare)


_PROGRAM = (HERE / "shuffled_rows_positional_name.py").read_text()


@pytest.mark.parametrize("old, new, reason", [
    pytest.param('shuffled.dequeue_many(8, "entry_batch")', "shuffled.dequeue_many(8, timeout=5)",
                 "which is not its count `n` or its op's `name`", id="unknown-keyword"),
    pytest.param('shuffled.dequeue_many(8, "entry_batch")', 'shuffled.dequeue_many(name="entry_batch")',
                 "without its count", id="no-count"),
])
def test_what_cannot_be_proven_is_left_with_its_reason(old, new, reason):
    assert old in _PROGRAM
    result = rewrite(_PROGRAM.replace(old, new), to="tfdata")
    assert "RandomShuffleQueue(" in result.code
    assert any(reason in n.message for n in result.notes), [n.message for n in result.notes]


_FEED = (pathlib.Path(__file__).resolve().parent / "feed_thread_programs" / "chunks_comprehension.py").read_text()


@pytest.mark.parametrize("dequeue", ['queue.dequeue_many(name="pairs", n=3)', 'queue.dequeue_many(3, "pairs")',
                                     "queue.dequeue_many(n=3)"])
def test_a_fed_queues_named_dequeue_batches_by_its_count_not_its_name(dequeue):
    # before: the first argument was taken for the count, so `name="pairs", n=3` printed `.batch("pairs")`
    assert "queue.dequeue_many(3)" in _FEED
    result = rewrite(_FEED.replace("queue.dequeue_many(3)", dequeue), to="tfdata")
    assert not result.refused, result.notes
    assert [line.strip() for line in result.code.splitlines() if ".batch(" in line] == \
        [".batch(3, drop_remainder=True)"]
