"""A producer and reader made once; a new `reader.read(queue)` made in each turn of a loop (the next line each
turn, across the two files and round again), run by one session with `sess.run`."""
import os

import tensorflow.compat.v1 as tf


def main(data_dir):
    folder = os.path.join(data_dir, "r37s_turns")
    os.makedirs(folder, exist_ok=True)
    paths = []
    for i in range(2):
        paths.append(os.path.join(folder, "part%d.txt" % i))
        with open(paths[-1], "w") as f:
            f.write("".join("%d,%d\n" % (i, j) for j in range(3)))
    queue = tf.train.string_input_producer(paths, shuffle=False)
    reader = tf.TextLineReader()
    batches = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        turn = 0
        while turn < 8:
            key, value = reader.read(queue)
            a, b = tf.decode_csv(value, [[0], [0]])
            k, x, y = sess.run([key, a, b])
            batches.append([[os.path.basename(k.decode())], [int(x) * 10 + int(y)]])
            turn += 1
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "turns: %d" % len(batches)}
