import os
import numpy as np
import tensorflow.compat.v1 as tf

L = 4
N = 3


def write(folder):
    os.makedirs(folder, exist_ok=True)
    for i in range(6):
        with open(os.path.join(folder, "r%02d.txt" % i), "w") as f:
            f.write(",".join(str(i * 100 + k) for k in range(L * N)) + "\n")


def read(folder):
    files = sorted(tf.gfile.Glob(folder + "/*.txt"))
    q = tf.train.string_input_producer(files, num_epochs=1, shuffle=True, seed=2)
    reader = tf.TextLineReader()
    _, line = reader.read(q)
    cols = tf.stack(tf.decode_csv(line, [[0]] * (L * N)))
    slices = (cols[0:L], cols[L:2 * L], cols[2 * L:3 * L])
    batch = tf.train.shuffle_batch([slices], 2, 20, 0, seed=1)
    return batch


def main(data_dir):
    folder = os.path.join(data_dir, "fixP_tuple")
    write(folder)
    batch = read(folder)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                b = sess.run(batch)
                out.append([b.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "read %d" % len(out)}
