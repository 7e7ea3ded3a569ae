"""Two datasets read one after the other, each batch made by `batches(data_dir, kind)`, whose reader function comes
from `catalog.reader_for(kind)` (a dict literal of another module behind a guarded getter)."""

import os

import tensorflow.compat.v1 as tf

from r16_lib import catalog


def batches(data_dir, kind):
    files = sorted(tf.gfile.Glob(os.path.join(data_dir, catalog.pattern_for(kind))))
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    read = catalog.reader_for(kind)
    first, second = read(queue)
    return tf.train.batch([first, second], batch_size=9, allow_smaller_final_batch=True)


def drain(sess, fetches):
    out = []
    try:
        while True:
            a, b = sess.run(fetches)
            out.append([a.tolist(), b.tolist()])
    except tf.errors.OutOfRangeError:
        return out


def main(data_dir):
    fixed = batches(data_dir, "fixed")
    table = batches(data_dir, "table")
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        got = drain(sess, fixed) + drain(sess, table)
        coord.request_stop()
        coord.join(threads)
    return {"batches": got, "end": "OutOfRangeError"}
