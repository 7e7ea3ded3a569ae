"""A batch made in one arm of an ``if`` whose other arms only raise, its source (a reader helper's read of the
file queue the function is handed) made before the ``if`` (the Tacotron / im2txt ``batch_inputs(filename_queue,
batch_size, train)``: ``if train: raise ...`` / ``else: tf.train.batch(example, dynamic_pad=True, ...)``,
``raise_arms.py``). The statements before the ``if`` and the arm are one straight block: the read goes, the
dataset is made in the arm, the raising arms stay, and the callers' producers become datasets of file names.

The programs of ``fixQ3_programs/`` (a package with the record writer, a reader helper and a batch helper) are
migrated as one tree and run against their originals; the refusals are checked on module texts."""

from __future__ import annotations

import pathlib
import textwrap

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixQ3_programs"


@pytest.mark.timeout(300)
def test_a_batch_in_an_arm_beside_raising_arms_takes_the_source_before_the_if(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    batching = code["batching.py"]
    # the raising arm stays as it was; the read before the ``if`` goes; the dataset is made in the batching arm
    assert 'raise NotImplementedError("bucketed training batches are not available")' in batching
    assert "readers.read_sequence(data_queue)" not in batching
    assert batching.index("if train:") < batching.index("tf.data.TFRecordDataset(data_queue)")
    assert ".padded_batch(batch_size, drop_remainder=False)" in batching
    assert "def read_sequence(serialized):" in code["readers.py"]
    elif_chain = code["same_module_elif_raise.py"]
    assert 'raise ValueError("training batches come from another pipeline")' in elif_chain
    assert 'raise ValueError("unknown mode %r" % mode)' in elif_chain
    assert "speaker, tokens = parse_one(queue)" not in elif_chain and ".map(parse_one)" in elif_chain
    assert "tf1.data.Dataset.from_tensor_slices(files)" in elif_chain and ".repeat(2)" in elif_chain
    inline = code["inline_producer_if_arm.py"]
    assert "feats = read_one(files_queue)" not in inline
    assert "eval_batches(tf.compat.v1.data.Dataset.from_tensor_slices(files).repeat(1), 4)" in inline
    two = code["two_queues_package_helper.py"]
    assert two.count("tf.data.Dataset.from_tensor_slices(files[") == 2
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end="OutOfRangeError")


_READER = '''
import tensorflow.compat.v1 as tf


def read_one(queue):
    reader = tf.TFRecordReader()
    _, record = reader.read(queue)
    return tf.parse_single_example(record, {"x": tf.FixedLenFeature([], tf.int64)})


def batches(queue, n, train=True):
    example = read_one(queue)
    if train:
        {ARM}
    else:
        out = tf.train.batch(example, n, allow_smaller_final_batch=True)
        return out


def main(files):
    return batches(tf.train.string_input_producer(files, num_epochs=1, shuffle=False), 2, train=False)
'''


@pytest.mark.parametrize("arm, reason", [
    # another arm that does more than raise: the form and what to do, said
    ("return example", "another arm does more than raise (`return example`"),
    ("b = tf.contrib.training.bucket_by_sequence_length(1, example, n, [2])\n        return b",
     "that arm calls `tf.contrib`, which TensorFlow 2 no longer has"),
    # a raising arm that reads what the read made: the moved name is read elsewhere
    ("raise ValueError(example)", "`example`"),
], ids=["unbatched_arm", "contrib_arm", "raise_reads_the_element"])
def test_an_arm_that_does_more_than_raise_or_reads_the_element_is_left(arm, reason):
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    text = _READER.replace("{ARM}", arm)
    result = rewrite_tree({"/q3/prog.py": text}, root="/q3")["/q3/prog.py"]
    notes = "\n".join(n.message for n in result.notes)
    assert "tf.data" not in result.code, result.code
    assert "tf.train.batch(example" in result.code
    assert reason in notes, notes


def test_an_if_with_no_else_is_not_taken_as_a_raising_arm():
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    text = textwrap.dedent(_READER.replace("{ARM}", "raise NotImplementedError()")).replace(
        "    else:\n        out = tf.train.batch(example, n, allow_smaller_final_batch=True)\n        return out\n",
        "    if not train:\n        out = tf.train.batch(example, n, allow_smaller_final_batch=True)\n"
        "        return out\n    return None\n")
    result = rewrite_tree({"/q3/prog.py": text}, root="/q3")["/q3/prog.py"]
    assert "if not train:" in text and "tf.data" not in result.code, result.code


def test_a_join_in_an_arm_beside_a_busy_arm_keeps_its_reason():
    # (fixR3) ``raise_arm_reason`` is for the batches the rewrite follows: a ``batch_join`` there once reached
    # ``Finder.pipeline`` with the join's own call (``KeyError: 'train.batch_join'``, I2's reader-queue form)
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    text = _READER.replace("{ARM}", "return example").replace(
        "tf.train.batch(example, n, allow_smaller_final_batch=True)",
        "tf.train.batch_join([[example[\"x\"]]], n, allow_smaller_final_batch=True)")
    result = rewrite_tree({"/q3/prog.py": text}, root="/q3")["/q3/prog.py"]
    notes = "\n".join(n.message for n in result.notes)
    assert "tf.train.batch_join(" in result.code and "tf.data" not in result.code, result.code
    assert "`train.batch_join` pipeline left unchanged" in notes, notes
