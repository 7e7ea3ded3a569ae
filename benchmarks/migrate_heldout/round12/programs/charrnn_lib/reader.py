"""Char-RNN reader over sharded text files: every line of a shard is a fixed-length chunk of characters; the
model reads (input, target) byte sequences shifted by one."""

import tensorflow.compat.v1 as tf


def read_chunk(filename_queue, seq_length):
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    chars = tf.decode_raw(line, tf.uint8)
    chars = tf.reshape(chars, [seq_length + 1])
    chars = tf.cast(chars, tf.int32)
    return chars[:-1], chars[1:]


def char_batches(shards, hparams):
    filename_queue = tf.train.string_input_producer(shards, num_epochs=hparams.num_epochs, shuffle=False,
                                                    name="shard_queue")
    inputs, targets = read_chunk(filename_queue, hparams.seq_length)
    return tf.train.batch([inputs, targets], batch_size=hparams.batch_size, num_threads=1,
                          capacity=hparams.batch_size * 3, allow_smaller_final_batch=True, name="char_batch")
