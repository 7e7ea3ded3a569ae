"""The package's provider shuffling (its common queue a RandomShuffleQueue) with two readers, items decoded by
a dict of handlers: three items got and batched; each element once per epoch."""
import os

import tensorflow.compat.v1 as tf

from r34d_lib import records
from r34d_lib.provider import DataProvider


def _image(example):
    return tf.reshape(tf.decode_raw(example["image/encoded"], tf.uint8), [2, 2, 3])


def inputs(files, batch_size=4):
    handlers = {
        "image": _image,
        "label": lambda example: example["image/class/label"],
        "name": lambda example: example["image/class/text"],
    }
    provider = DataProvider(files, handlers, num_readers=2, shuffle=True, num_epochs=1, common_queue_capacity=12,
                            common_queue_min=4)
    image, label, name = provider.get(["image", "label", "name"])
    return tf.train.batch([tf.reduce_sum(tf.cast(image, tf.int64)), label, name], batch_size=batch_size,
                          capacity=2 * batch_size)


def main(data_dir):
    files = records.write_shards(os.path.join(data_dir, "r34d_shuffled"))
    sums, labels, names = inputs(files)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                s, lb, nm = sess.run([sums, labels, names])
                batches.append([s.tolist(), lb.tolist(), [n.decode() for n in nm]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
