"""The trainer helpers in the program's own module, `tf.compat.v1.` spelled out; the input pipeline called twice
(a training pipeline shuffled, an evaluation one in order), groups of 4 re-batched by 4 with enqueue_many."""
import os

import tensorflow as tf


def read_rows(queue, n):
    reader = tf.compat.v1.TextLineReader(skip_header_lines=1)
    _, lines = reader.read_up_to(queue, n)
    cols = tf.io.decode_csv(lines, record_defaults=[[0], [0.0], [0.0]])
    label = cols.pop(0)
    return tf.stack(cols, axis=1) * 2.0, label


def make_batches(x, y, size, shuffle):
    if shuffle:
        xb, yb = tf.compat.v1.train.shuffle_batch([x, y], batch_size=size, capacity=8 * size,
                                                  min_after_dequeue=size, enqueue_many=True, seed=5)
    else:
        xb, yb = tf.compat.v1.train.batch([x, y], batch_size=size, enqueue_many=True,
                                          allow_smaller_final_batch=True)
    return xb, yb


def input_fn(path, size, shuffle):
    queue = tf.compat.v1.train.string_input_producer([path], num_epochs=1)
    x, y = read_rows(queue, size)
    return make_batches(x, y, size, shuffle)


def drain(fetch):
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run(fetch)
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return batches


def main(data_dir):
    out = os.path.join(data_dir, "r40r_spelled")
    os.makedirs(out, exist_ok=True)
    paths = []
    for name, count in (("train", 12), ("eval", 10)):
        path = os.path.join(out, name + ".csv")
        with open(path, "w") as f:
            f.write("label,x,z\n")
            for k in range(count):
                f.write("%d,%d.5,%d\n" % (k % 2, k, len(name) * k))
        paths.append(path)
    with tf.Graph().as_default():
        train = drain(input_fn(paths[0], 4, True))
    with tf.Graph().as_default():
        evaluation = drain(input_fn(paths[1], 4, False))
    return {"batches": train, "eval": evaluation, "end": "rows: %d + %d" % (
        sum(len(b[1]) for b in train), sum(len(b[1]) for b in evaluation))}
