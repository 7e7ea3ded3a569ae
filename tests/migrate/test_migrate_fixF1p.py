"""A pool of k reader objects filling a common queue from its method (slim's ``ParallelReader``: its ``__init__``
makes the readers and keeps the queue, a method makes each reader's enqueue op into the queue and their
``QueueRunner``, and the read method returns the queue's dequeue), made and read at once (``return
Pool(...).read(fq)``, ``key, value = Pool(...).read(fq)``), is written out there as the k-reader loop the rewrite
knows (``reader_pools.py``; then ``prefetch_helper.py`` / ``handbuilt.py``), the class going where nothing names it
any more. A helper whose graph scope spells its own name (slim's ``tf.name_scope(scope, 'parallel_read')``) is no
longer taken as named in a string, so the reader class every call hands it is written there. The programs of
``fixF1p_programs/`` (a package holding the pool and a helper, and a pool of a program's own module) are migrated as
one tree and run against their originals: one reader not shuffled, in legacy's order; two readers shuffled, each
record once. A pool kept in a name and read later is left, saying why."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixF1p_programs"
COMPARE = {"gang_mixed_two_readers": "multiset"}
REWRITTEN = ["gang_fifo_one_reader.py", "gang_mixed_two_readers.py", "own_pool_comprehension_fifo.py"]


@pytest.mark.timeout(300)
def test_a_reader_pool_object_is_written_out_as_the_k_reader_loop_and_delivers_the_same(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    out = migrate_tree_allowing_refusals(PROGRAMS, original, migrated)
    code = {rel: text.split('"""', 2)[-1] for rel, (text, _) in out.items()}
    notes = {rel: said for rel, (_, said) in out.items()}
    for name in REWRITTEN:
        assert "tf.data" in code[name] and "Queue(" not in code[name], (name, notes[name])
        assert "Pool(" not in code[name] and "ReaderGang(" not in code[name], code[name]
    assert "class Pool" not in code["own_pool_comprehension_fifo.py"]  # (named nowhere else: gone)
    assert "interleave" in code["gang_mixed_two_readers.py"], code["gang_mixed_two_readers.py"]
    assert "interleave" not in code["gang_fifo_one_reader.py"]  # (one reader: the files in turn, as legacy)
    # (the kept pool is left, and so is the class it names; the helper every rewritten call read goes)
    assert "tf.data" not in code["pool_kept_then_read_left.py"]
    assert "is handed to `gang.ReaderGang`" in notes["pool_kept_then_read_left.py"], notes
    assert "class ReaderGang" in code["gang_lib/gang.py"] and "def gang_read" not in code["gang_lib/gang.py"]
    programs = sorted(p for p in original.glob("*.py"))
    assert len(programs) == 4
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE.get(name, "exact"), end="OutOfRangeError")
        assert want["batches"], name
