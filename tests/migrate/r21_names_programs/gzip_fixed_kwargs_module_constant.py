"""A ZLIB-compressed fixed-length reader in a helper, its settings a module dict passed as `**`
(`FixedLengthRecordReader(**READER_KWARGS)`), header skipped, two epochs, `train.batch`; the files written by
another module."""

import tensorflow as tf

from r21n_lib import fixed_gz

if int(tf.__version__.split(".")[0]) >= 2:
    tf = tf.compat.v1

HEADER = 4
READER_KWARGS = {"record_bytes": 2 * 4, "header_bytes": HEADER, "encoding": "ZLIB"}


def read_pairs(filename_queue):
    reader = tf.FixedLengthRecordReader(**READER_KWARGS)
    _, value = reader.read(filename_queue)
    pair = tf.decode_raw(value, tf.int32)
    return pair[0], pair[1]


def main(data_dir):
    queue = tf.train.string_input_producer(fixed_gz.compress(data_dir), num_epochs=2, shuffle=False)
    a, b = read_pairs(queue)
    batch = tf.train.batch([a, b + a], batch_size=5, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run(batch)
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
