"""Two objects of a record reader class of another module (`r42k_lib/reader.py`, whose module name is the
attribute's), one made through `from ... import FruitReader`, the other through the module's alias; each
object's `feed` called once."""

import os

import tensorflow.compat.v1 as tf

from r42k_lib import reader as reader_module
from r42k_lib.reader import FruitReader


def main(data_dir):
    reader_module.ROOT = os.path.join(data_dir, 'r42k_fruit_records')
    reader_module.write_records('apple', range(8))
    reader_module.write_records('pear', range(20, 24))
    apples = FruitReader('apple', batch_size=4)
    pears = reader_module.FruitReader('pear', batch_size=2)
    x = apples.feed()
    y = pears.feed()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for fetch in (x, y):
            while True:
                try:
                    values, names = sess.run(fetch)
                except tf.errors.OutOfRangeError:
                    break
                batches.append([values.tolist(), [n.decode() for n in names]])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows: %d" % sum(len(b[1]) for b in batches)}
