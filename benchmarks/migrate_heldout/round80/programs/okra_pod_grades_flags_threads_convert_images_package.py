"""Okra pod grading photos (3x3 grey crops, grade 0-2) converted by ``okra80.convert.convert_images(images,
labels, writer)`` and read back by ``read_images`` into a ``shuffle_batch`` with ``FLAGS.threads`` threads, one
epoch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from okra80 import convert


def main(data_dir):
    folder = os.path.join(data_dir, 'h80_okra')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'okra_train.tfrecords')
    rng = np.random.RandomState(17)
    images = rng.randint(0, 256, size=(12, 3, 3, 1))
    labels = rng.randint(0, 3, size=12)
    writer = tf.python_io.TFRecordWriter(path)
    convert.convert_images(images, labels, writer)
    writer.close()

    image_batch, label_batch = convert.read_images(path, 4, num_epochs=1)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                img, lab = sess.run([image_batch, label_batch])
                batches.append([np.round(img.reshape(len(lab), -1), 4).tolist(), lab.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "pods: %d with %d threads" % (sum(len(b[1]) for b in batches),
                                                                    convert.FLAGS.threads)}
