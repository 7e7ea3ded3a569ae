"""A feeder class (WaveNet AudioReader style): a PaddingFIFOQueue of variable-length sequences fed by a
thread of the class, closed at the end of the data; the trainer dequeues up to N at a time."""

import csv
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf


def iterate_rows(path, limit):
    with open(path) as f:
        reader = csv.DictReader(f)
        for n, row in enumerate(reader):
            if n >= limit:
                return
            yield int(row['a']), float(row['b']), int(row['label'])


class SequenceFeeder(object):
    """Reads rows in a background thread and enqueues them as sequences of length label + 1."""

    def __init__(self, path, coord, limit=22, queue_size=8):
        self.path = path
        self.coord = coord
        self.limit = limit
        self.threads = []
        self.sample_placeholder = tf.placeholder(dtype=tf.float32, shape=None)
        self.id_placeholder = tf.placeholder(dtype=tf.int32, shape=())
        self.queue = tf.PaddingFIFOQueue(queue_size, ['float32', 'int32'], shapes=[(None,), ()])
        self.enqueue = self.queue.enqueue([self.sample_placeholder, self.id_placeholder])
        self.close = self.queue.close()

    def dequeue(self, num_elements):
        return self.queue.dequeue_up_to(num_elements)

    def thread_main(self, sess):
        for ident, value, label in iterate_rows(self.path, self.limit):
            if self.coord.should_stop():
                return
            sequence = np.array([value + k for k in range(label + 1)], dtype=np.float32)
            sess.run(self.enqueue, feed_dict={self.sample_placeholder: sequence, self.id_placeholder: ident})
        sess.run(self.close)

    def start_threads(self, sess, n_threads=1):
        for _ in range(n_threads):
            thread = threading.Thread(target=self.thread_main, args=(sess,))
            thread.daemon = True
            thread.start()
            self.threads.append(thread)
        return self.threads


def main(data_dir):
    coord = tf.train.Coordinator()
    with tf.name_scope('create_inputs'):
        reader = SequenceFeeder(os.path.join(data_dir, 'table-1.csv'), coord)
        sequence_batch, id_batch = reader.dequeue(4)

    batches = []
    end = None
    sess = tf.Session()
    threads = reader.start_threads(sess)
    try:
        while True:
            sequences, ids = sess.run([sequence_batch, id_batch])
            batches.append([sequences.tolist(), ids.tolist()])
    except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError'
    finally:
        coord.request_stop()
        coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': end}
