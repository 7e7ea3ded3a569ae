"""The builder in the program's own module enqueue_many's each row's three values into a RandomShuffleQueue and
returns it; its one caller takes one value at a time (`dequeue()`), run by the session in a Python loop:
8 rows give 24 values, grouped here by four."""
import os

import tensorflow.compat.v1 as tf

from r34s_lib import corpus


def value_queue(files):
    file_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(file_queue)
    ident, a, b, c = tf.decode_csv(line, [[0], [0], [0], [0]])
    queue = tf.RandomShuffleQueue(capacity=30, min_after_dequeue=3, dtypes=[tf.int32, tf.int32],
                                  shapes=[[], []], seed=5)
    enqueue_op = queue.enqueue_many([tf.stack([a, b, c]), tf.fill([3], ident)])
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue_op]))
    return queue


def main(data_dir):
    path = corpus.write_rows(os.path.join(data_dir, "r34s_one"), rows=8)
    queue = value_queue([path])
    value, ident = queue.dequeue()
    rows = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                v, i = sess.run([value, ident])
                rows.append([int(v), int(i)])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    batches = [[[r[0] for r in rows[k:k + 4]], [r[1] for r in rows[k:k + 4]]] for k in range(0, len(rows), 4)]
    return {"batches": batches, "end": "%d batches" % len(batches)}
