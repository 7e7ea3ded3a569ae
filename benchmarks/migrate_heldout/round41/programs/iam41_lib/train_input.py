import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import gfile
from tensorflow.compat.v1 import logging


class FLAGS(object):
  batch_size = 4
  num_readers = 2
  num_epochs = 1
  train_data_pattern = None


def get_input_data_tensors(reader,
                           data_pattern,
                           batch_size=1000,
                           num_epochs=None,
                           num_readers=1,
                           nameT='train'):
  """Creates the section of the graph which reads the training data.

  Args:
    reader: A class which parses the training data.
    data_pattern: A 'glob' style path to the data files.
    batch_size: How many examples to process at a time.
    num_epochs: How many passes to make over the training data.
    num_readers: How many I/O threads to use.
  """
  logging.info("Using batch size of " + str(batch_size) + " for {}ing.".format(nameT))
  with tf.name_scope(nameT + "_input"):
    files = sorted(gfile.Glob(data_pattern))
    if not files:
      raise IOError("Unable to find {}ing files. data_pattern='".format(nameT) +
                    data_pattern + "'.")
    logging.info("Number of " + nameT + "ing files: %s.", str(len(files)))
    filename_queue = tf.train.string_input_producer(
        files, num_epochs=num_epochs, shuffle=True, seed=29)
    training_data = [
        reader.prepare_reader(filename_queue, batch_size) for _ in range(num_readers)
    ]

    return tf.train.shuffle_batch_join(
        training_data,
        batch_size=batch_size,
        capacity=FLAGS.batch_size * 5,
        min_after_dequeue=FLAGS.batch_size,
        allow_smaller_final_batch=True,
        enqueue_many=True, seed=29)
