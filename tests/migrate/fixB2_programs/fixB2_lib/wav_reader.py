"""A WaveNet-style reader class (held-out round 57's tennis reader): `start_threads` sets the running count on
the instance right before starting `n_threads` threads over `self.files[i::n_threads]`; the last thread to end
closes the queue (a countdown under the instance's lock, the flag read after the block)."""
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf


def write_sounds(folder):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(57)
    for k in range(6):
        np.save(os.path.join(folder, 'take%d.npy' % k), np.round(rng.uniform(-1, 1, 8 * (k % 3 + 1)), 2))


class SoundReader(object):
    def __init__(self, folder, coord, sample_size=8, queue_size=3):
        self.coord = coord
        self.sample_size = sample_size
        self.threads = []
        self._lock = threading.Lock()
        self._running = 0
        self.sample_placeholder = tf.placeholder(tf.float32, shape=(sample_size,))
        self.label_placeholder = tf.placeholder(tf.int32, shape=())
        self.queue = tf.FIFOQueue(queue_size, ['float32', 'int32'], shapes=[(sample_size,), ()])
        self.enqueue = self.queue.enqueue([self.sample_placeholder, self.label_placeholder])
        self.close = self.queue.close()
        self.files = sorted(os.path.join(folder, f) for f in os.listdir(folder))

    def dequeue(self, num_elements):
        return self.queue.dequeue_many(num_elements)

    def thread_main(self, sess, files):
        try:
            for path in files:
                if self.coord.should_stop():
                    break
                audio = np.load(path).astype(np.float32)
                label = int(os.path.basename(path)[4])
                while len(audio) >= self.sample_size:
                    sess.run(self.enqueue, feed_dict={self.sample_placeholder: audio[:self.sample_size],
                                                      self.label_placeholder: label})
                    audio = audio[self.sample_size:]
        finally:
            with self._lock:
                self._running -= 1
                last = self._running == 0
            if last:
                sess.run(self.close)

    def start_threads(self, sess, n_threads=1):
        self._running = n_threads
        for i in range(n_threads):
            thread = threading.Thread(target=self.thread_main, args=(sess, self.files[i::n_threads]))
            thread.daemon = True
            thread.start()
            self.threads.append(thread)
        return self.threads
