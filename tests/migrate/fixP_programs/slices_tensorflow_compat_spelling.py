import os
import numpy as np
import tensorflow as tf

L = 4
N = 3


def write(folder):
    os.makedirs(folder, exist_ok=True)
    for i in range(6):
        with open(os.path.join(folder, "r%02d.txt" % i), "w") as f:
            f.write(",".join(str(i * 100 + k) for k in range(L * N)) + "\n")


def read(folder):
    files = sorted(tf.io.gfile.glob(folder + "/*.txt"))
    q = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf.compat.v1.TextLineReader()
    _, line = reader.read(q)
    cols = tf.stack(tf.io.decode_csv(line, [[0]] * (L * N)))
    slices = tuple(tf.reshape(cols[i * L:(i + 1) * L], [L, 1]) for i in range(N))
    batch = tf.compat.v1.train.batch([slices], 2)
    return batch


def main(data_dir):
    folder = os.path.join(data_dir, "fixP_compat")
    write(folder)
    batch = read(folder)
    out = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                b = sess.run(batch)
                out.append(b.tolist())
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "read %d" % len(out)}
