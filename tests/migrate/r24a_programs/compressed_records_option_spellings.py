"""TFRecords read with their compression spelled through a module alias (``compat = tf.compat.v1``),
``TFRecordOptions.get_compression_type_string`` and options passed by position; and through a config class's
attribute read on an instance."""

import os

import tensorflow as tf

compat = tf.compat.v1
compat.disable_eager_execution()


class Config:
    """Settings."""
    COMPRESSION = tf.io.TFRecordOptions(compression_type="ZLIB")


def write(path, kind, values):
    with tf.io.TFRecordWriter(path, options=tf.io.TFRecordOptions(compression_type=kind)) as w:
        for v in values:
            w.write(b"x" * v)
    return path


def gzip_lengths(path):
    files = compat.train.string_input_producer([path], num_epochs=1, shuffle=False)
    kind = compat.python_io.TFRecordOptions.get_compression_type_string(
        compat.python_io.TFRecordOptions(compat.python_io.TFRecordCompressionType.GZIP))
    _, value = compat.TFRecordReader(None, kind).read(files)
    return compat.train.batch([tf.strings.length(value)], 2, allow_smaller_final_batch=True)


def zlib_lengths(path):
    cfg = Config()
    files = compat.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = compat.TFRecordReader(options=cfg.COMPRESSION)
    _, value = reader.read(files)
    return compat.train.batch([tf.strings.length(value) * 10], 3, allow_smaller_final_batch=True)


def main(data_dir):
    folder = os.path.join(data_dir, "r24a_option_spellings")
    os.makedirs(folder, exist_ok=True)
    first = gzip_lengths(write(os.path.join(folder, "a.gz.tfrecord"), "GZIP", [1, 2, 3, 4, 5]))
    second = zlib_lengths(write(os.path.join(folder, "b.zlib.tfrecord"), "ZLIB", [6, 7, 8, 9]))
    batches, end = [], "steps"
    with compat.Session() as sess:
        sess.run(compat.local_variables_initializer())
        coord = compat.train.Coordinator()
        threads = compat.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for _ in range(3):
                batches.append([sess.run(first).tolist()])
            for _ in range(2):
                batches.append([sess.run(second).tolist()])
            sess.run(first)
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
