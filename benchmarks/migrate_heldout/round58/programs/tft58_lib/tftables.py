# A trimmed copy of the HDF5 -> TensorFlow reader the group vendored (after G. H. Collin's tftables),
# backed by h5py instead of multitables.
#
# This software may be modified and distributed under the terms
# of the MIT license.

import tensorflow.compat.v1 as tf
import h5py
import numpy as np
import threading
import contextlib

__version__ = "1.1.0-lab"


def open_file(filename, batch_size, **kw_args):
    """
    Open a HDF5 file for streaming.
    Batches will be retrieved with size ``batch_size``.

    :param filename: Filename for the HDF5 file to be read.
    :param batch_size: The size of the batches to be fetched by this reader.
    :return: A TableReader instance.
    """
    return TableReader(filename, batch_size, **kw_args)


class TableReader:
    def __init__(self, filename, batch_size, **kw_args):
        self.filename = filename
        self.batch_size = batch_size
        self.vars = []
        self.hdf_file = h5py.File(filename, "r")

    def get_batch(self, path, cyclic=True, ordered=None):
        """
        Get a Tensorflow placeholder for a batch that will be read from the dataset located at path.
        """
        dataset = self.hdf_file[path]
        placeholder = tf.placeholder(dataset.dtype, shape=[self.batch_size] + list(dataset.shape[1:]),
                                     name=path.replace("/", "_").strip("_"))
        self.vars.append((path, placeholder, cyclic, ordered))
        return placeholder

    def feed(self):
        """
        Generator for feeding a tensorflow operation. Each iteration returns a feed_dict.
        """
        n = min(self.hdf_file[p].shape[0] for p, _, _, _ in self.vars)
        cyclic = all(c for _, _, c, _ in self.vars)
        while True:
            for start in range(0, n - self.batch_size + 1, self.batch_size):
                yield dict((ph, self.hdf_file[p][start:start + self.batch_size]) for p, ph, _, _ in self.vars)
            if not cyclic:
                return

    def get_fifoloader(self, queue_size, inputs, threads=1):
        return FIFOQueueLoader(self, queue_size, inputs, threads)

    def close(self):
        self.hdf_file.close()


class FIFOQueueLoader:
    """
    A class to handle the creation and population of a Tensorflow FIFOQueue.
    """

    def __init__(self, reader, size, inputs, threads=1):
        self.reader = reader
        self.coord = tf.train.Coordinator()
        self.q = tf.FIFOQueue(size, [i.dtype for i in inputs], [i.get_shape() for i in inputs])
        self.enq_op = self.q.enqueue(inputs)
        self.q_close_now_op = self.q.close(cancel_pending_enqueues=True)
        self.q_close_op = self.q.close()
        self.n_threads = threads
        self.threads = []
        self.monitor_thread = None

    def dequeue(self):
        return self.q.dequeue()

    def __read_thread(self, sess):
        try:
            for feed_dict in self.reader.feed():
                if self.coord.should_stop():
                    break
                sess.run(self.enq_op, feed_dict=feed_dict)
        except tf.errors.CancelledError:
            pass
        sess.run(self.q_close_op)

    def start(self, sess):
        self.threads = [threading.Thread(target=self.__read_thread, args=(sess,)) for _ in range(self.n_threads)]
        for t in self.threads:
            t.daemon = True
            t.start()

    def stop(self, sess):
        self.coord.request_stop()
        sess.run(self.q_close_now_op)
        self.coord.join(self.threads)

    @contextlib.contextmanager
    def begin(self, tf_session):
        self.start(tf_session)
        yield
        self.stop(tf_session)

    @staticmethod
    @contextlib.contextmanager
    def catch_termination():
        """Use when the reader is not cyclic: the queue closes when the file is exhausted."""
        try:
            yield
        except tf.errors.OutOfRangeError:
            pass
