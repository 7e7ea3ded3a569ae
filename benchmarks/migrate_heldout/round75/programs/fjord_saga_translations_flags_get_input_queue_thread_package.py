"""Fjord saga lines (modern -> original) for a style-transfer seq2seq: a trainer script importing `data as
shake_data` / `model as shake_model`-style modules, `tf.flags` defaults taken from the data module,
`get_input_queue()` building a `PaddingFIFOQueue` over placeholders, a `threading.Thread` running the enqueue loop
(`# TODO: randomize the data`), the model dequeuing batches."""
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf

from fjord75 import data as saga_data
from fjord75 import model as saga_model

flags = tf.flags

if "model_dir" not in flags.FLAGS:
    flags.DEFINE_string("model_dir", "./tmp", (
        "Model directory."))
    flags.DEFINE_string("source_train", saga_data.default_modern_train_path, (
        ""))
    flags.DEFINE_string("source_dev", saga_data.default_modern_dev_path, (
        ""))
    flags.DEFINE_string("target_train", saga_data.default_original_train_path, (
        ""))
    flags.DEFINE_string("target_dev", saga_data.default_original_dev_path, (
        ""))
    flags.DEFINE_integer("saga_batch_size", 2, "")

FLAGS = flags.FLAGS


# TODO: randomize the data
def get_input_queue(capacity=16):
    source_ph = tf.placeholder(tf.int32, [None], name="source")
    target_ph = tf.placeholder(tf.int32, [None], name="target")
    source_len = tf.shape(source_ph)[0]
    target_len = tf.shape(target_ph)[0]
    queue = tf.PaddingFIFOQueue(capacity, [tf.int32, tf.int32, tf.int32, tf.int32],
                                shapes=[[None], [], [None], []])
    enqueue_op = queue.enqueue([source_ph, source_len, target_ph, target_len])
    close_op = queue.close()
    return queue, enqueue_op, close_op, source_ph, target_ph


def enqueue_data(sess, enqueue_op, close_op, source_ph, target_ph, sources, targets):
    for source, target in zip(sources, targets):
        sess.run(enqueue_op, feed_dict={source_ph: source, target_ph: target})
    sess.run(close_op)


def main(data_dir):
    if not FLAGS.is_parsed():
        FLAGS(['fjord'])
    root = os.path.join(data_dir, 'h75_fjord')
    saga_data.write_corpus(root, np.random.RandomState(9))
    sources = saga_data.read_ids(os.path.join(root, FLAGS.source_train))
    targets = saga_data.read_ids(os.path.join(root, FLAGS.target_train))

    queue, enqueue_op, close_op, source_ph, target_ph = get_input_queue()
    inputs = saga_model.Seq2SeqInputs(queue, FLAGS.saga_batch_size)

    batches = []
    with tf.Session() as sess:
        thread = threading.Thread(target=enqueue_data,
                                  args=(sess, enqueue_op, close_op, source_ph, target_ph, sources, targets))
        thread.daemon = True
        thread.start()
        try:
            while True:
                s, sl, t, tl = sess.run([inputs.source, inputs.source_len, inputs.target, inputs.target_len])
                batches.append([s.tolist(), sl.tolist(), t.tolist(), tl.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        thread.join()
    return {"batches": batches, "end": "lines: %d" % (FLAGS.saga_batch_size * len(batches))}
