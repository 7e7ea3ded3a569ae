"""The image-classification tutorial's reader: a helper returns a record object with attributes."""

import tensorflow.compat.v1 as tf


class Record(object):
    pass


def read_fixed(filename_queue):
    result = Record()
    result.height = 1
    record_bytes = 8
    reader = tf.FixedLengthRecordReader(record_bytes=record_bytes, header_bytes=4)
    result.key, value = reader.read(filename_queue)
    raw = tf.decode_raw(value, tf.int32)
    result.label = tf.cast(tf.strided_slice(raw, [0], [1]), tf.int32)
    result.values = tf.reshape(tf.strided_slice(raw, [1], [2]), [1])
    return result


def distorted_inputs(data_dir, batch_size):
    filenames = [data_dir + "/fixed-%d.bin" % i for i in range(3)]
    for f in filenames:
        if not tf.gfile.Exists(f):
            raise ValueError("Failed to find file: " + f)
    filename_queue = tf.train.string_input_producer(filenames, shuffle=False, num_epochs=1)
    read_input = read_fixed(filename_queue)
    value = tf.cast(read_input.values, tf.float32) * 0.5
    read_input.label.set_shape([1])
    values, labels = tf.train.batch([value, read_input.label], batch_size=batch_size, num_threads=1,
                                    capacity=50, allow_smaller_final_batch=True)
    return values, tf.reshape(labels, [-1])


def main(data_dir):
    values, labels = distorted_inputs(data_dir, 5)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        tf.train.start_queue_runners(sess=sess)
        while True:
            try:
                v, l = sess.run([values, labels])
            except tf.errors.OutOfRangeError:
                end = "OutOfRangeError"
                break
            out.append([v.tolist(), l.tolist()])
    return {"batches": out, "end": end}
