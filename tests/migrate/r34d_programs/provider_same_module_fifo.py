"""A provider class of the program's own module (FIFO common queue, one reader, no shuffle): two items got and
batched in order."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from r34d_lib import records


class Provider(object):
    def __init__(self, sources, num_epochs=None, common_queue_capacity=16, reader=tf.TFRecordReader):
        filename_queue = tf.train.string_input_producer(sources, shuffle=False, num_epochs=num_epochs)
        common_queue = tf.FIFOQueue(capacity=common_queue_capacity, dtypes=[tf.string, tf.string])
        key, value = reader().read(filename_queue)
        tf.train.queue_runner.add_queue_runner(
            tf.train.queue_runner.QueueRunner(common_queue, [common_queue.enqueue([key, value])]))
        _, data = common_queue.dequeue()
        parsed = tf.parse_single_example(data, {"image/encoded": tf.FixedLenFeature((), tf.string),
                                                "image/class/label": tf.FixedLenFeature([], tf.int64)})
        image = tf.reshape(tf.decode_raw(parsed["image/encoded"], tf.uint8), [2, 2, 3])
        self._items = {"image": image, "label": parsed["image/class/label"]}
        self.num_items = 2

    def get(self, items):
        return [self._items[item] for item in items]


def main(data_dir):
    files = records.write_shards(os.path.join(data_dir, "r34d_same"))
    provider = Provider(files, num_epochs=1, common_queue_capacity=8)
    image, label = provider.get(["image", "label"])
    image = tf.image.convert_image_dtype(image, tf.float32)
    images, labels = tf.train.batch([image, label], batch_size=3, num_threads=1, capacity=6)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                im, lb = sess.run([images, labels])
                batches.append([np.round(im, 4).tolist(), lb.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
