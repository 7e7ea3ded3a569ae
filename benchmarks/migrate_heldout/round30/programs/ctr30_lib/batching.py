import tensorflow.compat.v1 as tf

from ctr30_lib.config import FLAGS
from ctr30_lib.reader import parse_csv


def input_fn(filenames, batch_size=FLAGS.batch_size, num_epochs=FLAGS.num_epochs):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=True, seed=21)
    reader = tf.TextLineReader()
    _, value = reader.read(filename_queue)
    features, label = parse_csv(value)
    capacity = FLAGS.min_after_dequeue + 3 * batch_size
    batch = tf.train.shuffle_batch([features["dense"], features["cat_ids"], label], batch_size=batch_size,
                                   capacity=capacity, min_after_dequeue=FLAGS.min_after_dequeue,
                                   num_threads=FLAGS.num_threads, seed=22)
    return {"dense": batch[0], "cat_ids": batch[1]}, batch[2]
