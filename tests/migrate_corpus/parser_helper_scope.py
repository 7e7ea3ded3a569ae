"""A reader helper under tf.variable_scope that hands the record to a separate parser helper taking the
feature spec and shape as arguments."""

import tensorflow.compat.v1 as tf

DEFAULT_FEATURE = {"x": tf.FixedLenFeature([3], tf.float32),
                   "label": tf.FixedLenFeature([], tf.int64)}


def example_parser(serialized_example, feature, data_shape):
    """Parses one tf.Example into data and label."""
    features = tf.parse_single_example(serialized_example, features=feature)
    data = tf.reshape(features["x"], data_shape)
    label = tf.cast(features["label"], tf.int32)
    return data, label


def read_and_decode(filename_queue, data_shape):
    with tf.variable_scope("read_parse"):
        reader = tf.TFRecordReader()
        _, serialized_example = reader.read(filename_queue)
        data, label = example_parser(serialized_example, DEFAULT_FEATURE, data_shape)
    return data, label


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    filename_queue = tf.train.string_input_producer(files, num_epochs=1)
    data, label = read_and_decode(filename_queue, [3])
    data_batch, label_batch = tf.train.shuffle_batch([data, label], batch_size=30, capacity=120,
                                                     min_after_dequeue=40, num_threads=2,
                                                     allow_smaller_final_batch=True)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                d, l = sess.run([data_batch, label_batch])
                out.append([d.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
