"""Audio-reader shape: a class owns a PaddingFIFOQueue fed from a Python generator by a thread through a
placeholder; the training loop calls `reader.dequeue(n)`. `import tensorflow as tf`, TF1 calls via compat.v1."""

import csv
import glob
import os
import threading

import tensorflow as tf


def load_generic_sequences(directory, pattern="table-0.csv"):
    """Yields variable-length float sequences (one per CSV row) and the row's label."""
    files = sorted(glob.glob(os.path.join(directory, pattern)))
    for filename in files:
        with open(filename) as f:
            rows = csv.reader(f)
            next(rows)
            for a, b, label in rows:
                length = int(label) + 1
                yield [float(a) + k * 0.5 for k in range(length)], float(b)


class SequenceReader(object):
    """Background reader that pads sequences to the longest one in each dequeued batch."""

    def __init__(self, data_dir, coord, queue_size=16):
        self.data_dir = data_dir
        self.coord = coord
        self.threads = []
        self.sample_placeholder = tf.compat.v1.placeholder(dtype=tf.float32, shape=None)
        self.queue = tf.queue.PaddingFIFOQueue(queue_size, ["float32"], shapes=[(None,)])
        self.enqueue = self.queue.enqueue([self.sample_placeholder])
        self.close = self.queue.close()

    def dequeue(self, num_elements):
        return self.queue.dequeue_many(num_elements)

    def thread_main(self, sess):
        for sample, _ in load_generic_sequences(self.data_dir):
            if self.coord.should_stop():
                break
            sess.run(self.enqueue, feed_dict={self.sample_placeholder: sample})
        sess.run(self.close)

    def start_threads(self, sess, n_threads=1):
        for _ in range(n_threads):
            thread = threading.Thread(target=self.thread_main, args=(sess,))
            thread.daemon = True
            thread.start()
            self.threads.append(thread)
        return self.threads


def main(data_dir):
    coord = tf.compat.v1.train.Coordinator()
    reader = SequenceReader(data_dir, coord)
    audio_batch = reader.dequeue(4)
    batches = []
    end = None
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.global_variables_initializer())
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    reader.start_threads(sess)
    try:
        while True:
            batch = sess.run(audio_batch)
            batches.append([batch.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coord.request_stop()
        coord.join(threads)
        for t in reader.threads:
            t.join()
    sess.close()
    return {"batches": batches, "end": end}
