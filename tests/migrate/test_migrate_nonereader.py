"""A reader parameter defaulting to ``None`` (``def read(queue, reader=None)``), the helper making its own reader
when given none: ``if reader: ... else: reader = tf.TFRecordReader()``, ``if reader is None:``, ``reader = reader or
...``, ``... if reader is None else reader``, or the parameter handed down to such a helper (held-out round 66's
street ``vgsl_input``). Where every call in the tree leaves it ``None``, the ``None`` arm is the helper's code and
the pipeline migrates (``none_readers.py``); a call handing a reader keeps the refusal.

The programs of ``nonereader_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge._src.migrate.handed_copies import inline_handed_reader_classes

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "nonereader_programs"
ENDS = {"handed_down_package": "rows: 24", "or_default_module": "read 12", "is_none_class": "ids 24",
        "ifexp_text_lines": "lines 12"}
COMPARE = {"or_default_module": "exact", "ifexp_text_lines": "exact"}


@pytest.mark.timeout(500)
def test_the_nonereader_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 4
    assert "reader=" not in code["inputs.py"] and "reader()" not in code["inputs.py"], code["inputs.py"]
    assert "def line_input(pattern, num_threads, batch_size):" in code["inputs.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE.get(name, "multiset"), end=ENDS[name])


HELPER = '''\
import tensorflow.compat.v1 as tf


def read_value(queue, reader=None):
    if reader is None:
        reader = tf.TFRecordReader()
    _, value = reader.read(queue)
    return value


def main(files):
    queue = tf.train.string_input_producer(files)
    value = read_value(queue{arg})
    return tf.train.batch([value], 2)
'''


@pytest.mark.parametrize("arg", [", reader=tf.TFRecordReader()", ", reader=make_reader", ", *extra"])
def test_a_call_handing_a_reader_or_unknown_arguments_keeps_the_parameter(tmp_path, arg):
    text = HELPER.format(arg=arg)
    assert inline_handed_reader_classes({str(tmp_path / "m.py"): text}, str(tmp_path)) is None


def test_every_call_leaving_none_writes_the_none_arm(tmp_path):
    out = inline_handed_reader_classes({str(tmp_path / "m.py"): HELPER.format(arg=", None")}, str(tmp_path))
    code = out[str(tmp_path / "m.py")]
    assert "def read_value(queue):\n    reader = tf.TFRecordReader()\n    _, value" in code, code
    assert "value = read_value(queue)\n" in code, code


def test_a_parameter_read_otherwise_than_handed_on_or_tested_is_kept(tmp_path):
    text = HELPER.format(arg="").replace("    _, value = reader.read(queue)",
                                         "    print(reader)\n    _, value = reader.read(queue)").replace(
        "    if reader is None:\n        reader = tf.TFRecordReader()\n", "    tf.logging.info(reader)\n")
    assert inline_handed_reader_classes({str(tmp_path / "m.py"): text}, str(tmp_path)) is None


def test_a_call_handing_a_reader_is_refused_with_the_rule(tmp_path):
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    path = str(tmp_path / "m.py")
    result = rewrite_tree({path: HELPER.format(arg=", reader=make_reader")}, root=str(tmp_path))[path]
    said = " ".join(" ".join(n.message for n in result.notes).split())
    assert result.refused and result.code == result.source, said
    assert "reads with the reader its caller passes as `reader` (`make_reader`)" in said, said
    assert "a parameter defaulting to `None` that every call leaves `None`" in said, said


STORED = '''\
import tensorflow.compat.v1 as tf


class Shuffler(object):
    def __init__(self, filename_queue, batch_size=4):
        self.filename_queue = filename_queue
        self.batch_size = batch_size

    def _load(self):
        reader = tf.TFRecordReader()
        _, serialized = reader.read(self.filename_queue)
        return tf.parse_single_example(serialized, {'id': tf.FixedLenFeature([], tf.int64)})['id']

    def batch(self):
        ident = self._load()
        return tf.train.batch([ident], batch_size=self.batch_size)


def main(files):
    queue = tf.train.string_input_producer(files, num_epochs=1)
    return Shuffler(queue).batch()
'''


def test_a_queue_stored_by_init_from_its_caller_is_refused_naming_the_fix():
    # (held-out round 68's datashuffler: the queue made by the constructing code, kept on `self`, read by a method)
    from tfdata_bridge.migrate import rewrite

    result = rewrite(STORED, to="tfdata")
    said = " ".join(" ".join(n.message for n in result.notes).split())
    assert result.refused and result.code == STORED, said
    assert ("`_load` is not given one file queue made by `string_input_producer`, nor makes one: it reads "
            "`self.filename_queue`, the queue `Shuffler.__init__` stores from its parameter `filename_queue`") in said, said
    assert "make the `string_input_producer` in `_load`" in said, said
