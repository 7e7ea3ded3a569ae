"""A reader helper that returns on two paths (labelled or not), called by keyword; `tensorflow.python` imports
for the queue APIs."""

import tensorflow.compat.v1 as tf
from tensorflow.python.ops import io_ops
from tensorflow.python.training import input as tf_input


def read_example(filename_queue, labelled=False, width=3):
    reader = io_ops.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    features = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([width], tf.float32),
                                                    "label": tf.FixedLenFeature([], tf.int64)})
    if not labelled:
        return features["x"], tf.zeros([], tf.int64)
    return features["x"] + 1.0, features["label"]


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    filename_queue = tf_input.string_input_producer(files, num_epochs=1, shuffle=False)
    x, label = read_example(filename_queue=filename_queue, labelled=True)
    xs, labels = tf_input.batch([x, label], batch_size=10)
    out = []
    end = None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([xs, labels])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
