"""Per-element code with no variable, a model whose variables (a template, get_variable) are used after the batch:
the pipeline is rewritten, the model stays where it was."""

import glob
import os

import tensorflow.compat.v1 as tf


def _scale(x):
    w = tf.get_variable("w", [], initializer=tf.constant_initializer(0.5))
    return x * w


scale = tf.make_template("scale", _scale)


def read_row(queue):
    _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
    a, b, label = tf.decode_csv(line, record_defaults=[[0], [0.0], [0]])
    return tf.cast(a, tf.float32) * 2.0 + b, label


def main(data_dir):
    queue = tf.train.string_input_producer(sorted(glob.glob(os.path.join(data_dir, "table-*.csv"))), num_epochs=1,
                                           shuffle=False)
    metric, label = read_row(queue)
    metric_batch, label_batch = tf.train.batch([metric, label], batch_size=4)
    scaled = scale(metric_batch) + tf.cast(label_batch, tf.float32)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                s, l = sess.run([scaled, label_batch])
                batches.append([s.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
