"""A reader *object* handed to the helper that builds a prefetch queue and reads it by k enqueue ops (held-out round
54's buoy shards, im2txt's ``prefetch_input_data(reader, ...)`` with its per-copy dequeues and ``batch_join``).

Each ``read`` of the one object takes the next record of that one reader's stream: k reads of it are one reader
read by k threads, not k readers. Where every call hands a reader made for it alone (inline, or by a statement of
the caller read only by the call), the helper makes the reader itself, first in its body, and loses the parameter
(``handed_copies._hand_reader_class``); the hand-built queue then reads one reader's stream, a
``TFRecordDataset`` over the file dataset (cycle_length 1), not an interleave of k files. The programs of
``fixK_programs/`` (the object inline or named, by position or keyword, two callers; ``tf.queue.`` /
``tf.compat.v1.`` / ``tf.`` queue spellings; ``train.queue_runner.add_queue_runner`` spellings; the helper in a
package module called from a class; a reader class handed in, and a reader made inline, beside it) are migrated as
one tree and run against their originals, as multisets (the shuffling queue's order is its own). A reader
object the caller shares, or one the helper uses other than by ``read``, is left."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixK_programs"


@pytest.mark.timeout(500)
def test_the_fixK_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 4
    helper = (migrated / "fixk_lib" / "inputs.py").read_text()
    # (one reader's stream: no interleave of `readers` files)
    assert "def prefetched_rows(pattern_files, readers, copies, batch_size):" in helper
    assert "tf.compat.v1.data.TFRecordDataset(file_names)\n        .shuffle(40)" in helper and "interleave" not in helper
    assert "prefetched_rows(self.files, readers=4," in code["package_helper_in_class.py"]
    assert "interleave" not in code["instance_param_queue_spellings.py"]
    assert "def build_inputs(file_names, batch_size, threads=3):" in code["named_instance_two_callers_v1.py"]
    assert "tf.TFRecordReader()" not in code["named_instance_two_callers_v1.py"]
    assert ".interleave(tf.data.TFRecordDataset, cycle_length=k," in code["reader_class_and_inline.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset", end=None)


HELPER = '''\
import tensorflow.compat.v1 as tf


def build(files, reader):
    fq = tf.train.string_input_producer(files, num_epochs=1)
    q = tf.RandomShuffleQueue(capacity=20, min_after_dequeue=2, dtypes=[tf.string])
    ops = []
    for _ in range(2):
        _, v = reader.read(fq)
        ops.append(q.enqueue([v]))
    tf.train.add_queue_runner(tf.train.QueueRunner(q, ops)){extra}
    rows = []
    for _ in range(2):
        rows.append([tf.strings.length(q.dequeue())])
    return tf.train.batch_join(rows, batch_size=2)


def main(files):
{body}
'''


@pytest.mark.parametrize("extra, body", [
    # (one reader the two pipelines share: legacy's calls read one stream between them)
    ("", "    reader = tf.TFRecordReader()\n    return build(files, reader), build(files, reader)"),
    # (the caller reads the reader too)
    ("", "    reader = tf.TFRecordReader()\n    return build(files, reader), reader.num_records_produced()"),
    # (the helper reads the object other than by `read`)
    ("\n    tf.summary.scalar('n', reader.num_records_produced())", "    return build(files, tf.TFRecordReader())"),
])
def test_a_reader_object_shared_or_used_otherwise_is_left(tmp_path, extra, body):
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    path = tmp_path / "prog.py"
    result = rewrite_tree({str(path): HELPER.format(extra=extra, body=body)}, root=str(tmp_path))[str(path)]
    assert result.refused and "RandomShuffleQueue(" in result.code and "reader.read(fq)" in result.code, result.code


def test_an_object_handed_to_every_call_alone_is_made_in_the_helper(tmp_path):
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    path = tmp_path / "prog.py"
    body = "    one = tf.TFRecordReader()\n    a = build(files, one)\n    return a, build(files, tf.TFRecordReader())"
    result = rewrite_tree({str(path): HELPER.format(extra="", body=body)}, root=str(tmp_path))[str(path)]
    assert not result.refused, [n.message for n in result.notes]
    assert "def build(files):" in result.code and "interleave" not in result.code, result.code
