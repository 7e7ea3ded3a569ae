"""cifar10_eval's shape: the eval script asks the input module for batches and counts until the data ends."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import tensorflow.compat.v1 as tf

from cifar_lib import cifar_input

BATCH_SIZE = 5


def evaluate(data_dir, eval_data):
    indices, labels = cifar_input.inputs(eval_data=eval_data, data_dir=data_dir, batch_size=BATCH_SIZE)
    seen = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        end = None
        try:
            while not coord.should_stop():
                idx, lab = sess.run([indices, labels])
                seen.append([idx.tolist(), lab.tolist()])
        except tf.errors.OutOfRangeError as e:
            end = type(e).__name__
        finally:
            coord.request_stop()
        coord.join(threads, stop_grace_period_secs=5)
    return seen, end


def main(data_dir):
    batches, end = evaluate(data_dir, eval_data=True)
    return {"batches": batches, "end": end}
