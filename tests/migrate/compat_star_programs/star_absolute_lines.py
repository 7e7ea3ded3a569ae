import os

import numpy as np
import tensorflow.compat.v1 as tf

from plainlib.absolute import BATCH, read_line


def main(data_dir):
    folder = os.path.join(data_dir, "cs_lines")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "lines.txt")
    with open(path, "w") as f:
        f.write("\n".join(str(v) for v in (-3, 1, -2, 5, 0, 7)) + "\n")
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    batch = tf.train.batch([read_line(queue)], batch_size=BATCH)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                out.append([np.round(sess.run(batch), 3).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
