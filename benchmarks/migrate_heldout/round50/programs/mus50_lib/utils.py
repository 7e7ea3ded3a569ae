"""
Set of utilities for working with datasets, TensorFlow, TFRecords and configurations.
"""

import tensorflow.compat.v1 as tf


class _Flags(object):
    # tf.flags.DEFINE_integer("epochs", 1, "Defines the number of epochs for a training run.")
    epochs = 1
    # tf.flags.DEFINE_integer("batch_size", 4, "The number of records to process per batch during training.")
    batch_size = 4
    # tf.flags.DEFINE_integer("batch_queue_capacity", 40,
    #                         "Define the number records held in memory on the batch queue during processing.")
    batch_queue_capacity = 40
    min_after_dequeue = 6
    reader_threads = 2


FLAGS = _Flags()


def feature_spec():
    return {
        "ticket_id": tf.FixedLenFeature([], tf.int64),
        "gate": tf.FixedLenFeature([], tf.string),
        "scan_minute": tf.FixedLenFeature([], tf.int64),
        "party": tf.FixedLenFeature([2], tf.int64),  # adults, children
    }


def read_and_decode(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    example = tf.parse_single_example(serialized, features=feature_spec())
    return example["ticket_id"], example["gate"], example["scan_minute"], example["party"]


def input_pipeline(filenames, shuffle=True):
    """Returns batched (ticket_id, gate, scan_minute, party) tensors."""
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=FLAGS.epochs, shuffle=False)
    ticket, gate, minute, party = read_and_decode(filename_queue)
    if shuffle:
        return tf.train.shuffle_batch([ticket, gate, minute, party],
                                      batch_size=FLAGS.batch_size,
                                      capacity=FLAGS.batch_queue_capacity,
                                      min_after_dequeue=FLAGS.min_after_dequeue,
                                      num_threads=FLAGS.reader_threads,
                                      seed=50)
    return tf.train.batch([ticket, gate, minute, party], batch_size=FLAGS.batch_size,
                          capacity=FLAGS.batch_queue_capacity)


def write_example(writer, ticket_id, gate, minute, party):
    writer.write(tf.train.Example(features=tf.train.Features(feature={
        "ticket_id": tf.train.Feature(int64_list=tf.train.Int64List(value=[ticket_id])),
        "gate": tf.train.Feature(bytes_list=tf.train.BytesList(value=[gate])),
        "scan_minute": tf.train.Feature(int64_list=tf.train.Int64List(value=[minute])),
        "party": tf.train.Feature(int64_list=tf.train.Int64List(value=party)),
    })).SerializeToString())
