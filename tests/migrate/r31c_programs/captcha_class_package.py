"""Trains a captcha reader on captchas generated on the fly by a generator thread."""
import os

import tensorflow.compat.v1 as tf

from r31c_lib import alphabet
from r31c_lib.generator import CaptchaGenerator


def build_model(batch):
    images = tf.cast(batch.captcha, tf.float32) / 255.0
    columns = tf.reduce_sum(images, axis=1)
    onehot = tf.one_hot(batch.text, len(alphabet.ALPHABET))
    return columns, tf.reduce_sum(onehot, axis=1)


def main(data_dir):
    os.makedirs(os.path.join(data_dir, 'r31c_captcha'), exist_ok=True)
    coord = tf.train.Coordinator()
    generator = CaptchaGenerator(coord, alphabet.ALPHABET, alphabet.CAPTCHA_SIZE, batch_size=4)
    batch = generator.get_batch()
    columns, histogram = build_model(batch)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        threads = generator.start_threads(sess)
        step = 0
        try:
            while not coord.should_stop():
                captcha, text, hist = sess.run([batch.captcha, batch.text, histogram])
                batches.append({'captcha_sum': captcha.reshape(len(captcha), -1).sum(1).tolist(),
                                'text': [alphabet.ids_to_text(t) for t in text.tolist()],
                                'hist_max': hist.max(1).tolist()})
                step += 1
        except tf.errors.OutOfRangeError:
            end = 'generator exhausted after %d steps' % step
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
