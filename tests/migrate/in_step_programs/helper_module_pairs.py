"""The pipeline in a helper of another module (`pairs_lib.inputs`), imported as a module; a multiset of rows
(the batch shuffles) with the batch sizes; `import tensorflow.compat.v1 as tf`."""

import os
import sys

import numpy as np
import tensorflow.compat.v1 as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pairs_lib import inputs  # noqa: E402


def main(data_dir):
    images = tf.constant(np.arange(90, dtype=np.float32).reshape(45, 2))
    labels = tf.constant([i % 4 for i in range(45)])
    batch = inputs.paired_batches(images, labels, batch_size=9, epochs=2)
    rows, sizes, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                image, label, index = sess.run(batch)
                sizes.append(len(label))
                rows.extend(zip(image.tolist(), label.tolist(), index.tolist()))
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': [sizes, sorted(rows)], 'end': end}
