"""Whole files read by cfg.num_readers inline readers (package helper), shuffle_batch_join: each file once."""
import os

import tensorflow.compat.v1 as tf

from m1_lib import loader


def main(data_dir):
    folder = os.path.join(data_dir, "m1_whole")
    os.makedirs(folder, exist_ok=True)
    for i in range(8):
        with open(os.path.join(folder, "f%d.bin" % i), "wb") as f:
            f.write(bytes([i, i + 1, i + 2, 3 * i]))
    files = sorted(os.path.join(folder, n) for n in os.listdir(folder))
    names, values = loader.build(files, loader.Cfg(num_readers=3, shuffle=True), 2)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                n, v = sess.run([names, values])
                batches.append([[os.path.basename(x.decode()) for x in n], v.round(3).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
