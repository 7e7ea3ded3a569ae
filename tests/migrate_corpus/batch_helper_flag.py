"""A batch helper that chooses shuffle_batch or batch by a parameter (called with both)."""

import tensorflow.compat.v1 as tf


def _generate_batch(x, label, min_queue_examples, batch_size, shuffle):
    if shuffle:
        xs, labels = tf.train.shuffle_batch([x, label], batch_size=batch_size, num_threads=2,
                                            capacity=min_queue_examples + 3 * batch_size,
                                            min_after_dequeue=min_queue_examples,
                                            allow_smaller_final_batch=True)
    else:
        xs, labels = tf.train.batch([x, label], batch_size=batch_size, num_threads=1,
                                    capacity=min_queue_examples + 3 * batch_size, allow_smaller_final_batch=True)
    return xs, labels


def inputs(data_dir, shuffle):
    filenames = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader()
    _, value = reader.read(filename_queue)
    parsed = tf.parse_single_example(value, {"x": tf.FixedLenFeature([3], tf.float32),
                                             "label": tf.FixedLenFeature([], tf.int64)})
    return _generate_batch(parsed["x"], parsed["label"], 20, 10, shuffle=shuffle)


def run(xs, labels):
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([xs, labels])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return out


def main(data_dir):
    out = run(*inputs(data_dir, shuffle=False))
    return {"batches": out, "end": "OutOfRangeError"}
