"""Speech/seq2seq reader shape: an HParams object decides sizes; a reader class opens its filename queue and
reader in build(), makes variable-length sequences from each record and pads them per batch (dynamic_pad) in
a lazily built property; the trainer loops until the epochs end."""

import os

import tensorflow as tf


class HParams(object):

    def __init__(self, **kwargs):
        for k, v in kwargs.items():
            setattr(self, k, v)


def default_hparams():
    return HParams(batch_size=7, num_epochs=1, max_len=5, queue_capacity=64, shuffle_files=False)


class SpeechReader(object):

    def __init__(self, hparams, file_pattern, scope='speech_reader'):
        self._hparams = hparams
        self._file_pattern = file_pattern
        self._scope = scope
        self._batch = None

    def build(self):
        with tf.compat.v1.variable_scope(self._scope):
            files = sorted(tf.io.gfile.glob(self._file_pattern))[:2]
            self._filename_queue = tf.compat.v1.train.string_input_producer(
                files, num_epochs=self._hparams.num_epochs, shuffle=self._hparams.shuffle_files)
            self._reader = tf.compat.v1.TFRecordReader()
            _, serialized = self._reader.read(self._filename_queue)
            self._example = self._parse(serialized)
        return self

    def _parse(self, serialized):
        features = tf.io.parse_single_example(serialized, {
            'x': tf.io.FixedLenFeature([3], tf.float32),
            'label': tf.io.FixedLenFeature([], tf.int64),
        })
        length = tf.cast(features['label'] % self._hparams.max_len, tf.int32) + 1
        frames = tf.fill([length], features['x'][1])
        return {'frames': frames, 'length': length, 'label': features['label']}

    @property
    def batch(self):
        if self._batch is None:
            ex = self._example
            frames, lengths, labels = tf.compat.v1.train.batch(
                [ex['frames'], ex['length'], ex['label']], batch_size=self._hparams.batch_size,
                num_threads=1, capacity=self._hparams.queue_capacity, dynamic_pad=True,
                allow_smaller_final_batch=True, name='speech_batch')
            self._batch = (frames, lengths, labels)
        return self._batch


def main(data_dir):
    hparams = default_hparams()
    reader = SpeechReader(hparams, os.path.join(data_dir, 'records-*.tfrecord')).build()
    frames, lengths, labels = reader.batch

    batches = []
    end = None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess, coord)
        try:
            while True:
                f, n, l = sess.run([frames, lengths, labels])
                batches.append([f.tolist(), n.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError as e:
            end = type(e).__name__
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
