"""A join over one reader OBJECT per read thread, made where it reads (held-out round 34's poker hands:
``example_list.append(reader(filename_queue).read())`` in a loop, ``reader`` the class a package function
returns, then ``batch_join``): the ``read_my_file_format`` + ``batch_join`` form with the reader a method.

- ``[hands.CardReader(queue, scale=0.5).read_card() for _ in range(k)]``: the class of a package module holds
  the queue handed to its constructor (and a header skip, a scaled parameter) and its method reads it;
- ``reader = readers.reader()`` (a function returning the class) and ``reader(10).pull(queue)`` appended in a
  loop, into ``shuffle_batch_join``; ``from tensorflow.compat.v1 import train`` for the producer; TFRecords;
- classes of the program's own module: a loop appending ``LineReader(scale=3).parse(queue)`` (text parts), and
  an object built once before the comprehension (``decoder.decode(queue)``, TFRecords);
- objects made before the list: one holding the queue read once per thread (`r = ShardReader(queue)`,
  `[r.read_rows() for _ in range(3)]`), and one per thread from a list (`for o in objs: l.append(o.pairs(q))`);
- the refusals that stay: an ``__init__`` doing more than storing its parameters, a method setting attributes.

Legacy's k readers over one file queue compete for its files: each record once per epoch, in an order the
threads give; the migrated interleave of k files gives the same multiset (row counts divisible by the batch)."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge._src.migrate.rewriting import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r34p_programs"


@pytest.mark.timeout(500)
def test_the_r34p_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 4
    assert [n for n, c in code.items() if "batch_join(" in c or "Reader()" in c] == [], code
    cards = (migrated / "r34p_cards" / "inputs.py").read_text()
    assert "weight * (scale * 2.0)" in cards and ".skip(1)" in cards and "cycle_length=read_threads" in cards
    assert "def read_card" not in (migrated / "r34p_cards" / "hands.py").read_text()
    rows = (migrated / "r34p_rows" / "pipeline.py").read_text()
    assert "offset = 10" in rows and "cycle_length=threads" in rows
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset", end=None)


_REFUSED = '''\
import tensorflow.compat.v1 as tf


class Reader(object):
    def __init__(self, n):
        {init}

    def read_one(self, filename_queue):
        reader = tf.TextLineReader()
        _, line = reader.read(filename_queue)
        {extra}
        return tf.strings.length(line) * self.n


def inputs(files):
    queue = tf.train.string_input_producer(files, num_epochs=1)
    rows = [Reader(2).read_one(queue) for _ in range(3)]
    return tf.train.batch_join(rows, batch_size=2)
'''


@pytest.mark.parametrize("init, extra, said", [
    ("self.n = n; print(n)", "pass", "does more than store its parameters"),
    ("self.n = n", "self.seen = 1", "sets an attribute of `self`"),
])
def test_objects_that_are_more_than_their_stored_parameters_are_left(init, extra, said):
    source = _REFUSED.format(init=init, extra=extra)
    result = rewrite(source, "tfdata")
    assert result.code == source
    notes = " ".join(n.message for n in result.notes)
    assert said in notes, notes
