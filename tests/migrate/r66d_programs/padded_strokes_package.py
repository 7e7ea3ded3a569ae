"""A helper of a package pads varying-length strokes through a PaddingFIFOQueue whose dtypes and shapes are
read off the tensors it holds (``points.dtype``, ``pen.shape``)."""
import os

import tensorflow.compat.v1 as tf

from r66d_lib import strokes


def main(data_dir):
    root = os.path.join(data_dir, 'r66d_strokes')
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'strokes.tfrecord')
    strokes.write_strokes(path, 8)
    points, pens, lengths = strokes.stroke_batches(path, 2)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                p, n, k = sess.run([points, pens, lengths])
                batches.append([p.tolist(), n.tolist(), k.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}
