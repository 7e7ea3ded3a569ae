"""Held-out round 39's reads (issue 17): a reader's ``read`` / ``read_up_to`` is bound by the method's signature
(``read(queue=q)``, ``read(q, name="r")``, ``read_up_to(q, num_records=2, name=...)``: the op's name dropped, the
rewrite makes no reader op), in a function, a class's methods and another module's helper; a summary of a
per-record value beside the pipeline, which nothing writes, goes (``record_summaries.py``); a read or a
producer's ``dequeue()`` made inside a loop, its queue before it, is made once before the loop
(``loop_reads.py``) rather than a dataset started again each turn.

The programs of ``r39g_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r39g_programs"
COMPARE = {"replays_package": "multiset", "loop_reads": "exact", "keyword_reads": "exact"}
ENDS = {"replays_package": "positions 16 of 16", "loop_reads": "runs 13", "keyword_reads": "batches 5"}

LOOP_WITH_ITS_QUEUE = '''\
import tensorflow.compat.v1 as tf


def main(files, sess):
    queue = tf.train.string_input_producer(files, shuffle=False)
    reader = tf.TextLineReader()
    out = []
    for i in range(4):
        key, line = reader.read(queue)
        out.append(sess.run(line))
        line = None
    return out
'''

SUMMARY = '''\
import tensorflow.compat.v1 as tf


def build(files):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(queue=queue, name="line")
    value = tf.string_to_number(line)
    length = tf.strings.length(line)
    tf.summary.scalar("line_length", length)
    return tf.train.batch([value], batch_size=2)
'''


@pytest.mark.timeout(500)
def test_the_r39g_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    assert sorted(p.stem for p in original.glob("*.py")) == sorted(COMPARE)
    replays = " ".join(code["replays.py"].split())
    assert "def read_positions(record):" in replays and "name='read_replay'" not in replays
    loops = code["loop_reads.py"]
    assert loops.index("get_next()") < loops.index("for i in range(5):")  # (made once, before the loop)
    assert loops.index("records = (") < loops.index("while step < 8:")
    pairs = {p.stem: (p, migrated / p.name) for p in sorted(original.glob("*.py"))}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE[name], end=ENDS[name])


def test_a_read_whose_name_the_loop_binds_again_takes_the_next_record_each_turn():
    # (``line`` bound twice in the loop: the read is not moved out of it; a dataset made in the loop would start
    # again each turn, so the dataset and its iterator go where the producer and reader were, before the loop,
    # and each turn's read is the iterator's next element, as each turn's read was the reader's next record)
    out = rewrite(LOOP_WITH_ITS_QUEUE, to="tfdata")
    before, loop = out.code.split("for i in range(4):")
    assert "Dataset" in before and "make_one_shot_iterator" in before and "Dataset" not in loop, out.code
    assert "line = records_iterator.get_next()" in loop and "reader.read" not in out.code, out.code


def test_a_per_record_summary_goes_unless_the_program_writes_summaries():
    out = rewrite(SUMMARY, to="tfdata")
    code = [ln for ln in out.code.splitlines() if not ln.lstrip().startswith("#")]
    assert not out.refused and not [ln for ln in code if "summary" in ln or "length" in ln], out.code
    assert "`tf.summary.scalar(\"line_length\", length)` of a per-record value dropped" in \
        " ".join(out.code.replace("#", "").split())
    written = SUMMARY + "\n\nmerged = tf.summary.merge_all()\n"
    out = rewrite(written, to="tfdata")
    assert out.code == written
    assert any("the program can write summaries (`merge_all`)" in n.message for n in out.refused), out.notes
