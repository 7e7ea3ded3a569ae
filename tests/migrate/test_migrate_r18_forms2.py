"""Held-out round 18's leftovers (issue 17; seen): a class that makes its file queue and reader in ``__init__`` and
reads them in a method, batched by the caller (``init_source.py``); runners started by hand by a helper looping
over the QUEUE_RUNNERS collection (``runner_helpers.py``); a Coordinator kept as the loop's stop flag once the
runners are gone (``plumbing.py``, ``scanner.stop_flags``).

The programs of ``r18_forms2_programs/`` (the class in the same and in another module, its reader made in a
method ``__init__`` calls, two objects of one class, attribute names reused elsewhere, runner helpers of this and
of another module, ``stop_on_exception`` and a loop that stops itself, several import styles) are migrated as one
tree and run against their originals, exactly. The text tests say what is refused, and why."""

from __future__ import annotations

import pathlib
import textwrap

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite, scan, scan_source

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r18_forms2_programs"


@pytest.mark.timeout(500)
def test_the_r18_forms2_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 8
    for p in programs:
        text = code[p.name]
        assert "make_one_shot_iterator" in text and "start_queue_runners" not in text, p.name
        assert "create_threads" not in text and "QUEUE_RUNNERS" not in text, p.name
        if p.stem.startswith("init_"):  # the records dataset on the object, the method its map function
            assert ".dataset\n" in text and ".map(" in text, p.name
        if p.stem.startswith("stopflag_"):  # the coordinator stays, the program's stop flag
            assert "Coordinator()" in text, p.name
    # the other module's class is rewritten with its caller; its runner helpers stay (code outside may call them)
    games = (migrated / "r18f2_lib" / "games.py").read_text()
    assert "self.dataset = tf.data.TFRecordDataset(" in games and "def record(self, serialized):" in games
    assert "create_threads" in (migrated / "r18f2_lib" / "runners.py").read_text()
    assert "def start_runners" not in code["runners_helper_same.py"]  # the module's own helper, unused, goes
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end=None)
    report = scan([str(migrated)])
    assert report.findings == () and {pathlib.Path(f.path).name for f in report.stop_flags} == {
        "stopflag_guard.py", "stopflag_own_stop.py"}


CLASS = '''\
import tensorflow.compat.v1 as tf


class Games(object):
    def __init__(self, paths):
        self.queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
        self.reader = tf.TFRecordReader()

    def game(self):
        _, serialized = self.reader.read(self.queue)
        return [tf.strings.length(serialized)]

    def progress(self):
        return [self.reader.{state}(), 1]


def main(paths):
    games = Games(paths)
    batch = tf.train.batch(games.game(), batch_size=4)
{more}    return batch, games.progress()
'''


def _said(result) -> str:
    return " | ".join(n.message for n in result.notes)


@pytest.mark.parametrize("state", ["num_records_produced", "num_work_units_completed", "reset"])
def test_a_reader_state_read_is_refused_naming_the_call_and_its_line(state):
    result = rewrite(CLASS.format(state=state, more=""), to="tfdata")
    assert result.code == CLASS.format(state=state, more="")
    assert f"`self.reader.{state}()` at line 14 reads the reader's state" in _said(result), _said(result)
    assert "which a tf.data pipeline does not keep" in _said(result)


def test_the_method_called_twice_on_one_object_is_refused():
    source = CLASS.format(state="num_records_produced", more="    again = tf.train.batch(games.game(), 2)\n")
    source = source.replace("        return [self.reader.num_records_produced(), 1]", "        return [1]")
    result = rewrite(source, to="tfdata")
    assert "`Games.game` is called twice on `games`" in _said(result), _said(result)
    assert "string_input_producer" in result.code


def test_without_the_state_read_the_class_is_rewritten():
    source = CLASS.format(state="num_records_produced", more="").replace(
        "self.reader.num_records_produced()", "len(self.__dict__)")
    result = rewrite(source, to="tfdata")
    assert not result.refused, _said(result)
    assert "self.dataset = tf.data.TFRecordDataset(" in result.code and ".map(games.game)" in result.code
    assert "def game(self, serialized):" in result.code


RUNNERS = '''\
import tensorflow.compat.v1 as tf


def start(sess, coord):
    for qr in tf.get_collection(tf.GraphKeys.QUEUE_RUNNERS):
        qr.create_threads(sess, coord=coord, daemon=True, start=True)


def main(xs):
    {batch}
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        start(sess, coord)
        out = sess.run(batch)
        coord.request_stop()
        coord.join()
    return out
'''


def test_a_runner_helper_stays_while_a_queue_is_left_to_run():
    queue = "batch = tf.FIFOQueue(4, [tf.int32]).dequeue()"  # a hand-built queue nothing fills: not rewritten
    result = rewrite(RUNNERS.format(batch=queue), to="tfdata")
    assert "start(sess, coord)" in result.code and "def start(" in result.code


def test_a_runner_helper_goes_with_the_runners_it_started():
    source = RUNNERS.format(batch="value, = tf.train.slice_input_producer([xs], num_epochs=1, shuffle=False)\n"
                                  "    batch = tf.train.batch([value], 2)")
    result = rewrite(source, to="tfdata")
    assert "def start(" not in result.code and "Coordinator" not in result.code, result.code
    assert "the runners started by `start`" in _said(result)


STOP = '''\
import tensorflow.compat.v1 as tf


def main():
    coord = tf.train.Coordinator()
    with coord.stop_on_exception():
        while not coord.should_stop():
            {step}
    return coord.should_stop()
'''


def test_a_coordinator_used_only_as_a_stop_flag_is_no_queue_use(tmp_path):
    flag = tmp_path / "flag.py"
    flag.write_text(STOP.format(step="coord.request_stop()"))
    passed = tmp_path / "passed.py"  # handed to something else: it may coordinate runners there
    passed.write_text(STOP.format(step="helpers.run(coord)"))
    started = tmp_path / "started.py"  # beside a runner start: still the runners' coordinator
    started.write_text(STOP.format(step="coord.request_stop()").replace(
        "    with coord", "    tf.train.start_queue_runners(coord=coord)\n    with coord"))
    report = scan([str(tmp_path)])
    assert [(pathlib.Path(f.path).name, f.line) for f in report.stop_flags] == [("flag.py", 5)]
    assert report.stop_flags[0].tfdata == "kept: a Coordinator used as the loop's stop flag, no runners"
    assert {pathlib.Path(f.path).name for f in report.findings} == {"passed.py", "started.py"}
    assert scan_source(flag.read_text()) == () and len(scan_source(passed.read_text())) == 1
    text = textwrap.dedent(STOP.format(step="coord.request_stop()")).replace("coord.should_stop()\n",
                                                                           "[coord][0].should_stop()\n")
    assert len(scan_source(text)) == 1  # (read other than as ``coord.method()``)
