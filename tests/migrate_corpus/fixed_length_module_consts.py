"""A fixed-length record reader whose sizes are module constants, slicing fields with tf.strided_slice."""

import tensorflow.compat.v1 as tf

HEADER_BYTES = 4
LABEL_BYTES = 4
VALUE_BYTES = 4
RECORD_BYTES = LABEL_BYTES + VALUE_BYTES


def read_fixed(filename_queue):
    class Record(object):
        pass

    result = Record()
    reader = tf.FixedLengthRecordReader(record_bytes=RECORD_BYTES, header_bytes=HEADER_BYTES)
    result.key, value = reader.read(filename_queue)
    record = tf.decode_raw(value, tf.int32)
    result.label = tf.strided_slice(record, [0], [1])
    result.value = tf.strided_slice(record, [1], [2])
    return result


def inputs(data_dir, batch_size):
    files = [data_dir + "/fixed-%d.bin" % i for i in range(3)]
    for f in files:
        if not tf.gfile.Exists(f):
            raise ValueError("Failed to find file: " + f)
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    rec = read_fixed(queue)
    label = tf.reshape(rec.label, [])
    value = tf.reshape(rec.value, [])
    return tf.train.batch([value, label], batch_size=batch_size, num_threads=1, capacity=3 * batch_size)


def main(data_dir):
    values, labels = inputs(data_dir, 6)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                v, l = sess.run([values, labels])
                out.append([v.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
