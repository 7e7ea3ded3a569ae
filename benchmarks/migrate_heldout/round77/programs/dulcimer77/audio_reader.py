"""audio_reader.py in the shape of WaveNet implementations' `AudioReader` (from knowledge of
ibab/tensorflow-wavenet's layout; no file of it was found by the search): `find_files`, `load_generic_audio`
as a generator, `class AudioReader(object)` owning a placeholder, a `PaddingFIFOQueue(queue_size, ['float32'],
shapes=[(None, 1)])` and its enqueue op, `dequeue(num_elements)`, `thread_main(sess)` feeding one clip at a
time, `start_threads(sess, n_threads=1)` with daemon threads. Writer changes: clips are `.npy` arrays, the thread
makes one pass (no endless epochs) and there is no silence trimming or sample-size cutting."""
import fnmatch
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf


def find_files(directory, pattern='*.npy'):
    '''Recursively finds all files matching the pattern.'''
    files = []
    for root, dirnames, filenames in os.walk(directory):
        for filename in fnmatch.filter(filenames, pattern):
            files.append(os.path.join(root, filename))
    return sorted(files)


def load_generic_audio(directory):
    '''Generator that yields audio waveforms from the directory.'''
    files = find_files(directory)
    for filename in files:
        audio = np.load(filename)
        audio = audio.reshape(-1, 1)
        yield audio, filename


class AudioReader(object):
    '''Generic background audio reader that preprocesses audio files
    and enqueues them into a TensorFlow queue.'''

    def __init__(self, audio_dir, coord, queue_size=32):
        self.audio_dir = audio_dir
        self.coord = coord
        self.threads = []
        self.sample_placeholder = tf.placeholder(dtype=tf.float32, shape=None)
        self.queue = tf.PaddingFIFOQueue(queue_size, ['float32'], shapes=[(None, 1)])
        self.enqueue = self.queue.enqueue([self.sample_placeholder])

    def dequeue(self, num_elements):
        output = self.queue.dequeue_many(num_elements)
        return output

    def thread_main(self, sess):
        iterator = load_generic_audio(self.audio_dir)
        for audio, filename in iterator:
            if self.coord.should_stop():
                break
            sess.run(self.enqueue, feed_dict={self.sample_placeholder: audio})

    def start_threads(self, sess, n_threads=1):
        for _ in range(n_threads):
            thread = threading.Thread(target=self.thread_main, args=(sess,))
            thread.daemon = True  # Thread will close when parent quits.
            thread.start()
            self.threads.append(thread)
        return self.threads
