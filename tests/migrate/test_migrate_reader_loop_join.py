"""A join over a list a loop fills, each turn reading one file queue made before the loop with a reader of its
own, directly or through a reader helper (issue 17, held-out round 8: ``shuffle_join_readers``;
``copies_join.k_readers``).

Legacy's ``k`` readers of one file queue each take whole files, so every record arrives once per epoch: an
``interleave`` over the files, ``k`` at a time, as for ``[read(queue) for _ in range(k)]``. Variants: a helper
returning a namedtuple (its key unused) or a tuple, in the same module, the loop index naming the readers, import
styles, ``shuffle_batch_join`` and ``batch_join``; a loop making a file queue in each turn is one list each.
"""

from __future__ import annotations

import pytest
from both_ways import assert_delivers_the_same, run_both_ways, write_pair

from tfdata_bridge.migrate import rewrite, scan_source

PROGRAM = '''\
import collections
import os
{imp}

Record = collections.namedtuple("Record", ["key", "x", "label"])


def read_record(filename_queue, name=None):
    reader = {tf}.TFRecordReader(name=name)
    key, serialized = reader.read(filename_queue)
    features = {tf}.parse_single_example(serialized, {{
        "x": {tf}.FixedLenFeature([3], {tf}.float32),
        "label": {tf}.FixedLenFeature([], {tf}.int64),
    }})
    {ret}


def inputs(data_dir, batch_size=6, num_readers=3):
    files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in (0, 1, 3)]
    filename_queue = {tf}.train.string_input_producer(files, num_epochs=2, shuffle={shuffle})
    examples = []
    for i in range(num_readers):
        {turn}
    return {tf}.train.{join}(examples, batch_size=batch_size, {extra}allow_smaller_final_batch=True)


def main(data_dir):
    batch = inputs(data_dir)
    out, end = [], None
    with {tf}.Session() as sess:
        sess.run({tf}.local_variables_initializer())
        coord = {tf}.train.Coordinator()
        threads = {tf}.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                value = sess.run(batch)
                out.append({{"x": value["x"].tolist(), "label": value["label"].tolist()}})
        except {tf}.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {{"batches": out, "end": end}}
'''

IMPORTS = {
    "v1_as_tf": ("import tensorflow.compat.v1 as tf", "tf"),
    "tf2_compat_calls": ("import tensorflow as tf", "tf.compat.v1"),
}
FORMS = {  # (the helper's return, a turn of the loop)
    "namedtuple": ('return Record(key=key, x=features["x"], label=features["label"])',
                   'record = read_record(filename_queue, name="reader_%d" % i)\n'
                   '        examples.append({"x": record.x * 2.0, "label": record.label})'),
    "tuple": ('return features["x"], features["label"]',
              'x, label = read_record(filename_queue)\n        examples.append({"x": x + 1.0, "label": label})'),
}
JOINS = {
    "shuffle": ("shuffle_batch_join", "capacity=40, min_after_dequeue=10, seed=5, ", "True"),
    "plain": ("batch_join", "", "False"),
}


def program(imp: str, form: str, join: str) -> str:
    imp_line, tf = IMPORTS[imp]
    ret, turn = FORMS[form]
    name, extra, shuffle = JOINS[join]
    return PROGRAM.format(imp=imp_line, tf=tf, ret=ret, turn=turn, join=name, extra=extra, shuffle=shuffle)


CASES = [("v1_as_tf", "namedtuple", "shuffle"), ("tf2_compat_calls", "tuple", "plain"),
         ("v1_as_tf", "tuple", "shuffle")]


def test_the_loop_becomes_an_interleave_of_k_files():
    result = rewrite(program("v1_as_tf", "namedtuple", "shuffle"), to="tfdata")
    assert not result.refused, result.notes
    assert "cycle_length=num_readers" in result.code and "for i in range(num_readers)" not in result.code
    assert '"reader_%d" % 0' in result.code and '"reader_%d" % i' not in result.code  # the first turn's name
    assert scan_source(result.code) == ()


@pytest.mark.timeout(400)
def test_the_migrated_programs_deliver_the_same_records(tmp_path):
    """Both ways: the same batch sizes and the same rows (k readers: any order), the same end."""
    pairs = {}
    for case in CASES:
        text = program(*case)
        result = rewrite(text, to="tfdata")
        assert not result.refused, (case, result.notes)
        pairs["_".join(case)] = write_pair(tmp_path, "_".join(case), text, result.code)
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data", timeout=380).items():
        assert_delivers_the_same(name, want, got, "multiset")


def test_a_file_queue_made_in_each_turn_is_its_own_list():
    """Each turn's own file queue is each list's own source (``lifted_loops.py``): not k readers of one queue
    (every list reads every file, as legacy's do); the queue made before the loop, read by none, is left."""
    text = program("v1_as_tf", "tuple", "plain").replace(
        "        x, label = read_record(filename_queue)",
        "        own = tf.train.string_input_producer(files, num_epochs=2, shuffle=False)\n"
        "        x, label = read_record(own)")
    result = rewrite(text, to="tfdata")
    assert "tf.train.batch_join(" not in result.code and "interleave" not in result.code
    assert "examples.append(_examples_pipeline(i, files))" in result.code
    assert "from_tensor_slices(files)" in result.code and "choose_from_datasets" in result.code


def test_one_reader_made_before_the_loop_stays_refused():
    """k read ops of one reader take one file at a time between them: no k-file interleave."""
    text = program("v1_as_tf", "tuple", "plain").replace(
        "    examples = []\n", "    examples = []\n    reader = tf.TFRecordReader()\n").replace(
        "        x, label = read_record(filename_queue)",
        "        _, serialized = reader.read(filename_queue)\n"
        "        x = tf.parse_single_example(serialized, {\"x\": tf.FixedLenFeature([3], tf.float32)})[\"x\"]\n"
        "        label = tf.constant(0, tf.int64)")
    assert "reader = tf.TFRecordReader()" in text
    result = rewrite(text, to="tfdata")
    assert result.refused and "tf.train.batch_join(" in result.code, result.code
