"""A provider subclass of another module whose __init__ reads through a pooled k-reader helper of a third module
(FIFO common queue, one reader), items got, changed in place (`cone -= 1`) and batched in order: left, the
batch's note naming the form."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from kiln_lib import shards
from kiln_lib import spec as specs


def glaze_batches(spec, size=4):
    provider = specs.SpecProvider(spec, readers=1, epochs=1, room=8)
    glaze, cone = provider.get(["glaze", "cone"])
    glaze = glaze * 2.0
    cone -= 1
    return tf.train.batch([glaze, cone], batch_size=size, capacity=8)


def main(data_dir):
    spec = specs.glaze_spec(shards.write(os.path.join(data_dir, "provhelper_a")))
    glazes, cones = glaze_batches(spec)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                g, c = sess.run([glazes, cones])
                batches.append([np.round(g, 5).tolist(), c.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
