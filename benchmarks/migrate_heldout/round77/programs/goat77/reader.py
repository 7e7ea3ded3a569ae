"""reader.py: captions read line by line, turned into ids by a python function under `tf.py_func` (the
research-code habit of tokenizing in Python), batched with `dynamic_pad=True`."""
import numpy as np
import tensorflow.compat.v1 as tf


def _make_tokenizer(vocab):
    def _tokenize(line):
        words = line.decode('utf-8').lower().split()
        ids = [vocab.start_id] + [vocab.word_to_id(w) for w in words] + [vocab.end_id]
        return np.array(ids, dtype=np.int64)
    return _tokenize


def caption_queue(filename, num_epochs=None):
    filename_queue = tf.train.string_input_producer([filename], num_epochs=num_epochs, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    return line


def build_input(filename, vocab, batch_size, num_epochs=None):
    line = caption_queue(filename, num_epochs)
    ids = tf.py_func(_make_tokenizer(vocab), [line], tf.int64, stateful=False, name='tokenize')
    ids.set_shape([None])
    length = tf.shape(ids)[0]
    ids_batch, length_batch = tf.train.batch([ids, length], batch_size=batch_size, num_threads=1,
                                             capacity=4 * batch_size, dynamic_pad=True,
                                             allow_smaller_final_batch=True, name='caption_batch')
    return ids_batch, length_batch
