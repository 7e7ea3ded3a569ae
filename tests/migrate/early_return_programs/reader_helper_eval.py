"""An input function that returns early with `shuffle_batch` when training and falls through to `batch`
otherwise; its records come from a `read_and_decode(filename_queue)` helper. Run for evaluation (in order)."""

import tensorflow.compat.v1 as tf


def read_and_decode(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    features = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                    "label": tf.FixedLenFeature([], tf.int64)})
    return features["x"] * 0.5, features["label"]


def input_fn(files, batch_size, is_training):
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=is_training)
    x, label = read_and_decode(filename_queue)
    if is_training:
        return tf.train.shuffle_batch([x, label], batch_size, capacity=100, min_after_dequeue=20)
    return tf.train.batch([x, label], batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    x, label = input_fn(sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord")), 16, is_training=False)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                xs, labels = sess.run([x, label])
                batches.append([xs.tolist(), labels.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
