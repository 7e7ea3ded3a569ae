"""Held-out round 57's trampoline reader: a feeding thread whose target a wrapper made (``@read_wrapper`` over
the clip loader, or ``read_rows = row_reader(parse_row)``): the wrapper's inner function feeds and becomes the
generator (``feed/wrapped.py``); several threads over parts of a list, the last to end closing the queue under a
lock (``feed/countdown.py``): the generator runs their parts one after the other and ends after the last.
The programs of ``fixF2_programs/`` (one thread, three, two; the feeder in a package module; ``import
tensorflow as tf`` and ``tensorflow.compat.v1``) are migrated as one tree and run against their originals;
the forms that cannot be proved are refused (text tests, no TensorFlow)."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

PROGRAMS = pathlib.Path(__file__).resolve().parent / "fixF2_programs"
COMPARE = {"deco_one_thread": "exact"}


@pytest.mark.timeout(500)
def test_the_fixF2_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 4
    assert [n for n, c in code.items() if "Queue(" in c or "Thread(" in c] == [], code
    assert "    def inner(lst_path, thread_id):\n" in code["deco_countdown_three.py"]
    assert "            yield from read_clip(lst, i)\n" in code["deco_countdown_three.py"]
    assert "_ALIVE[0] -=" not in code["deco_countdown_three.py"] and "finally" not in code["clip_feed.py"]
    assert "yield from read_rows(path, w)" in code["wrapper_assign_tf2_style.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE.get(name, "multiset"), end=None)


def _source(name: str) -> str:
    return (PROGRAMS / f"{name}.py").read_text()


def _refused(source: str) -> str:
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    return " ".join(n.message for n in result.notes)


def test_a_countdown_set_to_another_count_than_the_threads_is_left():
    source = _source("deco_countdown_three").replace("    _ALIVE[0] = NUM_THREADS\n", "    _ALIVE[0] = 2\n")
    assert "_ALIVE[0] = 2\n" in source
    assert "each of the threads running `inner` closes the queue" in _refused(source)


def test_a_countdown_read_elsewhere_is_left():
    source = _source("deco_countdown_three").replace("    sess.close()\n", "    sess.close()\n    print(_ALIVE)\n")
    assert "each of the threads running `inner` closes the queue" in _refused(source)


def test_a_wrapper_decorating_two_functions_is_left():
    source = _source("deco_one_thread").replace(
        "@read_wrapper\ndef read_clip(path):\n",
        "@read_wrapper\ndef read_other(path):\n    return np.load(path)\n\n\n@read_wrapper\ndef read_clip(path):\n")
    assert "made by `read_wrapper`, which is not used once in its module" in _refused(source)


def test_a_wrapper_doing_more_than_returning_its_inner_function_is_left():
    source = _source("deco_one_thread").replace("    return inner\n", "    inner.calls = 0\n    return inner\n")
    assert "`def inner(...)` (undecorated) and `return inner`" in _refused(source)


def test_the_decorated_feeder_called_directly_too_is_left():
    source = _source("deco_one_thread").replace("    sess.close()\n", "    sess.close()\n    print(read_clip)\n")
    assert "`read_clip` is used other than as a `threading.Thread`'s target" in _refused(source)


def test_a_thread_that_may_return_before_its_last_statement_countdown_is_left():
    source = _source("wrapper_assign_tf2_style").replace(
        "            if coord.should_stop():\n                break\n",
        "            if coord.should_stop():\n                return\n")
    assert "                return\n" in source
    assert "each of the threads running `feed` closes the queue" in _refused(source)


def test_an_enqueue_op_returned_to_the_caller_is_left_saying_so():
    # (round 57's form: the builder returns its ops, the caller hands them to the function starting the threads)
    source = _source("deco_one_thread").replace(
        "    clips, labels = queue.dequeue_many(BATCH)\n",
        "    clips, labels = queue.dequeue_many(BATCH)\n    return clips, labels, enqueue_op, close_op\n\n\n"
        "def start(clip_in, label_in, enqueue_op, close_op, lst):\n")
    assert "    return clips, labels, enqueue_op, close_op\n" in source
    assert "the enqueue op `enqueue_op` is returned" in _refused(source)
