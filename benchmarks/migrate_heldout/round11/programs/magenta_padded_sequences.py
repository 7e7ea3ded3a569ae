"""Magenta-style melody training input: SequenceExamples written by the pipeline step, read back by
sequence_example_lib.get_padded_batch (a PaddingFIFOQueue with a QueueRunner), run for a fixed step count."""

import os

import tensorflow.compat.v1 as tf

from magenta_lib import sequence_example_lib

INPUT_SIZE = 2
BATCH_SIZE = 12
NUM_SEQUENCES = 240


def write_sequences(data_dir):
    folder = os.path.join(data_dir, "h11_magenta_padded_sequences")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "melodies.tfrecord")
    with tf.io.TFRecordWriter(path) as writer:
        for i in range(NUM_SEQUENCES):
            steps = i % 5 + 2
            inputs = [[float(i), float(t) / 2] for t in range(steps)]
            labels = [(i + t) % 12 for t in range(steps)]
            writer.write(sequence_example_lib.make_sequence_example(inputs, labels).SerializeToString())
    return path


def main(data_dir):
    sequence_file = write_sequences(data_dir)
    inputs, labels, lengths = sequence_example_lib.get_padded_batch(
        [sequence_file], BATCH_SIZE, INPUT_SIZE)
    num_steps = NUM_SEQUENCES // BATCH_SIZE
    batches = []
    sess = tf.Session()
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess, coord)
    for step in range(num_steps):
        inputs_, labels_, lengths_ = sess.run([inputs, labels, lengths])
        batches.append([inputs_.tolist(), labels_.tolist(), lengths_.tolist()])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "steps"}
