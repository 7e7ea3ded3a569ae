"""The images/labels layout with one literal seed and WholeFileReaders made once each, the file list a name of
the function (``from tensorflow.compat.v1 import train`` for the producers)."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def inputs(data_dir):
    pngs = sorted(os.path.join(data_dir, n) for n in os.listdir(data_dir) if n.endswith(".png"))
    image_queue = train.string_input_producer(pngs, num_epochs=2, shuffle=True, seed=17)
    label_queue = train.string_input_producer(pngs, num_epochs=2, shuffle=True, seed=17)
    image_reader = tf.WholeFileReader()
    label_reader = tf.WholeFileReader()
    _, image = image_reader.read(image_queue)
    _, label = label_reader.read(label_queue)
    pixels = tf.reduce_sum(tf.cast(tf.image.decode_png(image, channels=1), tf.int32))
    labels = tf.reduce_sum(tf.cast(tf.image.decode_png(label, channels=1), tf.int32))
    return train.batch([pixels, labels], 4)


def main(data_dir):
    batch = inputs(data_dir)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                xs, ys = sess.run(batch)
                batches.append([xs.tolist(), ys.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
