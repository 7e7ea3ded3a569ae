"""Held-out round 57's feed threads spread over functions and modules. The trampoline form: a builder returns the
enqueue and close ops (not its queue) with the dequeued batch, and its caller hands them to a starter function
that starts the feed threads; inlined at the caller, builder first (``feed_builders.py``; placeholders it sets
as module globals become the caller's locals under fresh names), then the starter (``feed_starters.py``), the
feed-thread rewrite takes the queue. The avalanche form: the queue handed to a ``threading.Thread`` subclass (of
the module or another) whose constructor makes the ops and whose ``run`` feeds them, spelled as a thread on a
function (``feed_thread_classes.py``); a watching thread running ``queue.size()`` whose values nothing reads
goes with the queue. A starter called twice, a global placeholder read elsewhere, a watcher whose values are
read, stay as written, and the queue with them.

The programs of ``fixT_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixT_programs"
COMPARE = {"starter_global_three_threads": "multiset", "builder_ops_one_thread": "exact",
           "thread_class_monitor_package": "exact", "thread_class_same_module": "exact"}
ENDS = {"starter_global_three_threads": "rows: 12", "thread_class_monitor_package": "rows: 10"}


@pytest.mark.timeout(500)
def test_the_fixT_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 4
    assert [n for n, c in code.items() if "Queue(" in c or "threading.Thread(" in c] == [], code
    assert "def start_threads" not in code["starter_global_three_threads.py"]
    assert "class Feeder" not in code["thread_class_same_module.py"]
    said = " ".join(code["thread_class_monitor_package.py"].split())
    assert "monitor = None" in said and "the watching thread `concurrency.OpThread(sess, queue, queue.size())`" in \
        said.replace("# ", ""), said
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE[name], end=ENDS.get(name, "OutOfRangeError"))


def _source() -> str:
    return (PROGRAMS / "starter_global_three_threads.py").read_text()


def test_the_module_as_written_is_rewritten():
    result = rewrite(_source(), to="tfdata")
    assert not result.refused, result.notes


def test_a_starter_called_twice_is_left():
    source = _source() + "\n\ndef again(sess, coord, op, close):\n    return start_threads(sess, coord, op, close)\n"
    result = rewrite(source, to="tfdata")
    assert result.refused and "Queue(" in result.code, result.code
    said = " ".join(n.message for n in result.notes)
    assert "the threads its caller starts on it" in said, said


def test_a_global_placeholder_read_elsewhere_is_left():
    source = _source() + "\n\ndef describe():\n    return RAW.name\n"
    result = rewrite(source, to="tfdata")
    assert result.refused and "Queue(" in result.code, result.code


def test_a_starter_run_before_the_builder_sets_the_globals_is_left():
    source = _source().replace(
        "    xs, ys, enqueue_op, close_op = build_nodes()\n", "").replace(
        "    threads = start_threads(sess, coord, enqueue_op, close_op)\n",
        "    threads = start_threads(sess, coord, None, None)\n    xs, ys, enqueue_op, close_op = build_nodes()\n")
    result = rewrite(source, to="tfdata")
    assert result.refused and "Queue(" in result.code, result.code


def _class_source() -> str:
    lib = (PROGRAMS / "fixT_lib" / "concurrency.py").read_text()
    program = (PROGRAMS / "thread_class_monitor_package.py").read_text()
    return program.replace("from fixT_lib import concurrency\n", "import threading\n").replace(
        "concurrency.", "") + "\n\n" + lib.split("import threading\n", 1)[1]


def test_the_class_form_in_one_module_is_rewritten():
    result = rewrite(_class_source(), to="tfdata")
    assert not result.refused, result.notes
    assert "class EnqueueThread" not in result.code and "monitor = None" in result.code, result.code


def test_a_watcher_whose_values_are_read_is_left():
    source = _class_source().replace("    monitor.stop()\n", "    monitor.stop()\n    print(monitor.values)\n")
    result = rewrite(source, to="tfdata")
    assert result.refused and "Queue(" in result.code, result.code


def test_a_watcher_whose_method_reads_its_values_is_left():
    source = _class_source().replace("        self.join()\n", "        self.join()\n        print(self.values)\n")
    assert "print(self.values)" in source
    result = rewrite(source, to="tfdata")
    assert result.refused and "Queue(" in result.code, result.code


def test_a_feeder_instance_read_otherwise_is_left():
    source = _class_source().replace("    feeder.join()\n", "    feeder.join()\n    print(feeder.op.name)\n")
    result = rewrite(source, to="tfdata")
    assert result.refused and "Queue(" in result.code, result.code
