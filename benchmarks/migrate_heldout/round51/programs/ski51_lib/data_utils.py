import numpy as np
import tensorflow.compat.v1 as tf
import os


def get_filename_queue(split_file, data_dir, num_epochs=None):
    with open(split_file, 'r') as f:
        filenames = f.readlines()
    filenames = [os.path.join(data_dir, fname.strip()) for fname in filenames]

    for f in filenames:
        if not os.path.exists(f):
            raise ValueError('Failed to find file: ' + f)
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, seed=51)

    return filename_queue


def read_ride(filename_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    lift, chair, minute, riders, wind = tf.decode_csv(
        line, record_defaults=[[''], [0], [0], [0], [0.0]])
    # riders per chair seat, wind in m/s
    load = tf.cast(riders, tf.float32) / 4.0
    return [lift, chair, minute, load, wind]


def create_batch(inputs, batch_size=64, min_queue_examples=1000, num_preprocess_threads=12):
    # Generate a batch of images and labels by building up a queue of examples.
    batch = tf.train.shuffle_batch(
        inputs,
        batch_size=batch_size,
        num_threads=num_preprocess_threads,
        capacity=min_queue_examples + 3 * batch_size,
        min_after_dequeue=min_queue_examples,
        seed=51)
    return batch
