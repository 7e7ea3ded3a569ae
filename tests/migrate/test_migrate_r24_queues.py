"""Held-out round 24's queue forms: each rewritten where it can be, or left with a reason naming the obstacle.

- a hand-built ``RandomShuffleQueue`` of file names, filled by ``enqueue_many`` of ``limit_epochs(names, n)`` (in a
  list or alone) run by k threads of one op, its runner registered or started by ``qr.create_threads(...,
  start=True)``: ``n`` epochs, each a fresh shuffle of the names (legacy's queue may mix two epochs' names: the
  run's names are the same multiset), the started threads' list left empty;
- a ``QueueRunner`` given its own defaults (``close_op=queue.close()``, ``cancel_op=queue.close(
  cancel_pending_enqueues=True)``, ``queue_closed_exception_types`` of ``OutOfRangeError`` [and
  ``CancelledError``]) by keyword or position is the default runner; other ops or types are refused;
- a ``TFRecordReader``'s compression spelled through a module alias (``v1 = tf.compat.v1``),
  ``TFRecordOptions.get_compression_type_string(...)`` or a config class's attribute is read statically.

The programs of ``r24a_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r24a_programs"
SHUFFLED = {"file_names_shuffled_started_by_hand", "file_names_shuffled_in_a_method"}


@pytest.mark.timeout(500)
def test_the_r24a_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 4
    assert [n for n, c in code.items() if "Reader(" in c or "QueueRunner(" in c] == [], code
    assert "create_threads" not in code["file_names_shuffled_started_by_hand.py"]
    assert 'compression_type="GZIP"' in code["compressed_records_option_spellings.py"]
    assert 'compression_type="ZLIB"' in code["compressed_records_option_spellings.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset" if name in SHUFFLED else "exact")


def _said(source: str) -> str:
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    return " ".join(n.message for n in result.notes)


def _done(source: str) -> str:
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    return result.code


PREFETCH = '''\
import tensorflow.compat.v1 as tf


def inputs(path):
    files = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(files)
    queue = tf.FIFOQueue(8, [tf.string])
    op = queue.enqueue([line])
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [op], {extra}))
    value = queue.dequeue()
    return tf.train.batch([value], 4)


def other_queue():
    other = tf.FIFOQueue(8, [tf.string])
    return other
'''


@pytest.mark.parametrize("extra", ["close_op=queue.close(cancel_pending_enqueues=True)",
                                   "queue.close(), queue.close(cancel_pending_enqueues=True)",
                                   "cancel_op=queue.close(True), queue_closed_exception_types=(tf.errors."
                                   "OutOfRangeError, tf.errors.CancelledError)"])
def test_a_runner_spelling_out_its_defaults_is_the_default_runner(extra):
    result = rewrite(PREFETCH.format(extra=extra), to="tfdata")  # (``other`` is left: a queue returned)
    assert "QueueRunner(" not in result.code and "queue.dequeue()" not in result.code, result.notes


@pytest.mark.parametrize("extra", ["close_op=other.close()", "cancel_op=queue.close()",
                                   "queue_closed_exception_types=(tf.errors.CancelledError,)",
                                   "queue_closed_exception_types=[tf.errors.OutOfRangeError]",  # (legacy raises)
                                   "queue_closed_exception_types=(tf.errors.OutOfRangeError, "
                                   "tf.errors.InvalidArgumentError)"])
def test_a_runner_with_other_close_ops_or_types_is_refused(extra):
    said = _said(PREFETCH.format(extra=extra))
    assert "only a queue and its enqueue ops are rewritten" in said or "not filled by one enqueue op" in said, said


FILE_QUEUE = '''\
import tensorflow.compat.v1 as tf


def inputs(files):
    names = tf.{kind}
    fill = names.enqueue_many([tf.train.limit_epochs(tf.constant(files), 2)])
    tf.train.add_queue_runner(tf.train.QueueRunner(names, [fill] * 2))
    _, value = tf.WholeFileReader().read(names)
    return tf.train.batch([value], 4)
'''


def test_a_shuffling_file_queue_of_two_threads_is_a_per_epoch_shuffle():
    code = _done(FILE_QUEUE.format(kind="RandomShuffleQueue(20, 2, tf.string)"))
    assert ".shuffle(" in code and ".repeat(2)" in code and "drew the file names at random" in code, code


def test_a_fifo_file_queue_of_two_threads_stays_refused():
    said = _said(FILE_QUEUE.format(kind="FIFOQueue(20, tf.string)"))
    assert "does not run `[fill]` (one thread; several put the files out of order)" in said, said


OPTIONS = '''\
import tensorflow.compat.v1 as tf


class Config:
    COMPRESSION = "ZLIB"
{more}

def inputs(files, cfg):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, value = tf.TFRecordReader(options=tf.python_io.TFRecordOptions({given})).read(queue)
    return tf.train.batch([value], 4)
'''


def test_a_config_class_attribute_gives_the_compression():
    assert 'compression_type="ZLIB"' in _done(OPTIONS.format(more="", given="Config.COMPRESSION"))


@pytest.mark.parametrize("more, given", [("", "cfg.COMPRESSION"),
                                         ("\n\ndef level():\n    Config.COMPRESSION = 'GZIP'\n", "Config.COMPRESSION"),
                                         ("    def __init__(self):\n        pass\n", "Config.COMPRESSION")])
def test_options_whose_compression_is_not_known_statically_are_refused(more, given):
    said = _said(OPTIONS.format(more=more, given=given))
    assert "its compression type is not known when the graph is built" in said, said
