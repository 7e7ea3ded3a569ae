"""The `with tf.control_dependencies` in a helper of another module (`checks.checked_pair`), called between the
read and a shuffle batch; the read itself in a reader helper of this module (`read_row(filename_queue)`) that
has its own assertion block; a reused name (`row` in both functions)."""

import os

import tensorflow.compat.v1 as tf

from r21a_lib import checks


def read_row(filename_queue):
    _, row = tf.TextLineReader(skip_header_lines=1).read(filename_queue)
    a, b, label = tf.decode_csv(row, [[0.0], [0.0], [0]])
    label_ok = tf.assert_less(label, 5)
    with tf.control_dependencies([label_ok]):
        label = tf.identity(label)
    return a, b, label


def main(data_dir):
    row = [os.path.join(data_dir, "table-%d.csv" % i) for i in range(3)]
    queue = tf.train.string_input_producer(row, num_epochs=2, shuffle=False)
    a, b, label = read_row(queue)
    a, b = checks.checked_pair(a, b)
    a_batch, b_batch, label_batch = tf.train.shuffle_batch([a, b, label], batch_size=10, capacity=60,
                                                           min_after_dequeue=20, seed=3)
    batches, end = [], None
    sess = tf.Session()
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            x, y, z = sess.run([a_batch, b_batch, label_batch])
            batches.append([x.tolist(), y.tolist(), z.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}
