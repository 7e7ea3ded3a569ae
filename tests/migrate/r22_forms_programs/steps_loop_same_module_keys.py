"""A loop over feature keys (a tuple of names) in the function that reads, the list reused as a name in
another function; ``import tensorflow.compat.v1 as tf1``."""

import os

import tensorflow.compat.v1 as tf1

KEYS = ("x", "label")


def columns(columns):
    return [list(c) for c in columns]


def inputs(data_dir):
    queue = tf1.train.string_input_producer([os.path.join(data_dir, "records-2.tfrecord")], num_epochs=1,
                                            shuffle=False)
    _, record = tf1.TFRecordReader().read(queue)
    columns = []
    for key in KEYS:
        spec = tf1.FixedLenFeature([], tf1.int64) if key == "label" else tf1.FixedLenFeature([3], tf1.float32)
        parsed = tf1.parse_single_example(record, {key: spec})
        columns.append(tf1.reduce_sum(tf1.cast(parsed[key], tf1.float32)))
    return tf1.train.batch([tf1.stack(columns)], batch_size=4, allow_smaller_final_batch=True)


def main(data_dir):
    batch = inputs(data_dir)
    batches, end = [], None
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append(columns(sess.run(batch).tolist()))
        except tf1.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
