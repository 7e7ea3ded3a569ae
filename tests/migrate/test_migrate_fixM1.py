"""A join over a list a ``for _ in range(k)`` loop fills, each turn reading one file queue made before the loop
with a reader of its own (inline, or a reader helper) and appending per-element code of that read, is ``k``
readers of the queue (``copies_join.k_readers``): a WholeFileReader's turns included, one ``read_file`` per file
name (each file is one record, whichever of the ``k`` readers takes it). The programs of ``fixM1_programs/``
(whole files by an inline reader in a package helper with ``cfg.num_readers`` and ``shuffle_batch_join``; round
75's puffin program has the reader helper of another module) are migrated as one tree. So are
common-queue builders (the object detection API's ``input_reader_builder.build``: checks that raise, the queue's
class chosen by ``if config.shuffle:``, k readers' enqueue ops in a loop under one ``QueueRunner``, ``return
decode(queue.dequeue())``), of another module or of the caller's own, inlined at their one call
(``builder_inline._reader_builder``) where the caller batches what they return: the choice stays a run-time
``if``. The three are run against their originals, each element once. A
turn whose helper makes its own file queue reads every file once per turn: refused."""

from __future__ import annotations

import pathlib

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixM1_programs"

_OWN_QUEUE = '''
import tensorflow.compat.v1 as tf


def read_one(files):
    queue = tf.train.string_input_producer(files, num_epochs=1)
    _, body = tf.WholeFileReader().read(queue)
    return body


def inputs(files):
    bodies = []
    for _ in range(2):
        bodies.append([tf.strings.length(read_one(files))])
    return tf.train.batch_join(bodies, batch_size=2)
'''


def test_k_readers_joined_or_filling_a_chosen_common_queue_deliver_what_legacy_did(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    loader = code["loader.py"]
    assert "tf.io.read_file(filename)" in loader and "WholeFileReader()" not in loader, loader
    assert ".shuffle(12, seed=5)" in loader and "for _ in range" not in loader, loader
    package = code["common_queue_flag_builder_package.py"]
    assert "if config.shuffle:" in package and ".shuffle(config.capacity, seed=7)" in package, package
    assert "builder._parse(" in package and "raise ValueError(\"no files\")" in package, package
    assert "def build(" not in code["builder.py"], code["builder.py"]
    same = code["common_queue_flag_same_module.py"]
    assert "def make_input(" not in same and "if SHUFFLE:\n        records = records.shuffle(12, seed=2)" in same
    assert "cycle_length=3" in same and "decode(value)" in same, same
    assert len(list(original.glob("*.py"))) == 3
    run = ["whole_file_inline_config_shuffle_join_package", "common_queue_flag_builder_package",
           "common_queue_flag_same_module"]
    pairs = {name: (original / f"{name}.py", migrated / f"{name}.py") for name in run}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset", end="OutOfRangeError")


def test_a_turn_that_makes_its_own_file_queue_is_refused():
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    (result,) = rewrite_tree({"/tmp/fixm1_own_queue.py": _OWN_QUEUE}).values()
    assert result.refused and "tf.data" not in result.code and "batch_join(" in result.code, result.code
    assert any("`train.batch_join` pipeline left" in n.message for n in result.notes), result.notes
