"""A loader object with its own hand-built queue: ``__init__`` declares ``self._queue = None`` and calls the
building method, which reads PNG files through a reader method (``WholeFileReader``; the file name, its record
key, is used) and fills a FIFOQueue (imported from ``tensorflow.python``) with two enqueue threads; another
method dequeues up to a batch."""

import glob
import os

import tensorflow.compat.v1 as tf
from tensorflow.python.ops.data_flow_ops import FIFOQueue


class ImageFolderLoader(object):

    def __init__(self, folder, epochs, threads=2):
        self.paths = sorted(glob.glob(os.path.join(folder, "image-*.png")))
        self.epochs = epochs
        self.threads = threads
        self._queue = None
        self._make_queue()

    def _load(self, path_queue):
        name, data = tf.WholeFileReader().read(path_queue)
        pixels = tf.cast(tf.reshape(tf.image.decode_png(data, channels=1), [16]), tf.int32)
        return pixels, tf.strings.length(name)

    def _make_queue(self):
        path_queue = tf.train.string_input_producer(self.paths, num_epochs=self.epochs, shuffle=False)
        pixels, name_length = self._load(path_queue)
        self._queue = FIFOQueue(32, [tf.int32, tf.int32], shapes=[[16], []])
        op = self._queue.enqueue([pixels, name_length])
        tf.train.add_queue_runner(tf.train.QueueRunner(self._queue, [op] * self.threads))

    def batch(self, size):
        return self._queue.dequeue_up_to(size)


def main(data_dir):
    loader = ImageFolderLoader(data_dir, epochs=5)
    pixels, lengths = loader.batch(4)  # 30 images: 7 batches of 4 and a tail of 2
    batches = []
    end = None
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            p, n = sess.run([pixels, lengths])
            batches.append([p.tolist(), n.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}
