"""Held-out round 42's reader: a function or method handed the file queue as a parameter reads, decodes and
batches inside itself, with one batch or a batch chosen by an ``if`` on a parameter
(``if split_name == 'train': shuffle_batch(...) else: batch(...)``); each caller (a module function, or a method
calling ``self._read_and_decode(...)``) makes ``string_input_producer(...)`` and hands it in. The choice becomes
two chains over the function's one dataset of records, and each caller's producer the dataset of its file names,
handed in where the queue was. A subclass (of any module of the tree) defining the reading method again, and a
caller in another module than the reading function, are refused with a note.

The programs of ``r42f_programs/`` are migrated as one tree and run against their originals: the unshuffled
arms compared exactly, the shuffled ones as multisets."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, key, migrate_folder, rows, run_both_ways
from tfdata_bridge._src.migrate.tree import rewrite_tree

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r42f_programs"


@pytest.mark.timeout(500)
def test_the_r42f_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    assert code["reading.py"].count("tf.data.TextLineDataset(filename_queue)") == 1
    assert "read_batches('eval', tf.data.Dataset.from_tensor_slices(paths).repeat(1), batch_size=3)" in \
        code["reading.py"]
    assert code["split_choice_method.py"].count("make_one_shot_iterator") == 2
    assert "if split_name == 'train':" in code["split_choice_method.py"]
    assert code["functions_one_batch.py"].count("tf.data.Dataset.from_tensor_slices(") == 2
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end=None)  # (the unshuffled batches)
        if "train" in want:  # the shuffled arm: the same batch sizes, each row once
            assert len(want["train"]) > 1
            for side in (want, got):
                assert all(len(b[0]) == len(want["train"][0][0]) for b in side["train"]), side["train"]
            assert sorted(key(r) for b in got["train"] for r in rows(b)) == \
                sorted(key(r) for b in want["train"] for r in rows(b))


READER = '''\
import tensorflow.compat.v1 as tf


class Reader:
    def _read(self, split_name, filename_queue, batch_size):
        reader = tf.TextLineReader()
        _, line = reader.read(filename_queue)
        value = tf.strings.to_number(line, tf.int64)
        if split_name == 'train':
            values = tf.train.shuffle_batch([value], batch_size, capacity=16, min_after_dequeue=4)
        else:
            values = tf.train.batch([value], batch_size, capacity=16)
        return values
{caller}'''
CALLER = '''
    def next_batch(self, split_name, path):
        filename_queue = tf.train.string_input_producer([path], num_epochs=1)
        return self._read(split_name, filename_queue, 2)
'''
OVERRIDE = '''\
import tensorflow.compat.v1 as tf

from lib.base import Reader


class Other(Reader):
    def _read(self, split_name, filename_queue, batch_size):
        return filename_queue.dequeue()


def main(path):
    return Other().next_batch('train', path)
'''
ELSEWHERE = '''\
import tensorflow.compat.v1 as tf

from lib.base import Reader


def main(path):
    return Reader()._read('eval', tf.train.string_input_producer([path]), 2)
'''


@pytest.mark.parametrize("caller, program, why", [
    (CALLER, OVERRIDE, "`Other`, a subclass of `Reader`, defines `_read` again: which one runs depends on the "
                       "object's class"),
    ("", ELSEWHERE, "another module of the tree uses `._read` too: its queue there is not followed"),
])
def test_a_reading_method_that_a_subclass_overrides_or_another_module_calls_is_refused(caller, program, why):
    sources = {"/t/lib/__init__.py": "", "/t/lib/base.py": READER.format(caller=caller), "/t/prog.py": program}
    result = rewrite_tree(sources, root="/t")["/t/lib/base.py"]
    assert result.refused and result.code == sources["/t/lib/base.py"]
    assert any(why in n.message for n in result.notes), result.notes
