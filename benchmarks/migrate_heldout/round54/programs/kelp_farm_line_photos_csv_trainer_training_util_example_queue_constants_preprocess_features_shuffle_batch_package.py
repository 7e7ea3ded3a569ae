import os
import logging

import numpy as np
import tensorflow as tf

from kelp54_lib.trainer import model_input

logging.getLogger().setLevel(logging.INFO)


def main(data_dir):
    out = os.path.join(data_dir, "h54_kelp_lines")
    if not os.path.exists(out):
        os.makedirs(out)
    rng = np.random.RandomState(5401)
    files = []
    for part in range(2):
        path = os.path.join(out, "kelp_lines_%d.csv" % part)
        with open(path, "w") as f:
            f.write("line_id," + ",".join("p%d" % i for i in range(6)) + ",stage\n")
            for i in range(6):
                px = rng.randint(0, 256, size=6)
                f.write("%d,%s,%d\n" % (part * 6 + i, ",".join(str(v) for v in px), (i + part) % 3))
        files.append(path)

    ids, features, labels = model_input.input_fn(files, batch_size=4, num_epochs=1)

    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run([tf.compat.v1.global_variables_initializer(), tf.compat.v1.local_variables_initializer()])
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                i, x, y = sess.run([ids, features, labels])
                logging.debug("batch of %d kelp lines", len(i))
                batches.append([i.tolist(), np.round(x.reshape(len(i), -1).astype(np.float64), 5).tolist(),
                                y.astype(np.int64).tolist()])
        except tf.errors.OutOfRangeError:
            logging.debug("input exhausted")
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "kelp lines: %d" % sum(len(b[0]) for b in batches)}
