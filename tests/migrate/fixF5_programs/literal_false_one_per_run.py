"""The same switch with ``if not single`` and a literal True: the elements one per run, never batched."""
import tensorflow as tf_root

tf = tf_root.compat.v1

from f5_lib.rows import write_rows


def rows(queue, single=False):
    _, line = tf.TextLineReader().read(queue)
    idx, weight, kind = tf.decode_csv(line, [[0], [0.0], [0]])
    if not single:
        idx, weight = tf.train.batch([idx, weight], batch_size=3)
    return idx, weight


def main(data_dir):
    path = write_rows(data_dir + "/f5_false", "rows.csv", 5)
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    idx, weight = rows(queue, single=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([idx, weight])
                batches.append([[int(a)], [float(b)]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
