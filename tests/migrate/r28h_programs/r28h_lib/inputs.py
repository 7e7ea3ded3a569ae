import tensorflow.compat.v1 as tf

from r28h_lib.records import Digits


def test_tfrecord(filename, cfg):
    img, label = Digits.read_and_decode(filename=filename, epochs=cfg.epochs)
    return tf.train.batch([img, label], batch_size=cfg.batch_size, capacity=cfg.capacity, num_threads=1)
