#!/usr/bin/env python
# -*- coding: utf-8 -*-
# *************************************************************************************
# @file: data_feeder.py
# @brief: load and translate examples from file,
#         and feeds batch into a queue on a background thread
# *************************************************************************************
import numpy as np
import os
import codecs
import tensorflow.compat.v1 as tf
import threading
import traceback
from tamale75.common.text_box import TextProcessBox

_batches_per_group = 2
_pad = 0


class BasicFeeder(object):
    def __init__(self, data_dir, hparams, coord=None):
        self._hparams = hparams
        self._coord = coord
        self._text_box = TextProcessBox()
        with codecs.open(os.path.join(data_dir, 'metadata.csv'), 'r', 'utf-8') as f:
            self._metadata = [line.strip().split('|') for line in f]
        self._data_dir = data_dir
        self._offset = 0
        self._placeholders = [
            tf.placeholder(tf.int32, [None, None], 'inputs'),
            tf.placeholder(tf.int32, [None], 'input_lengths'),
            tf.placeholder(tf.float32, [None, None, hparams['num_mels']], 'mel_targets'),
        ]
        queue = tf.FIFOQueue(8, [tf.int32, tf.int32, tf.float32], name='input_queue')
        self._enqueue_op = queue.enqueue(self._placeholders)
        self._close_op = queue.close()
        self.inputs, self.input_lengths, self.mel_targets = queue.dequeue()
        self.inputs.set_shape(self._placeholders[0].shape)
        self.input_lengths.set_shape(self._placeholders[1].shape)
        self.mel_targets.set_shape(self._placeholders[2].shape)

    def start_in_session(self, session):
        self._session = session
        self._thread = threading.Thread(name='background', target=self._run)
        self._thread.daemon = True
        self._thread.start()

    def _run(self):
        try:
            n = self._hparams['batch_size']
            while self._offset < len(self._metadata):
                examples = [self._get_next_example() for _ in range(n * _batches_per_group)]
                examples = [e for e in examples if e is not None]
                # bucket by input length inside the group (stable)
                examples.sort(key=lambda x: x[-1])
                batches = [examples[i:i + n] for i in range(0, len(examples), n)]
                for batch in batches:
                    feed_dict = dict(zip(self._placeholders, _prepare_batch(batch)))
                    self._session.run(self._enqueue_op, feed_dict=feed_dict)
            self._session.run(self._close_op)
        except Exception as e:
            traceback.print_exc()
            if self._coord is not None:
                self._coord.request_stop(e)

    def _get_next_example(self):
        if self._offset >= len(self._metadata):
            return None
        meta = self._metadata[self._offset]
        self._offset += 1
        text = meta[1]
        input_data = np.asarray(self._text_box.text_to_sequence(text), dtype=np.int32)
        mel_target = np.load(os.path.join(self._data_dir, meta[0]))
        return (input_data, mel_target, len(input_data))


def _prepare_batch(batch):
    inputs = _prepare_inputs([x[0] for x in batch])
    input_lengths = np.asarray([len(x[0]) for x in batch], dtype=np.int32)
    mel_targets = _prepare_targets([x[1] for x in batch])
    return (inputs, input_lengths, mel_targets)


def _prepare_inputs(inputs):
    max_len = max((len(x) for x in inputs))
    return np.stack([_pad_input(x, max_len) for x in inputs])


def _prepare_targets(targets):
    max_len = max((len(t) for t in targets))
    return np.stack([_pad_target(t, max_len) for t in targets])


def _pad_input(x, length):
    return np.pad(x, (0, length - x.shape[0]), mode='constant', constant_values=_pad)


def _pad_target(t, length):
    return np.pad(t, [(0, length - t.shape[0]), (0, 0)], mode='constant', constant_values=_pad)
