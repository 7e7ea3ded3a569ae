"""A plain holder provider of the program's own module whose __init__ reads through the pooled helper of another
module (two readers, shuffled common queue); `from tensorflow.compat.v1 import train`: left, the note saying the
helper's pipeline is not one the rewrite takes."""
import os

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

from kiln_lib import pool
from kiln_lib import shards


class GlazeProvider(object):
    def __init__(self, pattern, readers=2):
        _, record = pool.pooled_read(pattern, tf.TFRecordReader, size=readers, mix=True, epochs=1, room=8, floor=2)
        example = tf.parse_single_example(record, {"glaze": tf.FixedLenFeature([3], tf.float32),
                                                   "cone": tf.FixedLenFeature([], tf.int64)})
        self._items = {"glaze": example["glaze"], "cone": example["cone"]}

    def get(self, items):
        return [self._items[item] for item in items]


def main(data_dir):
    provider = GlazeProvider(shards.write(os.path.join(data_dir, "provhelper_b")))
    glaze, cone = provider.get(["glaze", "cone"])
    glazes, cones = train.batch([glaze, cone], batch_size=3)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess, coord)
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
