import tensorflow.compat.v1 as tf
import itertools
import logging
from typing import NamedTuple
import os
import gzip
import numpy as np
from threading import Thread


class InputFeederCfg(NamedTuple):
    batch_size: int
    seq_length: int
    ratio: int
    surrogate_base_pair: bool
    num_bases: int
    min_signal_size: int = 4

    @classmethod
    def schema(cls, data):
        # the original validated with voluptuous; plain defaults here
        data = dict(data)
        data.setdefault('batch_size', 10)
        data.setdefault('ratio', 1)
        data.setdefault('num_bases', 4)
        return cls(**data)


def read_signal_file(path):
    with gzip.open(path, 'rt') as f:
        signal = np.array([float(v) for v in f.readline().split()], dtype=np.float32)
        bases = np.array([int(v) for v in f.readline().split()], dtype=np.int32)
    return signal, bases


def chunks(signal, bases, cfg):
    for start in range(0, len(signal) - cfg.seq_length + 1, cfg.seq_length):
        yield signal[start:start + cfg.seq_length], bases[start // cfg.ratio:(start + cfg.seq_length) // cfg.ratio]


def _feeder_main(sess, coord, files, cfg, enqueue_op, close_op, signal_ph, bases_ph):
    try:
        for path in files:
            signal, bases = read_signal_file(path)
            if len(signal) < cfg.min_signal_size:
                logging.info("skipping %s", path)
                continue
            for x, y in chunks(signal, bases, cfg):
                sess.run(enqueue_op, feed_dict={signal_ph: x, bases_ph: y})
        sess.run(close_op)
    except Exception as e:
        coord.request_stop(e)


class InputFeeder(object):
    def __init__(self, sess, coord, files, cfg: InputFeederCfg, name="train"):
        with tf.name_scope(name):
            self.signal_ph = tf.placeholder(tf.float32, [cfg.seq_length])
            self.bases_ph = tf.placeholder(tf.int32, [cfg.seq_length // cfg.ratio])
            self.queue = tf.FIFOQueue(4 * cfg.batch_size, [tf.float32, tf.int32],
                                      shapes=[[cfg.seq_length], [cfg.seq_length // cfg.ratio]])
            enqueue_op = self.queue.enqueue([self.signal_ph, self.bases_ph])
            close_op = self.queue.close()
            self.batch_x, self.batch_y = self.queue.dequeue_up_to(cfg.batch_size)
        self.thread = Thread(target=_feeder_main, daemon=True,
                             args=(sess, coord, files, cfg, enqueue_op, close_op, self.signal_ph, self.bases_ph))

    def start(self):
        self.thread.start()
