"""Held-out round 20's leftovers (issue 17): a reader and a file queue kept on ``self`` and read in the same
method (``attr_locals.py``), a file queue filled and closed by the session (``filename_queue.py``), readers made
inline in a join's comprehension (``reader_comps.py``), and what is said where such a form is left.

The programs of ``r20_forms_programs/`` (a class in another module, a method other than ``__init__``, several
import styles, a reused name) are migrated as one tree and run against their originals, compared exactly. The
text tests say what is refused, and why."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r20_forms_programs"


@pytest.mark.timeout(500)
def test_the_r20_form_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 7
    assert "Dataset" in (migrated / "r20f_lib" / "fixed.py").read_text()
    assert all("self._reader" not in c and "self.lines" not in c for c in code.values())
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        # (``comp_``: several readers joined, so the rows' order varies between runs)
        assert_delivers_the_same(name, want, got, "multiset" if name.startswith("comp_") else "exact")


SERVER = '''\
import tensorflow.compat.v1 as tf


class Server(object):
    def __init__(self, files):
        self._queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        self._reader = tf.TFRecordReader()
        _, serialized = self._reader.read(self._queue)
        self.batch = tf.train.batch([serialized], batch_size=4)
{more}
'''


@pytest.mark.parametrize("more", [
    "\n    def count(self):\n        return self._reader.num_records_produced()\n",
    "\n    def again(self):\n        self._reader = tf.TFRecordReader()\n",
])
def test_a_reader_attribute_named_elsewhere_is_left_naming_the_attribute(more):
    result = rewrite(SERVER.format(more=more), to="tfdata")
    said = " ".join(n.message for n in result.notes)
    assert result.refused and "the reader is an attribute (`self._reader`)" in said, said
    assert "is not one of" not in said
    assert "self._reader.read(self._queue)" in result.code


def test_an_attribute_read_by_a_string_is_not_made_local():
    result = rewrite(SERVER.format(more="\n    def get(self):\n        return getattr(self, '_queue')\n"),
                     to="tfdata")
    assert result.refused and "self._reader.read(self._queue)" in result.code


def test_the_attributes_become_local_names_of_the_method():
    result = rewrite(SERVER.format(more=""), to="tfdata")
    assert not result.refused, result.notes
    assert "self._reader" not in result.code and "self._queue" not in result.code
    assert "TFRecordDataset" in result.code


FILLED = '''\
import tensorflow.compat.v1 as tf


def main(files):
    names = tf.FIFOQueue(8, [tf.string], shapes=[[]])
    fill = names.enqueue_many([files])
    shut = names.close()
    _, line = tf.TextLineReader().read(names)
    batch = tf.train.batch([line], batch_size=2)
    with tf.Session() as sess:
{runs}
        return sess.run(batch)
'''


@pytest.mark.parametrize("runs, why", [
    ("        sess.run(fill)", "it is never closed"),
    ("        for _ in range(2):\n            sess.run(fill)\n        sess.run(shut)", "is not run once"),
    ("        sess.run(shut)\n        sess.run(fill)", "closed before it is filled"),
    ("        sess.run(fill)\n        first = sess.run(batch)\n        sess.run(shut)", "runs before its close"),
    ("        sess.run(fill)\n        sess.run(names.enqueue([files[0]]))\n        sess.run(shut)", "used beyond"),
])
def test_a_queue_filled_by_the_session_is_left_where_not_one_epoch_in_order(runs, why):
    code = FILLED.format(runs=runs)
    if "never closed" in why:
        code = code.replace("    shut = names.close()\n", "")
    result = rewrite(code, to="tfdata")
    said = " ".join(n.message for n in result.notes)
    assert result.refused and why in said, said
    assert "names.enqueue_many" in result.code


def test_a_queue_filled_and_closed_once_by_the_session_is_one_epoch_of_its_names():
    result = rewrite(FILLED.format(runs="        sess.run(fill)\n        sess.run(shut)"), to="tfdata")
    assert not result.refused, result.notes
    assert "FIFOQueue" not in result.code and "sess.run(fill)" not in result.code
    assert "from_tensor_slices(files)" in result.code and ".repeat(1)" in result.code


def test_a_comprehension_reading_the_key_of_its_inline_readers_is_not_made_a_loop():
    from tfdata_bridge._src.migrate.reader_comps import loop_inline_reader_comps
    import libcst as cst
    code = """def f(q):\n    xs = [g(tf.TFRecordReader().read(q).{part}) for _ in range(2)]\n    return xs\n"""
    module = cst.parse_module(code.format(part="key"))
    assert loop_inline_reader_comps(module) is module
    looped = loop_inline_reader_comps(cst.parse_module(code.format(part="value"))).code
    assert "for _ in range(2):" in looped and "_, value = reader.read(q)" in looped and "xs.append(g(value))" in looped
