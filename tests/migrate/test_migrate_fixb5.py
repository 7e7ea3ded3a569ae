"""Held-out rounds 60/61: parallel source/target files read in lockstep by two reader helpers into a
PaddingFIFOQueue, its batched dequeue written inside the ``return`` (``Batch(*queue.dequeue_many(n))``), the
lookup tables made in another module and handed in (by position or keyword): the dequeue is named first
(``inline_dequeues.py``), the readers become a zip of two TextLineDatasets, and the iterator is initialized with
the tables (``table_iterators.py``: a table handed in by a caller of another module of the tree). A queue the
program drives op by op from its own session (puts between its reads, its size read) is a data structure, not
an input pipeline: it is left, and the note says so and what to do (``session_queues.py``).

The programs of ``fixb5_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixb5_programs"
ENDS = {"nmt_file_tables_namedtuple_package": "pairs: 8", "words_hash_table_keyword_args_package": "rows: 9"}


@pytest.mark.timeout(300)
def test_the_fixb5_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 2
    for lib in ("pairs.py", "words.py"):
        assert "Dataset.zip(" in code[lib] and "make_initializable_iterator" in code[lib], code[lib]
        assert "TABLE_INITIALIZERS" in code[lib] and "Queue(" not in code[lib]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end=ENDS[name])


NOTEBOOK = '''\
{imports}


def main(values, extra):
    q = {queue}(3, {dtype})
    init = q.enqueue_many((values,))
    out = []
    with {session}() as sess:
        sess.run(init)
        out.append(sess.run(q.dequeue()))
        out.append(sess.run(q.dequeue()))
        {put}
        out.append(sess.run(q.dequeue()))
        left = sess.run(q.size())
    return out, left
'''


@pytest.mark.parametrize("imports, queue, dtype, session, put", [
    ("import tensorflow.compat.v1 as tf", "tf.FIFOQueue", '"float"', "tf.Session", "sess.run(q.enqueue([extra]))"),
    ("from tensorflow.compat.v1 import FIFOQueue, Session, float32", "FIFOQueue", "[float32]", "Session",
     "more = q.enqueue([extra])\n        more.run()"),
])
def test_a_queue_driven_from_the_session_is_left_as_a_data_structure(imports, queue, dtype, session, put):
    result = rewrite(NOTEBOOK.format(imports=imports, queue=queue, dtype=dtype, session=session, put=put),
                     to="tfdata")
    assert result.refused and "Queue(3" in result.code
    said = " ".join(" ".join(n.message.split()) for n in result.notes)
    assert "`q` (a `FIFOQueue` made in `main`) is used as a data structure, not as an input pipeline" in said, said
    assert "no `QueueRunner` or thread fills it" in said and "`q.size()` at line" in said
    assert "a dataset is a pipeline whose elements are fixed when its iterator starts" in said
    assert "TensorFlow 2 has `tf.queue.FIFOQueue`, which runs eagerly" in said
