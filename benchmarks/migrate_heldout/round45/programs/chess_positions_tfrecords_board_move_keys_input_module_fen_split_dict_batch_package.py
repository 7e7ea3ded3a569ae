import os

import tensorflow as tf

from chess45_lib import input
from chess45_lib import preprocess


def main(data_dir):
    folder = os.path.join(data_dir, "h45_chess_positions", "humanlike", "preprocessed")
    if not os.path.isdir(folder):
        os.makedirs(folder)
    filenames = preprocess.write_preprocessed(os.path.join(folder, "train-%05d-of-00002"))

    batch = input.inputs(filenames, batch_size=3)

    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run([tf.compat.v1.global_variables_initializer(),
                  tf.compat.v1.local_variables_initializer()])
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        while True:
            try:
                b = sess.run(batch)
            except tf.errors.OutOfRangeError:
                break
            row = []
            for key in sorted(b):
                values = b[key].tolist()
                if key in ("fen", "uci"):
                    values = [v.decode() for v in values]
                row.append(values)
            batches.append(row)
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "positions: %d" % sum(len(b[0]) for b in batches)}
