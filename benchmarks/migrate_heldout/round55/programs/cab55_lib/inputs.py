import tensorflow as tf

from .datasets import CabinLog


def train_tfrecord(filename, cfg):
    sensors, label, cabin = CabinLog.read_and_decode(filename=filename, epochs=cfg.epochs)
    return tf.compat.v1.train.shuffle_batch(
        [sensors, label, cabin],
        batch_size=cfg.batch_size,
        capacity=cfg.capacity,
        min_after_dequeue=cfg.min_after_dequeue,
        num_threads=cfg.num_threads)


def test_tfrecord(filename, cfg):
    sensors, label, cabin = CabinLog.read_and_decode(filename=filename, epochs=cfg.epochs)
    return tf.compat.v1.train.batch(
        [sensors, label, cabin],
        batch_size=cfg.batch_size,
        capacity=cfg.capacity,
        num_threads=cfg.num_threads,
        allow_smaller_final_batch=True)
