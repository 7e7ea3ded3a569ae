"""Sequence batches padded by the queue (`dynamic_pad=True`), the seq2seq / captioning reader shape: a class whose
constructor reads a record and derives a variable-length sequence, a method that batches it, config attributes for
the flags, and a Supervisor that runs a fixed number of steps."""
import os

import tensorflow.compat.v1 as tf


class InputConfig(object):
    batch_size = 5
    num_preprocess_threads = 1
    queue_capacity = 40
    num_steps = 6


class SequenceInput(object):
    def __init__(self, config, data_dir):
        self.config = config
        files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in (1, 2)]
        self._filename_queue = tf.train.string_input_producer(files, shuffle=False, capacity=4)
        reader = tf.TFRecordReader()
        _, serialized = reader.read(self._filename_queue)
        features = tf.parse_single_example(serialized, {
            "x": tf.FixedLenFeature([3], tf.float32),
            "label": tf.FixedLenFeature([], tf.int64)})
        self.length = tf.cast(tf.math.floormod(features["label"], 4) + 1, tf.int32)
        self.sequence = tf.range(self.length) + tf.cast(features["label"], tf.int32) * 10
        self.mask = tf.ones([self.length], dtype=tf.int32)

    def batch(self):
        return tf.train.batch(
            [self.sequence, self.mask, self.length],
            batch_size=self.config.batch_size,
            num_threads=self.config.num_preprocess_threads,
            capacity=self.config.queue_capacity,
            dynamic_pad=True,
            name="batch_and_pad")

    @property
    def num_steps(self):
        return self.config.num_steps


def main(data_dir):
    inputs = SequenceInput(InputConfig(), data_dir)
    sequences, masks, lengths = inputs.batch()
    sv = tf.train.Supervisor(logdir=None, summary_op=None, save_model_secs=0)
    batches = []
    with sv.managed_session() as sess:
        for _ in range(inputs.num_steps):
            if sv.should_stop():
                break
            seq, mask, length = sess.run([sequences, masks, lengths])
            batches.append([seq.tolist(), mask.tolist(), length.tolist()])
    return {"batches": batches, "end": "steps"}
