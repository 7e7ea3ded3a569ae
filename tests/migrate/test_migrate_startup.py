"""What ``--to tfdata`` prints for a migrated program's start-up (issue 17: its first batch no later than legacy's).

One reader reading its files in sequence becomes the reader's dataset over the dataset of file names
(``TFRecordDataset(file_names)``: TensorFlow's one ``flat_map``), not an ``interleave`` whose function calls the
reader's dataset on one name (which traces a second ``flat_map`` inside it); a per-file function that must stay
(a header skipped in each file, several readers) is marked ``do_not_convert``. Text only: the corpus test
(test_migrate_corpus.py) and test_migrate_programs.py run such programs against their originals, and
benchmarks/README.md ("The first batch of a migrated program") has the timings.
"""

from __future__ import annotations

import textwrap

import pytest

from tfdata_bridge.migrate import rewrite, scan_source

IMPORTS = [
    pytest.param("import tensorflow.compat.v1 as tf", "tf", id="compat-v1"),
    pytest.param("import tensorflow as tf", "tf.compat.v1", id="tf2-compat"),
    pytest.param("import tensorflow.compat.v1 as tf1", "tf1", id="tf1-alias"),
]

PROGRAM = '''\
{imports}


def inputs(files):
    queue = {v1}.train.string_input_producer(files, num_epochs=2, shuffle=False)
{read}
    return {v1}.train.batch([value], batch_size=4)
'''

READS = [  # (how the program reads, the head printed for it)
    pytest.param("    reader = {v1}.TFRecordReader()\n    _, value = reader.read(queue)",
                 "{v1}.data.TFRecordDataset({files})", id="tfrecord"),
    pytest.param("    _, value = {v1}.TFRecordReader().read(queue)", "{v1}.data.TFRecordDataset({files})",
                 id="tfrecord-inline"),
    pytest.param("    _, value = {v1}.TextLineReader().read(queue)", "{v1}.data.TextLineDataset({files})",
                 id="textline"),
    pytest.param("    reader = {v1}.FixedLengthRecordReader(record_bytes=8, header_bytes=2)\n"
                 "    _, value = reader.read(queue)",
                 "{v1}.data.FixedLengthRecordDataset({files}, 8, header_bytes=2)", id="fixed-length"),
]


def _migrated(source: str) -> str:
    result = rewrite(textwrap.dedent(source), to="tfdata")
    assert not result.refused, result.notes
    assert scan_source(result.code) == ()
    return result.code


@pytest.mark.parametrize("imports, v1", IMPORTS)
@pytest.mark.parametrize("read, head", READS)
def test_one_reader_in_sequence_reads_the_dataset_of_file_names_itself(imports, v1, read, head):
    code = _migrated(PROGRAM.format(imports=imports, v1=v1, read=read.format(v1=v1)))
    assert ("    file_names = (\n"
            f"        {v1}.data.Dataset.from_tensor_slices(files)\n"
            "        .repeat(2)\n"
            "    )\n"
            "    dataset = (\n"
            f"        {head.format(v1=v1, files='file_names')}\n"
            "        .batch(4, drop_remainder=True)\n") in code
    assert ".interleave(" not in code and "flat_map" not in code


def test_the_file_names_take_a_fresh_name_where_the_program_uses_the_name():
    source = PROGRAM.format(imports="import tensorflow.compat.v1 as tf", v1="tf",
                            read="    file_names = files\n    _, value = tf.TFRecordReader().read(queue)")
    code = _migrated(source)
    assert "    file_names = files\n" in code
    assert "    file_names_2 = (\n" in code and "tf.data.TFRecordDataset(file_names_2)\n" in code


def test_a_helper_reading_the_queue_still_hands_the_reader_the_file_names():
    source = '''\
        import tensorflow.compat.v1 as tf


        def read_and_decode(filename_queue):
            reader = tf.TFRecordReader()
            _, serialized = reader.read(filename_queue)
            example = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([], tf.float32)})
            return example["x"] * 2.0


        def inputs(files):
            queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=True, seed=3)
            x = read_and_decode(queue)
            return tf.train.shuffle_batch([x], batch_size=4, capacity=40, min_after_dequeue=10, seed=3)
        '''
    code = _migrated(source)
    assert ".shuffle(tf.size(files, out_type=tf.int64), seed=3, reshuffle_each_iteration=True)\n" \
           "        .repeat(1)\n    )\n    dataset = (\n        tf.data.TFRecordDataset(file_names)\n" \
           "        .map(read_and_decode)\n" in code


@pytest.mark.parametrize("imports, v1", IMPORTS)
def test_a_header_skipped_in_each_file_stays_a_function_of_one_file_run_as_written(imports, v1):
    read = f"    _, value = {v1}.TextLineReader(skip_header_lines=1).read(queue)"
    code = _migrated(PROGRAM.format(imports=imports, v1=v1, read=read))
    assert (f".interleave({v1}.autograph.experimental.do_not_convert(lambda filename: "
            f"{v1}.data.TextLineDataset(filename).skip(1)), cycle_length=1)") in code
    assert "file_names" not in code


@pytest.mark.parametrize("reader, reads", [
    ("tf.TFRecordReader()", "tf.data.TFRecordDataset"),
    ("tf.FixedLengthRecordReader(record_bytes=4)",
     "tf.autograph.experimental.do_not_convert(lambda filename: tf.data.FixedLengthRecordDataset(filename, 4))"),
])
def test_several_readers_stay_an_interleave_its_function_run_as_written(reader, reads):
    source = f"""\
        import tensorflow.compat.v1 as tf


        def read(queue):
            _, value = {reader}.read(queue)
            return [value]


        def inputs(files):
            queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
            return tf.train.batch_join([read(queue) for _ in range(3)], 4)
        """
    code = _migrated(source)
    assert f".interleave({reads}, cycle_length=3, num_parallel_calls=3, deterministic=False)" in code
    assert "file_names" not in code
