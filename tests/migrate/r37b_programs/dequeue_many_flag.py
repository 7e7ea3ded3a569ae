"""The common queue chosen by ``if not in_order:`` on a parameter, filled by one reader's enqueue op under a
QueueRunner, read by ``dequeue_many`` (the batch it amounts to); called in order: compared exactly."""
import os

import tensorflow.compat.v1 as tf


def write(folder):
    paths = []
    for s in range(2):
        path = os.path.join(folder, "lines-%d.txt" % s)
        with open(path, "w") as f:
            f.write("".join("%d,%d\n" % (s * 6 + i, (s * 6 + i) ** 2) for i in range(6)))
        paths.append(path)
    return paths


def batches_of(paths, in_order, batch_size):
    filename_queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    if not in_order:
        queue = tf.RandomShuffleQueue(capacity=10, min_after_dequeue=2, dtypes=[tf.string], shapes=[[]])
    else:
        queue = tf.FIFOQueue(capacity=10, dtypes=[tf.string], shapes=[[]])
    enqueue_ops = []
    reader = tf.TextLineReader()
    for _ in range(1):
        _, line = reader.read(filename_queue)
        enqueue_ops.append(queue.enqueue([line]))
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, enqueue_ops))
    return queue.dequeue_many(batch_size)


def main(data_dir):
    folder = os.path.join(data_dir, "r37b_dequeue_many")
    os.makedirs(folder, exist_ok=True)
    lines = batches_of(write(folder), True, 4)
    xs, ys = tf.decode_csv(lines, [[0], [0]])
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([xs, ys])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
