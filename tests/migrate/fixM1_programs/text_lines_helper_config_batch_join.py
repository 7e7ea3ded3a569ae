"""Text lines read by a reader helper, num_readers from a config object, batch_join: each line once."""
import os

import tensorflow as tf


class Options:
    num_readers = 2


def read_line(q):
    _, line = tf.compat.v1.TextLineReader(skip_header_lines=1).read(q)
    return tf.compat.v1.string_to_number(line)


def main(data_dir):
    folder = os.path.join(data_dir, "m1_lines")
    os.makedirs(folder, exist_ok=True)
    for s in range(3):
        with open(os.path.join(folder, "s%d.csv" % s), "w") as f:
            f.write("head\n" + "".join("%d\n" % (10 * s + i) for i in range(4)))
    files = sorted(os.path.join(folder, n) for n in os.listdir(folder))
    opts = Options()
    q = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    rows = []
    for turn in range(opts.num_readers):
        value = read_line(q)
        rows.append([value + 0.5, value * 2.0])
    halves, doubles = tf.compat.v1.train.batch_join(rows, batch_size=4)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                h, d = sess.run([halves, doubles])
                batches.append([h.tolist(), d.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
