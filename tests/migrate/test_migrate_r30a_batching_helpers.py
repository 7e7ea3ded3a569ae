"""Held-out round 30's most common TF1 shape (the CIFAR-10 and speech tutorials): a helper handed the file queue
reads, decodes and batches, called by the function that makes ``string_input_producer``. Each caller's producer
becomes the dataset of its file names (epochs, ``shuffle`` as written, a flag read by Python as legacy read it),
handed in where the queue was; the helper reads the records of the files it is handed, decodes them in a map
function and batches them, what it computes after the batch staying after ``get_next``. A parsed VarLenFeature
(a SparseTensor) batched under ``dynamic_pad`` is serialized in the element and made one SparseTensor again after
``padded_batch``, as legacy's queue stored it.

Variants in ``r30a_programs/``: the helper and its caller in one module, with a SparseTensor and a dense box list
padded under ``allow_smaller_final_batch``; a package whose ``inputs(..., shuffle=False)`` makes the producer and
another module calls it; ``shuffle_batch`` in the helper with every call spelled ``tf.compat.v1``; one helper called
by a train and an eval function with different files and epochs (the eval call's producer made in the call, by keyword); a class's method handed the
queue by ``self._batch(queue, n)`` in another method; a function handed the queue that hands it on to a reader
helper returning decoded tensors, then batches. Left with a note: a method called other than through
``self`` in its class, one queue passed to two calls, a queue used beyond its read, a call in a comprehension, a helper
no function of its module calls."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r30a_programs"
SHUFFLED = {"csv_shuffle_batch_helper_tf_compat"}


@pytest.mark.timeout(500)
def test_the_r30a_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 6
    lib = code["reading.py"]
    assert "tf.data.TFRecordDataset(filename_queue)" in lib and "reader.read" not in lib
    assert "tf.io.serialize_sparse(labels)" in lib and "tf.io.deserialize_many_sparse(c1, dtype=tf.int64)" in lib
    assert "if shuffle:\n        files_dataset = files_dataset.shuffle(" in lib
    two = code["train_eval_two_callers.py"]
    assert "queue = (\n        tf.data.Dataset.from_tensor_slices([path])\n        .repeat(2)" in two
    assert "filename_queue=tf.data.Dataset.from_tensor_slices([path]).repeat(1))" in two
    tags = code["tagged_boxes_sparse_pad_two_files.py"]
    assert ".padded_batch(batch_size, drop_remainder=False)" in tags
    assert "return ids, tags, tf.reduce_sum(boxes, axis=[1, 2])" in tags
    two_levels = code["reader_helper_inside_handed_queue.py"]
    assert "tf.data.FixedLengthRecordDataset(filename_queue, 8)\n        .map(read_record)" in two_levels
    assert "def read_record(value):" in two_levels
    klass = code["class_method_handed_queue.py"]
    assert "tf.data.FixedLengthRecordDataset(filename_queue, 8)" in klass
    assert "queue = (\n            tf.data.Dataset.from_tensor_slices(self.files)\n            .repeat(self.epochs)" in klass
    assert "tf.compat.v1.data.TextLineDataset(filename_queue)" in code["csv_shuffle_batch_helper_tf_compat.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset" if name in SHUFFLED else "exact")


def _said(source: str) -> str:
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    return " ".join(n.message for n in result.notes)


_HELPER = '''\
import tensorflow.compat.v1 as tf


{head}def read_batch({self}filename_queue, batch_size):
{pad}    reader = tf.TFRecordReader()
{pad}    _, value = reader.read(filename_queue)
{extra}{pad}    return tf.train.batch([value], batch_size=batch_size)
'''


def _helper(extra: str = "", method: bool = False) -> str:
    pad = "    " if method else ""
    return _HELPER.format(head="class Reader(object):\n    " if method else "", self="self, " if method else "",
                          pad=pad, extra=f"{pad}    {extra}\n" if extra else "")


_CALLER = '''

def main(paths):
    queue = tf.train.string_input_producer(paths, num_epochs=1)
    return {call}
'''


@pytest.mark.parametrize("source, reason", [
    (_helper(method=True) + _CALLER.format(call="Reader().read_batch(queue, 4)"),
     "is used other than as `self.read_batch(...)` in its class's methods"),
    (_helper() + _CALLER.format(call="read_batch(queue, 4), read_batch(queue, 4)"),
     "its caller's `queue` is used beyond that one call"),
    (_helper('tf.summary.scalar("files", filename_queue.size())') + _CALLER.format(call="read_batch(queue, 4)"),
     "is used beyond its one `read`"),
    (_helper() + _CALLER.format(call="[read_batch(queue, 4) for _ in range(2)]"), "used in a comprehension"),
    (_helper(), "no function of its module calls it"),
])
def test_a_handed_queue_the_rewrite_cannot_follow_is_left_with_the_reason(source, reason):
    said = _said(source)
    assert "the file queue `filename_queue` is a parameter of `read_batch`" in said and reason in said, said
