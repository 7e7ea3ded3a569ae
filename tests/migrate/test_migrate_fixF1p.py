"""A pool of k reader objects filling a common queue from its method (slim's ``ParallelReader``: its ``__init__``
makes the readers and keeps the queue, a method makes each reader's enqueue op into the queue and their
``QueueRunner``, and the read method returns the queue's dequeue), made and read at once (``return
Pool(...).read(fq)``), is written out there as the k-reader loop the rewrite knows (``reader_pools.py``; then
``prefetch_helper.py``), the class going where nothing names it any more. A parameter no call gives, read only as
``p or LITERAL`` (slim's ``dtypes or [tf.string, tf.string]``, ``reader_kwargs or {}``), is folded
(``fold_unset_params``); a helper whose graph scope spells its own name is no longer taken as named in a string; a
module's unrelated refusal (a single-pass read beside the helper) no longer undoes the reader class written into
it. The programs of ``fixF1p_programs/`` (a slim-like package ``pull_lib``, a pool of a program's own module, a
pool package ``gang_lib``) are migrated as one tree and run against their originals: one reader not shuffled, in
legacy's order; two readers shuffled, each record once. A pool kept in a name and read later is left."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixF1p_programs"
COMPARE = {"pull_list_two_readers_shuffled": "multiset"}
REWRITTEN = ["own_pool_comprehension_fifo.py",
             "pull_pattern_one_reader_in_order.py", "pull_list_two_readers_shuffled.py"]


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
    assert "interleave" in code["pull_list_two_readers_shuffled.py"], code["pull_list_two_readers_shuffled.py"]
    assert "interleave" not in code["pull_pattern_one_reader_in_order.py"]  # (one reader: the files in turn)
    # (the kept pool is left, and so is the class it names; the helper every rewritten call read goes)
    assert "tf.data" not in code["pool_kept_then_read_left.py"]
    assert "is handed to `gang.ReaderGang`" in notes["pool_kept_then_read_left.py"], notes
    assert "class ReaderGang" in code["gang_lib/gang.py"]
    # (the slim-like read: the puller written out, its ``dtypes`` and ``reader_kwargs`` no call gives folded, the
    # helper gone; the single-pass read beside it left as it was)
    pull = code["pull_lib/pull.py"]
    assert "class Puller" not in pull and "def pull_read" not in pull and "def single_pass" in pull, pull
    assert "pull_read` removed" in notes["pull_lib/pull.py"], notes["pull_lib/pull.py"]
    programs = sorted(p for p in original.glob("*.py") if p.name in REWRITTEN)  # (the one left runs as written)
    assert len(programs) == 3
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE.get(name, "exact"), end="OutOfRangeError")
        assert want["batches"], name


SLIM_LIKE = """import tensorflow.compat.v1 as tf


def read(files, reader_class, num_readers=1, reader_kwargs=None, dtypes=None):
    queue = tf.train.string_input_producer(files)
    dtypes = dtypes or [tf.string, tf.string]
    common = tf.FIFOQueue(8, dtypes=dtypes)
    ops = []
    for _ in range(num_readers):
        ops.append(common.enqueue(reader_class(**(reader_kwargs or {})).read(queue)))
    tf.train.add_queue_runner(tf.train.QueueRunner(common, ops))
    return common.dequeue()
"""


def test_a_parameter_no_call_gives_is_folded_and_one_a_call_gives_is_kept(tmp_path):
    from tfdata_bridge._src.migrate.reader_pools import fold_unset_params

    lib = str(tmp_path / "lib.py")
    caller = "from lib import read\nimport tensorflow.compat.v1 as tf\n\n\ndef f(files):\n    return read(files, %s)\n"
    folded = fold_unset_params({lib: SLIM_LIKE, str(tmp_path / "a.py"): caller % "tf.TFRecordReader"}, str(tmp_path))
    assert folded is not None
    assert "dtypes=[tf.string, tf.string]" in folded[lib] and "dtypes or" not in folded[lib], folded[lib]
    assert "reader_class().read(queue)" in folded[lib] and "reader_kwargs" not in folded[lib], folded[lib]
    # (a call giving the dtypes, by keyword or by position, keeps that parameter; the other still goes)
    for given in ("tf.TFRecordReader, dtypes=[tf.string, tf.string]", "tf.TFRecordReader, 1, None, [tf.string] * 2"):
        kept = fold_unset_params({lib: SLIM_LIKE, str(tmp_path / "a.py"): caller % given}, str(tmp_path))
        assert kept is None or "dtypes = dtypes or" in kept[lib], kept
    # (a call handing on ``*args`` could give it: nothing is folded)
    starred = "from lib import read\n\n\ndef f(*args):\n    return read(*args)\n"
    assert fold_unset_params({lib: SLIM_LIKE, str(tmp_path / "a.py"): starred}, str(tmp_path)) is None
