# -*- coding: utf-8 -*-
"""Reads the parallel expedition-notes corpus (Sherpa-style romanised -> English) in lock-step."""
import numpy as np
import tensorflow.compat.v1 as tf

from she78 import vocab as vocab_utils


def sentence_to_token_ids(sentence, vocabulary):
    return [vocabulary.get(w, vocab_utils.UNK_ID) for w in sentence.split()]


def _line_reader(path):
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(queue)
    return line


def parallel_inputs(source_path, target_path, src_vocab, tgt_vocab, batch_size):
    src_line = _line_reader(source_path)
    tgt_line = _line_reader(target_path)

    def _to_ids(src, tgt):
        s = np.array(sentence_to_token_ids(src.decode('utf-8'), src_vocab), dtype=np.int32)
        t = np.array(sentence_to_token_ids(tgt.decode('utf-8'), tgt_vocab), dtype=np.int32)
        return s, np.int32(len(s)), t, np.int32(len(t))

    src_ids, src_len, tgt_ids, tgt_len = tf.py_func(
        _to_ids, [src_line, tgt_line], [tf.int32, tf.int32, tf.int32, tf.int32], stateful=False)
    src_ids.set_shape([None])
    tgt_ids.set_shape([None])
    src_len.set_shape([])
    tgt_len.set_shape([])

    return tf.train.batch([src_ids, src_len, tgt_ids, tgt_len], batch_size=batch_size,
                          num_threads=1, capacity=32, dynamic_pad=True,
                          allow_smaller_final_batch=True, name='parallel_batch')
