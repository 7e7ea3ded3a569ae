"""Held-out round 37's sheet-music pages: a new producer, reader and unbatched ``read`` built in each turn of a
loop (one per file, or per group of files), each turn's value run a known number of times (or to its end) by a
session of its own or one shared. Each turn's dataset is its own turn's pipeline, so the read becomes a one-shot
iterator's ``get_next()`` in the loop, as outside one (``read_groups.py``); a WholeFileReader's key nobody reads
no longer stops it, and a key that is read comes with the value (``key, value = ...get_next()``). A producer or
reader made once, outside the loop that makes the read, is refused with a note at the read: its queue and
reader carried their place from turn to turn, where a dataset made per turn would start again; made once
together, outside the loop, they become the dataset and its iterator there, each turn's read its next element.

The programs of ``r37s_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib
import textwrap

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r37s_programs"
COMPARE = {"lines_class_two_callers": "multiset"}  # (each group's one shuffled epoch: its lines in any order)


@pytest.mark.timeout(500)
def test_the_r37s_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 4
    assert "start_queue_runners" not in "".join(code.values())
    assert "key, serialized = tf.data.make_one_shot_iterator(" in code["records_one_session.py"]
    assert ".map(tf.compat.v1.io.read_file)" in code["pages_session_each.py"]
    assert "key, value = records_iterator.get_next()" in code["lines_read_each_turn.py"]  # (made once, before)
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data", make_data=False).items():
        assert_delivers_the_same(name, want, got, COMPARE.get(name, "exact"), end=None)


_OUTSIDE = textwrap.dedent('''\
    import tensorflow.compat.v1 as tf
    {top}

    def lines(path, sess):
        {queue}
        out = []
        for i in range(4):
            key, value = tf.TextLineReader().read(queue)
            out.append(sess.run(value))
        return out
    ''')


@pytest.mark.parametrize("top, queue, said", [
    # a new reader in each turn on one queue: it took the queue's next file, not the first one again
    ("", "queue = tf.train.string_input_producer([path], shuffle=False)",
     "`queue` (line 5) is made once, outside the loop at line 7 that makes its read (line 8) with a new reader "
     "each turn: each new reader took the queue's next file"),
    # the queue made once for every call of the function (left: its reader and producer say so)
    ("queue = tf.train.string_input_producer(['a.txt'], shuffle=False)", "pass", None),
])
def test_a_read_over_a_queue_made_for_several_turns_or_calls_is_refused_at_the_read(top, queue, said):
    result = rewrite(_OUTSIDE.format(top=top, queue=queue), to="tfdata")
    assert "string_input_producer" in result.code and result.refused, result.code
    assert "get_next" not in result.code
    if said is not None:
        notes = [n.message for n in result.notes if n.line == 8]
        assert notes and said in notes[0], result.notes
