"""Held-out round 58's reader class (clim58's ``DataLoader``) followed now: its threads count UP under the
instance's lock to a limit the starter sets (``self.done += 1; last = self.done == self.n``), the count zeroed by
a method only ``__init__`` calls, or by the starter itself (``feed/countdown.py``: the starter must then run once
per object); the feeding loop's ``except Exception as e: coord.request_stop(e)`` beside the countdown's
``finally``; and a method making the queue that returns it where every caller drops the value
(``feed/klass.py``). The programs of ``fixE_programs/`` (a package module, ``import tensorflow as tf`` and
``tensorflow.compat.v1``, one thread and several) are migrated as one tree and run against their originals;
what cannot be proved is refused (text tests, no TensorFlow)."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

PROGRAMS = pathlib.Path(__file__).resolve().parent / "fixE_programs"


@pytest.mark.timeout(500)
def test_the_fixE_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    assert [n for n, c in code.items() if "FIFOQueue(" in c or "threading.Thread(" in c] == [], code
    assert "threadsDone +=" not in code["borehole_loader.py"] and "return self.queue" not in code["borehole_loader.py"]
    assert "self.finished = 0" not in code["count_up_inline.py"]
    assert "request_stop" not in code["one_thread_report.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset", end=None)


def _source(name: str) -> str:
    return (PROGRAMS / f"{name}.py").read_text()


def _swap(source: str, old: str, new: str) -> str:
    assert old in source
    return source.replace(old, new)


def _refused(source: str) -> str:
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    return " ".join(n.message for n in result.notes)


_ZEROED_IN_INIT = ("        self.guard = threading.Lock()\n", "        self.guard = threading.Lock()\n"
                   "        self.finished = 0\n")


def _zeroed_in_init() -> str:
    source = _swap(_source("count_up_inline"), "        self.finished = 0\n        for w",
                   "        for w")
    return _swap(source, *_ZEROED_IN_INIT)


def test_a_count_up_zeroed_in_init_is_taken_where_the_starter_runs_once():
    result = rewrite(_zeroed_in_init(), to="tfdata")
    assert not result.refused, [n.message for n in result.notes]
    assert "self.finished +=" not in result.code


def test_a_count_up_zeroed_in_init_whose_starter_runs_twice_is_left():
    source = _swap(_zeroed_in_init(), "        feeder.start(sess, 3)\n",
                   "        feeder.start(sess, 3)\n        feeder.start(sess, 2)\n")
    assert "FIFOQueue` left" in _refused(source)


def test_a_count_up_to_another_limit_than_the_threads_is_left():
    source = _swap(_source("count_up_inline"), "        self.workers = workers\n",
                   "        self.workers = workers + 1\n")
    assert "FIFOQueue` left" in _refused(source)


def test_a_count_set_to_another_value_than_zero_is_left():
    source = _swap(_source("count_up_inline"), "        self.finished = 0\n", "        self.finished = 1\n")
    assert "FIFOQueue` left" in _refused(source)


def test_a_count_read_elsewhere_is_left():
    source = _swap(_source("count_up_inline"), "        feeder.start(sess, 3)\n",
                   "        feeder.start(sess, 3)\n        print(feeder.finished)\n")
    assert "FIFOQueue` left" in _refused(source)


def test_a_returned_queue_its_caller_reads_is_left():
    source = _swap(_source("one_thread_report"), "    feeder.build()\n", "    q = feeder.build()\n    print(q)\n")
    assert "FIFOQueue` left" in _refused(source)


def test_a_report_that_does_more_is_left():
    source = _swap(_source("one_thread_report"), "            self.coord.request_stop(e)\n",
                   "            self.coord.request_stop(e)\n            print(e)\n")
    assert "FIFOQueue` left" in _refused(source)
