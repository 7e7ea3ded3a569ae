"""WaveNet's ``AudioReader`` without global conditioning: one thread cuts each clip into overlapping pieces fed
through a placeholder into a PaddingFIFOQueue; ``while not stop:`` makes one pass, sets ``stop`` and closes."""
import glob
import os
import threading

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1


def load_clips(directory):
    for path in sorted(glob.glob(os.path.join(directory, "*.npy"))):
        yield np.load(path).reshape(-1, 1), path


class AudioReader(object):
    def __init__(self, audio_dir, coord, receptive_field, sample_size=None, queue_size=8):
        self.audio_dir = audio_dir
        self.coord = coord
        self.receptive_field = receptive_field
        self.sample_size = sample_size
        self.threads = []
        self.sample_placeholder = tf1.placeholder(dtype=tf.float32, shape=None)
        self.queue = tf1.PaddingFIFOQueue(queue_size, ["float32"], shapes=[(None, 1)])
        self.enqueue = self.queue.enqueue([self.sample_placeholder])
        self.close = self.queue.close()

    def dequeue(self, num_elements):
        return self.queue.dequeue_many(num_elements)

    def thread_main(self, sess):
        stop = False
        while not stop:
            for audio, path in load_clips(self.audio_dir):
                if self.coord.should_stop():
                    stop = True
                    break
                audio = np.pad(audio, [[self.receptive_field, 0], [0, 0]], "constant")
                if self.sample_size:
                    while len(audio) > self.receptive_field:
                        piece = audio[:(self.receptive_field + self.sample_size), :]
                        sess.run(self.enqueue, feed_dict={self.sample_placeholder: piece})
                        audio = audio[self.sample_size:, :]
                else:
                    sess.run(self.enqueue, feed_dict={self.sample_placeholder: audio})
            stop = True
            sess.run(self.close)

    def start_threads(self, sess, n_threads=1):
        for _ in range(n_threads):
            thread = threading.Thread(target=self.thread_main, args=(sess,))
            thread.daemon = True
            thread.start()
            self.threads.append(thread)
        return self.threads
