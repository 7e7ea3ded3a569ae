"""A reader class that makes its file queue in ``__init__`` and reads it in a method (the reader inline:
``tf.TextLineReader().read(self.filename_queue)``, the method named ``read`` or anything), its object handed to
a function that batches what the method returns through a hand-built FIFOQueue with its own QueueRunner
(``dequeue_many(n)``) -- held-out round 33's abalone reader (``init_source.py``).

- the records dataset is made in ``__init__`` on ``self.dataset``, the method its map function, and the function
  taking the object maps and batches it (``dequeue_many(n)``: ``batch(n, drop_remainder=True)``, as legacy's
  dequeue_many fails once fewer than n remain after the queue closes: a short remainder is never seen);
- the object is checked at every call of the function in the tree (``passed_class.py``; of a method of another
  class, every ``x.name(...)`` of its module): each a new object of the class, handed to that one call alone,
  outside a loop; else the pipeline is left, saying why.

The programs of ``r33a_programs/`` (the class and function in a package module, or with the caller in one
module, or the function in the caller's module and the class in a package; ``from tensorflow.compat.v1 import
train``; TFRecordReader; two objects, one made inline in the call; the batching method of another class making
the object, or handed it; an enqueue written inside the QueueRunner; remainders a batch does not fill, dropped by
``dequeue_many``, kept by ``dequeue_up_to``) are migrated as one tree and run against
their originals, exactly."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r33a_programs"
ENDS = {"shells_package": "closed after 3 batches", "lines_helper_here_inline_object": "closed after 3 batches"}


@pytest.mark.timeout(500)
def test_the_r33a_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 5
    assert [n for n, c in code.items() if "FIFOQueue(" in c or "QueueRunner(" in c or "_producer(" in c] == [], code
    shells = (migrated / "r33a_lib" / "shells.py").read_text()
    assert "self.dataset = tf.data.TextLineDataset(" in shells and "def read(self, line):" in shells
    assert ".map(reader.read)\n        .batch(batch_size, drop_remainder=True)" in shells
    records = (migrated / "r33a_lib" / "records.py").read_text()
    assert "self.dataset = tf.data.TFRecordDataset(" in records and ".map(source.next_record)" in records
    assert "def rows(self, line):" in code["shells_same_module_two_readers.py"]
    assert "source.dataset\n        .map(source.next_line)\n        .batch(size, drop_remainder=True)" in \
        code["lines_helper_here_inline_object.py"]
    assert "def batch(self, reader, size):\n        # tfdata-bridge migrate" in code["shells_batcher_method.py"]
    assert ".batch(size, drop_remainder=False)" in code["shells_batcher_method.py"]  # (dequeue_up_to)
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end=ENDS.get(name))


SOURCE = '''\
import tensorflow.compat.v1 as tf


class Rows(object):
    def __init__(self, paths):
        self.queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)

    def read(self):
        _, line = tf.TextLineReader().read(self.queue)
        return [tf.strings.length(line)]


def batches(rows, n):
    x, = rows.read()
    queue = tf.FIFOQueue(8, [tf.int32], shapes=[[]])
    op = queue.enqueue([x])
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [op]))
    return queue.dequeue_many(n)


def main(paths):
{body}
'''


def _said(result) -> str:
    return " | ".join(n.message for n in result.notes)


@pytest.mark.parametrize("body, why", [
    ("    rows = Rows(paths)\n    return batches(rows, 2), batches(rows, 3)", "is used beyond that call"),
    ("    rows = Rows(paths)\n    return batches(rows, 2), rows.read()", "is used beyond that call"),
    ("    return [batches(Rows(p), 2) for p in paths]", "is called in a loop"),
])
def test_an_object_whose_queue_legacy_shares_is_refused(body, why):
    source = SOURCE.format(body=body)
    result = rewrite(source, to="tfdata")
    assert "string_input_producer" in result.code and "FIFOQueue" in result.code, result.code
    assert why in _said(result), _said(result)


METHOD = SOURCE.replace("def batches(rows, n):", "class Batcher(object):\n    def batches(self, rows, n):").replace(
    "\n    x, = rows", "\n        x, = rows").replace("\n    queue = ", "\n        queue = ").replace(
    "\n    op =", "\n        op =").replace("\n    tf.train.add", "\n        tf.train.add").replace(
    "\n    return queue", "\n        return queue")


@pytest.mark.parametrize("body, why", [
    ("    b, r = Batcher(), Rows(paths)\n    return b.batches(r, 2), b.batches(r, n=3)", "is used beyond that call"),
    ("    return Batcher().batches(Rows(paths), 2), Batcher().batches", "is used other than called"),
    ("    return Batcher().batches(paths, 2)", "is not made once before the call"),
])
def test_an_object_handed_to_a_method_is_followed_through_its_calls(body, why):
    result = rewrite(METHOD.format(body=body), to="tfdata")
    assert "string_input_producer" in result.code and "FIFOQueue" in result.code, result.code
    assert why in _said(result), _said(result)
    result = rewrite(METHOD.format(body="    b = Batcher()\n    return b.batches(Rows(paths), 2), b.batches(rows=Rows(paths), n=3)"),
                     to="tfdata")
    assert not result.refused and ".map(rows.read)" in result.code, _said(result)


def test_one_new_object_per_call_is_rewritten():
    result = rewrite(SOURCE.format(body="    return batches(Rows(paths), 2), batches(Rows(paths[::-1]), 3)"),
                     to="tfdata")
    assert not result.refused, _said(result)
    assert ".map(rows.read)\n        .batch(n, drop_remainder=True)" in result.code, result.code
