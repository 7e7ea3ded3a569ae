"""Inception's train script shape: FLAGS decide batch size, threads and readers; the script asks
image_processing (helper module) for distorted_inputs of a Dataset object (another helper module) and
trains until the epochs given by a flag end."""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import tensorflow.compat.v1 as tf

from inception_lib import image_processing
from inception_lib.dataset import Dataset

parser = argparse.ArgumentParser()
parser.add_argument('--batch_size', type=int, default=12)
parser.add_argument('--num_preprocess_threads', type=int, default=2)
parser.add_argument('--num_readers', type=int, default=2)
parser.add_argument('--num_epochs', type=int, default=1)
FLAGS, _ = parser.parse_known_args([])


def train(dataset):
    with tf.Graph().as_default(), tf.device('/cpu:0'):
        global_step = tf.get_variable('global_step', [], initializer=tf.constant_initializer(0), trainable=False)
        values, labels = image_processing.distorted_inputs(
            dataset, FLAGS.batch_size, num_preprocess_threads=FLAGS.num_preprocess_threads,
            num_readers=FLAGS.num_readers, num_epochs=FLAGS.num_epochs)
        increment = tf.assign_add(global_step, 1)
        init = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
        sess = tf.Session(config=tf.ConfigProto(allow_soft_placement=True))
        sess.run(init)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        batches = []
        end = None
        try:
            while not coord.should_stop():
                v, l, _ = sess.run([values, labels, increment])
                batches.append([v.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError as e:
            end = type(e).__name__
        finally:
            coord.request_stop()
        coord.join(threads)
        sess.close()
    return batches, end


def main(data_dir):
    dataset = Dataset('records', 'train', data_dir)
    batches, end = train(dataset)
    return {"batches": batches, "end": end}
