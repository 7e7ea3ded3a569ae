"""The "custom runner" hybrid: numpy chunks pushed by Python threads with enqueue_many into a
RandomShuffleQueue; the model takes dequeue_many; the queue is closed once both feeders are done."""
import os
import threading

import numpy as np
import tensorflow

tf = tensorflow.compat.v1
tf.disable_eager_execution()

DIM = 4
CHUNK = 5


def write_reviews(folder):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'reviews.tsv')
    with open(path, 'w') as f:
        for i in range(24):
            feats = [(i * 3 + k) % 7 / 7.0 for k in range(DIM)]
            f.write('\t'.join(['%d' % (i % 2)] + ['%.4f' % v for v in feats]) + '\n')
    return path


class CustomRunner(object):
    """This class manages the background threads needed to fill a queue full of data."""

    def __init__(self, data):
        self.data = data
        self.dataX = tf.placeholder(dtype=tf.float32, shape=[None, DIM])
        self.dataY = tf.placeholder(dtype=tf.int64, shape=[None])
        # The actual queue of data. The queue contains a vector for the features and a scalar label.
        self.queue = tf.RandomShuffleQueue(shapes=[[DIM], []], dtypes=[tf.float32, tf.int64],
                                           capacity=64, min_after_dequeue=6, seed=5)
        self.enqueue_op = self.queue.enqueue_many([self.dataX, self.dataY])
        self.close_op = self.queue.close()

    def get_inputs(self, batch_size):
        """Return's tensors containing a batch of features and labels."""
        features_batch, labels_batch = self.queue.dequeue_many(batch_size)
        return features_batch, labels_batch

    def data_iterator(self, shard, num_shards):
        rows = self.data[shard::num_shards]
        for start in range(0, len(rows), CHUNK):
            chunk = rows[start:start + CHUNK]
            yield chunk[:, 1:], chunk[:, 0].astype(np.int64)

    def thread_main(self, sess, shard, num_shards):
        """Function run on alternate thread. Basically, keep adding data to the queue."""
        for dataX, dataY in self.data_iterator(shard, num_shards):
            sess.run(self.enqueue_op, feed_dict={self.dataX: dataX, self.dataY: dataY})

    def start_threads(self, sess, n_threads=2):
        """Start background threads to feed queue."""
        threads = []
        for n in range(n_threads):
            t = threading.Thread(target=self.thread_main, args=(sess, n, n_threads))
            t.daemon = True  # thread will close when parent quits
            t.start()
            threads.append(t)

        def closer():
            for t in threads:
                t.join()
            sess.run(self.close_op)

        c = threading.Thread(target=closer)
        c.daemon = True
        c.start()
        return threads + [c]


def main(data_dir):
    path = write_reviews(os.path.join(data_dir, 'h24_reviews_indico_custom_runner_two_feeders'))
    data = np.loadtxt(path, delimiter='\t', dtype=np.float32)
    custom_runner = CustomRunner(data)
    features, labels = custom_runner.get_inputs(4)
    weights = tf.constant([[1.0], [2.0], [3.0], [4.0]])
    score = tf.squeeze(tf.matmul(features, weights), 1)

    sess = tf.Session(config=tf.ConfigProto(intra_op_parallelism_threads=1))
    sess.run(tf.global_variables_initializer())
    threads = custom_runner.start_threads(sess)
    batches = []
    end = 'steps'
    while True:
        try:
            f, l, s = sess.run([features, labels, score])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
            break
        batches.append([f.round(4).tolist(), l.tolist(), [round(float(v), 3) for v in s]])
    for t in threads:
        t.join()
    sess.close()
    return {'batches': batches, 'end': end}
