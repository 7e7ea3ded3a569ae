"""Two text files read in lockstep by two producers and two readers in an `input_fn` closure; `num_threads` and
the producers' `shuffle` are parameters of the factory, left at their defaults (1, False) by its only call."""

import os

import tensorflow.compat.v1 as tf


def write(data_dir):
    a, b = os.path.join(data_dir, "r15a_a.txt"), os.path.join(data_dir, "r15a_b.txt")
    with open(a, "w") as fa, open(b, "w") as fb:
        for i in range(11):
            fa.write("%d\n" % i)
            fb.write("%d\n" % (100 + 3 * i))
    return a, b


def make_input_fn(a_file, b_file, batch_size, num_threads=1, shuffle=False):
    def input_fn():
        qa = tf.train.string_input_producer([a_file], num_epochs=1, shuffle=shuffle)
        qb = tf.train.string_input_producer([b_file], num_epochs=1, shuffle=shuffle)
        _, la = tf.TextLineReader().read(qa)
        _, lb = tf.TextLineReader().read(qb)
        x = tf.strings.to_number(la, out_type=tf.int32)
        y = tf.strings.to_number(lb, out_type=tf.int32)
        return tf.train.batch([x, y], batch_size=batch_size, num_threads=num_threads,
                              allow_smaller_final_batch=True)
    return input_fn


def main(data_dir):
    a, b = write(data_dir)
    xs, ys = make_input_fn(a, b, 4)()
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([xs, ys])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
