import os
import fnmatch
import threading

import numpy as np
import tensorflow.compat.v1 as tf

from .wav_utils import read_wav

SHOTS = ['forehand', 'backhand', 'serve']


def find_files(directory, patterns):
    files = []
    for root, dirnames, filenames in os.walk(directory):
        for pattern in patterns:
            for filename in fnmatch.filter(filenames, pattern):
                files.append(os.path.join(root, filename))
    return sorted(files)


def load_audio(files, sample_rate):
    '''Generator that yields (audio, shot id) from the directory.'''
    for filename in files:
        audio, sr = read_wav(filename)
        if sr != sample_rate:
            raise ValueError('%s: sample rate %d, expected %d' % (filename, sr, sample_rate))
        shot = SHOTS.index(os.path.basename(os.path.dirname(filename)))
        yield audio.reshape(-1, 1), shot


class MultipleAudioReader:
    def __init__(self,
                 audio_dir: str,
                 coord: tf.train.Coordinator,
                 sample_rate: int,
                 audio_patterns=None,
                 sample_size=2 ** 16,
                 queue_size=32):
        self.audio_dir = audio_dir
        self.sample_rate = sample_rate
        self.coord = coord
        self.sample_size = sample_size
        self.audio_patterns = audio_patterns or ['*.wav']
        self.threads = []
        self._lock = threading.Lock()
        self._running = 0
        self.sample_placeholder = tf.placeholder(dtype=tf.float32, shape=(sample_size, 1))
        self.label_placeholder = tf.placeholder(dtype=tf.int32, shape=())
        self.queue = tf.FIFOQueue(queue_size, ['float32', 'int32'],
                                  shapes=[(sample_size, 1), ()])
        self.enqueue = self.queue.enqueue([self.sample_placeholder, self.label_placeholder])
        self.close = self.queue.close()
        self.files = find_files(audio_dir, self.audio_patterns)
        if not self.files:
            raise ValueError("No audio files found in '{}'.".format(audio_dir))

    def dequeue(self, num_elements):
        return self.queue.dequeue_many(num_elements)

    def thread_main(self, sess, files):
        try:
            for audio, shot in load_audio(files, self.sample_rate):
                if self.coord.should_stop():
                    break
                # cut the recording into pieces of sample_size, as the WaveNet reader does
                while len(audio) >= self.sample_size:
                    piece = audio[:self.sample_size, :]
                    sess.run(self.enqueue, feed_dict={self.sample_placeholder: piece,
                                                      self.label_placeholder: shot})
                    audio = audio[self.sample_size:, :]
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
            thread.daemon = True  # Thread will close when parent quits.
            thread.start()
            self.threads.append(thread)
        return self.threads
