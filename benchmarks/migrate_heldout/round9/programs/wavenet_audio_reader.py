"""tensorflow-wavenet's AudioReader shape: a class holding a placeholder, a PaddingFIFOQueue and its enqueue op;
a Python thread (a method) walks the files, cuts each into pieces and feeds them; the trainer dequeues a
fixed number of padded batches."""

import csv
import fnmatch
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf


def find_files(directory, pattern='table-*.csv'):
    """Recursively finds all files matching the pattern."""
    files = []
    for root, dirnames, filenames in os.walk(directory):
        for filename in fnmatch.filter(filenames, pattern):
            files.append(os.path.join(root, filename))
    return sorted(files)


def load_generic_audio(directory):
    """Generator that yields the samples of each file, in file order."""
    files = find_files(directory)
    for filename in files:
        with open(filename) as f:
            rows = list(csv.reader(f))[1:]
        audio = np.array([float(r[1]) for r in rows], dtype=np.float32)
        yield audio.reshape(-1, 1), filename


class AudioReader(object):
    """Background reader that preprocesses audio files and enqueues them into a TensorFlow queue."""

    def __init__(self, audio_dir, coord, sample_size=None, queue_size=64):
        self.audio_dir = audio_dir
        self.coord = coord
        self.sample_size = sample_size
        self.threads = []
        self.sample_placeholder = tf.placeholder(dtype=tf.float32, shape=None)
        self.queue = tf.PaddingFIFOQueue(queue_size, ['float32'], shapes=[(None, 1)])
        self.enqueue = self.queue.enqueue([self.sample_placeholder])

        if not find_files(audio_dir):
            raise ValueError("No audio files found in '{}'.".format(audio_dir))

    def dequeue(self, num_elements):
        output = self.queue.dequeue_many(num_elements)
        return output

    def thread_main(self, sess):
        stop = False
        iterator = load_generic_audio(self.audio_dir)
        for audio, filename in iterator:
            if self.coord.should_stop():
                stop = True
                break
            piece_sizes = [2, 3, 5]
            start, k = 0, 0
            while start < len(audio):
                if self.coord.should_stop():
                    stop = True
                    break
                size = piece_sizes[k % len(piece_sizes)] if self.sample_size is None else self.sample_size
                piece = audio[start:start + size, :]
                sess.run(self.enqueue, feed_dict={self.sample_placeholder: piece})
                start += size
                k += 1
            if stop:
                break

    def start_threads(self, sess, n_threads=1):
        for _ in range(n_threads):
            thread = threading.Thread(target=self.thread_main, args=(sess,))
            thread.daemon = True
            thread.start()
            self.threads.append(thread)
        return self.threads


def main(data_dir):
    batch_size = 4
    num_steps = 6
    coord = tf.train.Coordinator()
    with tf.name_scope('create_inputs'):
        reader = AudioReader(data_dir, coord, sample_size=None, queue_size=64)
        audio_batch = reader.dequeue(batch_size)

    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    reader.start_threads(sess)

    batches = []
    try:
        for step in range(num_steps):
            value = sess.run(audio_batch)
            batches.append([value[:, :, 0].tolist()])
    finally:
        coord.request_stop()
        for t in reader.threads:
            t.join(timeout=10)
        coord.join(threads)
        sess.close()
    return {"batches": batches, "end": "steps"}
