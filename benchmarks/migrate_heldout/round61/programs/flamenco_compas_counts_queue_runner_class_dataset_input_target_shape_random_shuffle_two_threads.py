# Flamenco: compases por palo. Clase para aprender cómo funcionan las colas con hilos.
import os
import threading
import numpy as np
import tensorflow.compat.v1 as tf


class Dataset(object):
    """Lee los ficheros de palos y entrega trozos (x, y)."""

    def __init__(self, folder):
        self.rows = []
        for name in sorted(os.listdir(folder)):
            with open(os.path.join(folder, name)) as f:
                for line in f:
                    parts = line.strip().split(';')
                    self.rows.append(([float(p) for p in parts[:3]], [float(parts[3])]))
        self.lock = threading.Lock()
        self.pos = 0

    def next_chunk(self, n):
        with self.lock:
            chunk = self.rows[self.pos:self.pos + n]
            self.pos += n
        if not chunk:
            return None
        return np.array([c[0] for c in chunk], np.float32), np.array([c[1] for c in chunk], np.float32)


class QueueRunner(object):
    """
    This class manages the the background threads needed to fill
        a queue full of data.
    """
    def __init__(self, dataset, input_shape, target_shape, batch_size,
                 n_threads=1):
        self.dataset = dataset
        self.batch_size = batch_size
        self.n_threads = n_threads

        input_shape = [None] + input_shape
        target_shape = [None] + target_shape
        self.dataX = tf.placeholder(dtype=tf.float32, shape=input_shape)
        self.dataY = tf.placeholder(dtype=tf.float32, shape=target_shape)

        # The actual queue of data.
        self.queue = tf.RandomShuffleQueue(shapes=[input_shape[1:], target_shape[1:]],
                                           dtypes=[tf.float32, tf.float32],
                                           capacity=40,
                                           min_after_dequeue=0, seed=61)
        self.enqueue_op = self.queue.enqueue_many([self.dataX, self.dataY])
        self.close_op = self.queue.close()
        self._done = 0
        self._done_lock = threading.Lock()

    def get_inputs(self):
        images_batch, labels_batch = self.queue.dequeue_many(self.batch_size)
        return images_batch, labels_batch

    def thread_main(self, sess):
        while True:
            chunk = self.dataset.next_chunk(2)
            if chunk is None:
                break
            sess.run(self.enqueue_op, feed_dict={self.dataX: chunk[0], self.dataY: chunk[1]})
        with self._done_lock:
            self._done += 1
            last = self._done == self.n_threads
        if last:
            sess.run(self.close_op)

    def start_threads(self, sess):
        threads = []
        for n in range(self.n_threads):
            t = threading.Thread(target=self.thread_main, args=(sess,))
            t.daemon = True
            t.start()
            threads.append(t)
        return threads


def write_palos(folder):
    rng = np.random.RandomState(61)
    os.makedirs(folder, exist_ok=True)
    for k, palo in enumerate(['bulerias', 'solea', 'alegrias']):
        with open(os.path.join(folder, palo + '.txt'), 'w') as f:
            for i in range(4):
                f.write('%d;%d;%d;%d\n' % (k * 100 + i, rng.randint(8, 20), rng.randint(100, 240), k))


def main(data_dir):
    folder = os.path.join(data_dir, 'h61_flamenco')
    write_palos(folder)
    runner = QueueRunner(Dataset(folder), [3], [1], batch_size=4, n_threads=2)
    x, y = runner.get_inputs()

    sess = tf.Session()
    threads = runner.start_threads(sess)
    batches = []
    try:
        while True:
            xv, yv = sess.run([x, y])
            batches.append([xv.tolist(), yv.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    for t in threads:
        t.join()
    sess.close()
    return {"batches": batches, "end": "compases: %d" % (4 * len(batches))}
