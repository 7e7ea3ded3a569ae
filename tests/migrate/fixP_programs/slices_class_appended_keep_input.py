import os
import numpy as np
import tensorflow.compat.v1 as tf

L = 4
N = 3


def write(folder):
    os.makedirs(folder, exist_ok=True)
    for i in range(7):
        with open(os.path.join(folder, "r%02d.txt" % i), "w") as f:
            f.write(",".join(str(i * 100 + k) for k in range(L * N)) + "\n")


class Reader(object):
    def __init__(self, folder):
        self.folder = folder

    def batch(self):
        files = sorted(tf.gfile.Glob(self.folder + "/*.txt"))
        q = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        _, line = tf.TextLineReader().read(q)
        cols = tf.decode_csv(line, [[0]] * (L * N))
        window = []
        for i in range(N):
            window.append(cols[i * L])
        return tf.train.maybe_batch([window], tf.greater_equal(cols[0], 100), batch_size=2)


def main(data_dir):
    folder = os.path.join(data_dir, "fixP_klass")
    write(folder)
    windows = Reader(folder).batch()
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out.append([sess.run(windows).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "read %d" % len(out)}
