"""A module-level fixed-length reader helper whose record size a loop computes (`units *= d`) from a
parameter's default and module constants; the caller batches in a batch helper that chooses by a flag.
TF1-style file: `import tensorflow as tf`, the queue APIs through `tf.compat.v1`."""

import os

import tensorflow as tf

LABEL_BYTES = 4
DIMS = (2,)


def read_fixed(filename_queue, unit_bytes=2):
    units = 1
    for d in DIMS:
        units *= d
    record_bytes = LABEL_BYTES + units * unit_bytes
    reader = tf.compat.v1.FixedLengthRecordReader(record_bytes, header_bytes=4)
    key, record = reader.read(filename_queue)
    record = tf.compat.v1.decode_raw(record, tf.int32)
    return record[0], tf.reshape(record[1:], [units * unit_bytes // 4]) * 2


def make_batch(label, value, batch_size, shuffle):
    if shuffle:
        return tf.compat.v1.train.shuffle_batch([label, value], batch_size, capacity=30, min_after_dequeue=5)
    return tf.compat.v1.train.batch([label, value], batch_size)


def inputs(files, batch_size):
    queue = tf.compat.v1.train.string_input_producer(files, shuffle=False, num_epochs=1)
    label, value = read_fixed(queue)
    return make_batch(label, value, batch_size, shuffle=False)


def main(data_dir):
    files = [os.path.join(data_dir, 'fixed-%d.bin' % i) for i in range(3)]
    labels, values = inputs(files, 4)
    out, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([labels, values])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': end}
