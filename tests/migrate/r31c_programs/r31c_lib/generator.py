"""The round-31 captcha generator class (another module), chunks of 3 with a remainder of 1 enqueued after the loop."""
import collections
import threading

import numpy as np
import tensorflow.compat.v1 as tf

from r31c_lib import alphabet as alph

CaptchaSample = collections.namedtuple('CaptchaSample', ['captcha', 'text'])


class CaptchaGenerator(object):
    """Class that encapsulates captcha generation."""

    def __init__(self, coord, alphabet, captcha_size, batch_size=4, width=8, height=3,
                 queue_size=8, num_samples=16, chunk=3, seed=31):
        self.coord = coord
        self.alphabet = alphabet
        self.captcha_size = captcha_size
        self.batch_size = batch_size
        self.width = width
        self.height = height
        self.num_samples = num_samples
        self.chunk = chunk
        self.seed = seed

        self.captcha_ph = tf.placeholder(tf.uint8, [None, height, width], name='captcha')
        self.text_ph = tf.placeholder(tf.int32, [None, captcha_size], name='text')
        self.queue = tf.FIFOQueue(queue_size, [tf.uint8, tf.int32],
                                  shapes=[[height, width], [captcha_size]], name='captcha_queue')
        self.enqueue_op = self.queue.enqueue_many([self.captcha_ph, self.text_ph])
        self.close_op = self.queue.close()
        self.threads = []

    def _render(self, text, rng):
        img = np.zeros((self.height, self.width), dtype=np.uint8)
        for i, c in enumerate(text):
            code = self.alphabet.index(c)
            img[:, 2 * i] = [(code * 16 + r * 5) % 256 for r in range(self.height)]
            img[:, 2 * i + 1] = rng.randint(0, 40, size=self.height)
        return img

    def generate(self):
        rng = np.random.RandomState(self.seed)
        for _ in range(self.num_samples):
            text = ''.join(rng.choice(list(self.alphabet), self.captcha_size))
            yield CaptchaSample(self._render(text, rng), alph.text_to_ids(text))

    def _generator_thread(self, sess):
        with self.coord.stop_on_exception():
            captchas, texts = [], []
            for sample in self.generate():
                captchas.append(sample.captcha)
                texts.append(sample.text)
                if len(captchas) == self.chunk:
                    sess.run(self.enqueue_op, feed_dict={self.captcha_ph: np.stack(captchas),
                                                         self.text_ph: np.array(texts, np.int32)})
                    captchas, texts = [], []
            if captchas:
                sess.run(self.enqueue_op, feed_dict={self.captcha_ph: np.stack(captchas),
                                                     self.text_ph: np.array(texts, np.int32)})
            sess.run(self.close_op)

    def start_threads(self, sess):
        thread = threading.Thread(target=self._generator_thread, args=(sess,))
        thread.daemon = True
        thread.start()
        self.threads.append(thread)
        return self.threads

    def get_batch(self):
        captcha, text = self.queue.dequeue_many(self.batch_size)
        return CaptchaSample(captcha, text)
