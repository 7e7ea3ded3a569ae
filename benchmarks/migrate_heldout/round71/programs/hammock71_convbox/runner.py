# --------------------------------------------------------
# Held-out round 71: rewritten after the ConvBox detection framework's runner module
# ("Copyright (c) 2016 HUST, Licensed under The MIT License, Written by Ckb"): gflags defined at import, a
# ``CustomRunner()`` that builds its dataset from the flags, one image placeholder and four label-map
# placeholders, a FIFOQueue of five components with a ``queue_size`` summary, ``dequeue_many(FLAGS.batch_size)``
# split into images and a list of labels, and daemon threads walking ``train_datum_iterator``.
# Writer changes: ``gflags`` is the stand-in module ``hammock71_convbox.gflags``; ``xrange`` is ``range``; small sizes;
# the ``SimpleRunner`` class beside it is left out.
# --------------------------------------------------------

from hammock71_convbox import gflags
import threading
import numpy as np

import tensorflow.compat.v1 as tf
from hammock71_convbox.dataset.interface import dataset


FLAGS = gflags.FLAGS
# Basic model parameters.
gflags.DEFINE_enum('dataset', 'pascal_voc', ['pascal_voc', 'coco', 'kitti'],
                            """Name of dataset.""")
gflags.DEFINE_string('train_file', '/home/ckp/data/hammocks/train_val_lmdb',
                            """Path to the lmdb file.""")
gflags.DEFINE_integer('batch_size', 4,
                            """Number of images to process in a batch.""")
gflags.DEFINE_integer('input_row', 4,
                            """Provide row of input image.""")
gflags.DEFINE_integer('input_col', 4,
                            """Provide col of input image.""")
gflags.DEFINE_integer('output_row', 1,
                            """Provide row of output shape.""")
gflags.DEFINE_integer('output_col', 1,
                            """Provide col of output shape.""")
gflags.DEFINE_integer('num_class', 1,
                            """Number of class of dataset.""")


class CustomRunner(object):
    """
    This class manages the the background threads needed to fill
    a queue full of data.
    """

    def __init__(self):
        params = {'name': FLAGS.dataset,
                  'lmdb_file': FLAGS.train_file,
                  'input_shape': [FLAGS.input_row, FLAGS.input_col],
                  'output_shape': [FLAGS.output_row, FLAGS.output_col],
                  'num_class': FLAGS.num_class}
        self.dataset = dataset(params)

        channels = (3+FLAGS.output_row+FLAGS.output_col+FLAGS.num_class)*2
        shapes = [[FLAGS.input_row, FLAGS.input_col, 3],
                  [FLAGS.output_row, FLAGS.output_col, channels]]
        self.image = tf.placeholder(dtype=tf.float32, shape=shapes[0])
        self.label = [tf.placeholder(dtype=tf.float32, shape=shapes[1]) for _ in range(4)]
        # The actual queue of data.
        self.queue = tf.FIFOQueue(shapes=[shapes[0]] + [shapes[1]] * 4,
                                  dtypes=[tf.float32] * 5,
                                  capacity=640)
        tf.summary.scalar('queue_size', self.queue.size())

        # The symbolic operation to add data to the queue
        self.enqueue_op = self.queue.enqueue([self.image] + self.label)

    def get_inputs(self):
        """
        Return's tensors containing a batch of images and labels
        """
        batch = self.queue.dequeue_many(FLAGS.batch_size)
        images_batch, labels_batch = batch[0], batch[1:]
        tf.summary.image('images_batch', images_batch)
        return images_batch, labels_batch

    def thread_func(self, sess):
        """
        Function run on alternate thread. Basically, keep adding data to the queue.
        """
        for datum in self.dataset.train_datum_iterator:
            feed_dict = {self.image: datum[0]}
            for i in range(4):
                feed_dict[self.label[i]] = datum[1][i]
            sess.run(self.enqueue_op, feed_dict=feed_dict)

    def start_threads(self, sess, n_threads=1):
        """ Start background threads to feed queue """
        threads = []
        for n in range(n_threads):
            t = threading.Thread(target=self.thread_func, args=(sess,))
            t.daemon = True # thread will close when parent quits
            t.start()
            threads.append(t)
        return threads
