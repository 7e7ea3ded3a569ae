"""fully_connected_reader.py shape: read_and_decode in another module, inputs() under a name scope, shuffle_batch."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

from mnist_records_lib import reader as records_reader

TRAIN_FILES = ['records-%d.tfrecord' % i for i in range(4)]


def inputs(train_dir, batch_size, num_epochs):
  """Reads input data num_epochs times."""
  if not num_epochs:
    num_epochs = None
  filenames = [os.path.join(train_dir, f) for f in TRAIN_FILES]

  with tf.name_scope('input'):
    filename_queue = train.string_input_producer(filenames, num_epochs=num_epochs)

    # Even when reading in multiple threads, share the filename queue.
    image, label = records_reader.read_and_decode(filename_queue)

    # Shuffle the examples and collect them into batch_size batches.
    # (Internally uses a RandomShuffleQueue.)
    # We run this in two threads to avoid being a bottleneck.
    images, sparse_labels = train.shuffle_batch(
        [image, label], batch_size=batch_size, num_threads=2,
        capacity=1000 + 3 * batch_size,
        # Ensures a minimum amount of shuffling of examples.
        min_after_dequeue=1000)

    return images, sparse_labels


def run_training(data_dir):
  batches = []
  end = None
  with tf.Graph().as_default():
    images, labels = inputs(data_dir, batch_size=20, num_epochs=1)

    # The op for initializing the variables.
    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())

    sess = tf.Session()
    sess.run(init_op)

    # Start input enqueue threads.
    coord = train.Coordinator()
    threads = train.start_queue_runners(sess=sess, coord=coord)

    try:
      step = 0
      while not coord.should_stop():
        image_values, label_values = sess.run([images, labels])
        batches.append([image_values.tolist(), label_values.tolist()])
        step += 1
    except tf.errors.OutOfRangeError:
      end = 'OutOfRangeError'
    finally:
      # When done, ask the threads to stop.
      coord.request_stop()

    # Wait for threads to finish.
    coord.join(threads)
    sess.close()
  return batches, end


def main(data_dir):
  batches, end = run_training(data_dir)
  return {'batches': batches, 'end': end}
