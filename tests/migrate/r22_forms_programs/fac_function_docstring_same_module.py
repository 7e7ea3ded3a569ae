"""A module function with a docstring makes the reader, called inline at the read; the name ``reader`` is reused
by another function for something else."""

import os

import tensorflow.compat.v1 as tf1


def make_reader():
    '''The reader of these shards.'''
    return tf1.TFRecordReader()


def reader(rows):
    return [r for r in rows if r]


def main(data_dir):
    files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in (1, 3)]
    queue = tf1.train.string_input_producer(files, shuffle=False, num_epochs=1)
    _, value = make_reader().read(queue)
    parsed = tf1.parse_single_example(value, {"label": tf1.FixedLenFeature([], tf1.int64)})
    label = parsed["label"] + 100
    batch = tf1.train.batch([label], batch_size=4, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append(reader(sess.run(batch).tolist()))
        except tf1.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
