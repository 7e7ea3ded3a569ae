"""Readers registered with `@register("name")` in another module, looked up with `from r16_lib.plugins import
lookup`; the dataset name is a keyword of the function that builds the batch, passed as a literal."""

import os

import tensorflow.compat.v1 as tf
from r16_lib.plugins import lookup


def input_batch(data_dir, pattern, dataset):
    files = sorted(tf.gfile.Glob(os.path.join(data_dir, pattern)))
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader_fn = lookup(dataset)
    value, label = reader_fn(filename_queue)
    return tf.train.batch([value, label], batch_size=12, allow_smaller_final_batch=True)


def main(data_dir):
    values, labels = input_batch(data_dir, "records-*.tfrecord", dataset="records")
    lengths, heads = input_batch(data_dir, "table-*.csv", dataset="lines")
    got, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for fetches in ([values, labels], [lengths, heads]):
            try:
                while True:
                    a, b = sess.run(fetches)
                    got.append([a.tolist(), [v.decode() if isinstance(v, bytes) else v for v in b.tolist()]])
            except tf.errors.OutOfRangeError:
                end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": got, "end": end}
