"""The reader chosen by a conditional expression on a flag of another module (``tf.TFRecordReader() if ... else
tf.WholeFileReader()``), over one filename queue made before it (held-out round 23: "not one of the readers"
though both were); the flag stays a choice between two tf.data sources."""

import os

import tensorflow.compat.v1 as tf

from r23_lib.flags import Settings


def inputs(files, batch_size):
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf.WholeFileReader() if Settings.is_grayscale else tf.TFRecordReader()
    _, value = reader.read(filename_queue)
    size = tf.strings.length(value)
    return tf.train.batch([size], batch_size)


def main(data_dir):
    files = [os.path.join(data_dir, f"image-{i}.png") for i in range(6)]
    batch = inputs(files, 2)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append(sess.run(batch).tolist())
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
