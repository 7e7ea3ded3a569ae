"""Held-out round 21's "prefetch input data" queues (issue 17, item 2): im2txt's values queue returned by
`prefetch_input_data(reader, ...)` and dequeued once per preprocessing copy into a `batch_join` (with
`dynamic_pad=True`), and Inception's examples queue filled by a data set's documented `reader()`, behind
`if num_readers > 1:`, one dequeue parsed by each copy.

The programs of ``r21_prefetch_programs/`` (the queue helper in the same module and in another, a data set class
of another module, several import styles, a reused name, a FIFOQueue and a RandomShuffleQueue, with and without
``dynamic_pad``) are migrated as one tree and run against their originals: every element once (the copies
compete for legacy's queue, so the rows are compared as a multiset), the same batch sizes, the same end."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r21_prefetch_programs"


@pytest.mark.timeout(500)
def test_the_r21_prefetch_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 4
    assert all("Queue(" not in c and "QueueRunner(" not in c and ".dequeue()" not in c for c in code.values()), code
    assert ".padded_batch(" in code["captions_same_module_fifo.py"]
    # (the model's `mode` is known only at run time: both queue kinds stay, chosen by it)
    assert ".shuffle(" in code["captions_model_class_mode.py"] and code["captions_model_class_mode.py"].count(
        ".padded_batch(") == 2
    assert "cycle_length=num_readers" in code["processing.py"] and ".shuffle(40" in code["processing.py"]
    assert ".shuffle(30, seed=3" in code["shuffle_inline_reader.py"]
    assert "def reader(" not in code["records.py"]  # (the data set's reader factory: no read calls it now)
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset")


HELPER = '''\
import tensorflow.compat.v1 as tf


def prefetch(files, readers=2):
    file_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    values = tf.FIFOQueue(16, [tf.string])
    reader = tf.TFRecordReader()
    ops = []
    for _ in range(readers):
        _, value = reader.read(file_queue)
        ops.append(values.enqueue([value]))
    tf.train.add_queue_runner(tf.train.QueueRunner(values, ops))
    return values
'''
CALLER = '''
def batches(files):
    queue = prefetch(files)
    copies = []
    for i in range(2):
        serialized = queue.dequeue()
        copies.append([tf.strings.length(serialized)])
    {end}
'''
JOINED = "return tf.train.batch_join(copies, batch_size=4)"


def _said(result) -> str:
    return " ".join(n.message for n in result.notes)


def test_the_copies_of_a_returned_queue_are_joined_where_the_caller_joins_them():
    result = rewrite(HELPER + CALLER.format(end=JOINED), to="tfdata")
    assert not result.refused, result.notes
    assert "FIFOQueue(" not in result.code and ".map(" in result.code and "num_parallel_calls=2" in result.code


@pytest.mark.parametrize("end, why", [
    # the copies read together by one op: one element per copy in the same run, so no dequeue is shared
    ("return tf.train.batch([tf.stack([c[0] for c in copies])], batch_size=4)", "joins no copies of it"),
    ("return copies", "joins no copies of it"),
])
def test_copies_not_joined_keep_their_own_dequeues(end, why):
    result = rewrite(HELPER + CALLER.format(end=end), to="tfdata")
    assert result.refused and result.code == HELPER + CALLER.format(end=end)
    assert why in _said(result)


def test_a_returned_queue_called_twice_migrates_where_its_caller_joins_copies_and_is_left_at_the_other():
    # (each call makes its own queue: the joining caller's call inlined and rewritten, the other call kept with
    # the helper, which says why it is left there)
    source = HELPER + CALLER.format(end=JOINED) + "\n\ndef again(files):\n    return prefetch(files).dequeue()\n"
    result = rewrite(source, to="tfdata")
    assert result.refused and "here `again` joins no copies of it" in _said(result)
    assert "def prefetch(" in result.code and "return prefetch(files).dequeue()" in result.code
    assert result.code.count("FIFOQueue(") == 1 and "num_parallel_calls=2" in result.code


def test_a_prefetch_helper_of_another_module_and_a_batch_helper_given_the_copies_are_rewritten(tmp_path):
    # (forms18: the batch helper's loop is fused into the caller's, the prefetch helper copied to its module;
    # ``test_migrate_r21_leftovers.py`` runs such trees both ways and holds the forms still left)
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    lib = tmp_path / "lib.py"
    joins = tmp_path / "joins.py"
    model = tmp_path / "model.py"
    texts = {
        str(lib): HELPER,
        str(joins): ("import tensorflow.compat.v1 as tf\n\n\ndef pad(pairs):\n    listed = []\n"
                     "    for value, n in pairs:\n        listed.append([value, n + 1])\n"
                     "    return tf.train.batch_join(listed, batch_size=4, dynamic_pad=True)\n"),
        str(model): ("import tensorflow.compat.v1 as tf\n\nimport joins\nimport lib\n\n\ndef inputs(files):\n"
                     "    queue = lib.prefetch(files)\n    pairs = []\n    for i in range(2):\n"
                     "        serialized = queue.dequeue()\n"
                     "        pairs.append([serialized, tf.strings.length(serialized)])\n"
                     "    return joins.pad(pairs)\n"),
    }
    results = rewrite_tree(texts, root=str(tmp_path))
    assert not any(r.refused for r in results.values()), [r.notes for r in results.values()]
    assert "def prefetch" not in results[str(lib)].code and "def pad" not in results[str(joins)].code
    assert "FIFOQueue(" not in results[str(model)].code and ".padded_batch(4" in results[str(model)].code
