"""A helper building the whole pipeline in its own module: reader -> RandomShuffleQueue stage -> batch."""
from tensorflow.compat.v1 import train
import tensorflow.compat.v1 as tf


def shuffled_batches(files, batch_size, threads=2):
    filename_queue = train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    letter, dots, dashes, millis = tf.decode_csv(line, record_defaults=[[''], [0], [0], [0]])
    code = tf.stack([dots, dashes])
    examples = tf.RandomShuffleQueue(capacity=12, min_after_dequeue=4, dtypes=[tf.string, tf.int32, tf.int32],
                                     shapes=[[], [2], []], seed=7)
    enqueue = examples.enqueue([letter, code, millis])
    train.add_queue_runner(train.QueueRunner(examples, [enqueue] * threads))
    example = examples.dequeue()
    return train.batch([example[0], example[1], example[2]], batch_size=batch_size, capacity=16)
