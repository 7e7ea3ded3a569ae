"""A decode helper batching in place only ``if not single`` (no else), called with a keyword literal False."""
import tensorflow as tf_root

tf = tf_root.compat.v1

from f5_lib.rows import write_rows


def decode(queue, size, single=True):
    reader = tf.TextLineReader()
    _, line = reader.read(queue)
    idx, weight, kind = tf.decode_csv(line, [[0], [0.0], [0]])
    weight = tf.reshape(weight + 1.0, [])
    if not single:
        extra = 2
        cap = size * extra + 3
        idx, weight, kind = tf.train.batch([idx, weight, kind], batch_size=size, capacity=cap)
    return idx, weight, kind


def main(data_dir):
    path = write_rows(data_dir + "/f5_true", "rows.csv", 11)
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    idx, weight, kind = decode(queue, 4, single=False)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                a, b, c = sess.run([idx, weight, kind])
                batches.append([a.tolist(), b.tolist(), c.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
