"""Held-out round 56's loose ends between a pipeline's read and its batch (``loose_ends.py``): dead decode lines
(casts nothing reads, a chain of two) and log lines of per-element tensors (``print(t)``, ``logging.info('%s',
t)``, ``tf.logging``, a ``logging.getLogger`` logger, an f-string / ``str.format`` / ``%`` / ``str(t)`` given to
a log function of the module whose body only formats and logs) move into the map function with the per-element
code. The programs of ``fixD_programs/`` (``import tensorflow as tf`` and ``tensorflow.compat.v1``, a package
reader with two sources read in step called twice, a class) are migrated as one tree and run against their
originals; a summary that a merged summary op writes, and a function given the tensor itself (or one that does
more than log, or one of another module) keep the refusal (text tests, no TensorFlow)."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

PROGRAMS = pathlib.Path(__file__).resolve().parent / "fixD_programs"
COMPARE = {"logger_class_slices": "multiset"}


@pytest.mark.timeout(500)
def test_the_fixD_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 4
    dead = code["dead_decode_records.py"]
    assert "        shape = tf.stack([height, width, depth])\n" in dead and "        print(image)\n" in dead, dead
    logged = code["logged_csv_rows.py"]
    for line in ("logging.info('features: %s', features)", 'log_line(f"label {label} of {features.dtype}")',
                 "as_float = tf.cast(label, tf.float32)", 'log_line("row " + str(features))'):
        assert f"        {line}\n" in logged, (line, logged)
    strokes = code["strokes.py"]
    assert '        print_log(worker_num, "image: {0}".format(image))\n' in strokes and \
        "        scaled = total * 2.0\n" in strokes and "Dataset.zip(" in strokes, strokes
    assert '            logger.info("slice: %s %s", value, label)\n' in code["logger_class_slices.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE.get(name, "exact"), end=None)


BASE = '''\
import tensorflow.compat.v1 as tf


def note(msg):
    return "note: " + msg


def describe(t):
    tf.add_to_collection("seen", t)
    return "seen"


def main(path):
    q = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(q)
    row = tf.stack(tf.decode_csv(line, [[0.0], [0.0]]))
    {line}
    rows = tf.train.batch([row], 2)
    summary = tf.summary.merge_all()
    return rows, summary
'''


def _rewrite(line: str):
    return rewrite(BASE.replace("{line}", line), to="tfdata")


@pytest.mark.parametrize("line", ["print(row)", "note('{}'.format(row))", "h = tf.cast(row, tf.int32)",
                                  "h = tf.cast(row, tf.int32)\n    print(h)"])
def test_log_lines_and_dead_lines_move(line):
    result = _rewrite(line)
    assert not result.refused, result.notes
    assert f"        {line.splitlines()[-1].strip()}\n" in result.code, result.code


@pytest.mark.parametrize("line", [
    "tf.summary.image('row', tf.reshape(row, [1, 1, 2, 1]))",  # a summary the merged op writes
    "note(row)",  # the program's function given the tensor itself
    "describe(str(row))",  # a function that does more than log
    "h = tf.cast(row, tf.int32)\n    note(h)",  # a dead line's tensor given to a function
    "s = tf.summary.scalar('x', row[0])",  # a summary op kept
    "r = tf.random_uniform([2]) + row",  # a random op
    "print(tf.shape(row))",  # a log line that makes an op
])
def test_other_uses_outside_keep_the_refusal(line):
    result = _rewrite(line)
    assert result.refused, result.code
    said = " ".join(n.message for n in result.notes)
    assert "is also used outside the pipeline" in said or "summar" in said, said


def test_a_log_function_of_another_module_keeps_the_refusal():
    source = BASE.replace("{line}", "print_log(0, 'row: {}'.format(row))").replace(
        "import tensorflow.compat.v1 as tf\n", "import tensorflow.compat.v1 as tf\nfrom grid import print_log\n")
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    assert "`row` is also used outside the pipeline" in " ".join(n.message for n in result.notes)
