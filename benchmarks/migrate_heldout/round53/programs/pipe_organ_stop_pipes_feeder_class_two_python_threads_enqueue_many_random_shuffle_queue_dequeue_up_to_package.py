import os

import numpy as np
import tensorflow.compat.v1 as tf

from organ53_lib import PipeFeeder

BATCH = 4


def main(data_dir):
    folder = os.path.join(data_dir, "h53_pipe_organ_stop_pipes_feeder_class_two_python_threads_enqueue_many_random_shuffle_queue_dequeue_up_to_package")
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(5315)
    table = np.column_stack([np.arange(16), np.round(rng.uniform(0.1, 4.9, 16), 2), np.round(rng.uniform(20, 160, 16), 1)])
    np.savetxt(os.path.join(folder, "principal_8ft.txt"), table, fmt="%.2f")
    loaded = np.loadtxt(os.path.join(folder, "principal_8ft.txt"))
    ranks = loaded[:, 0].astype(np.int32)
    lengths = loaded[:, 1:].astype(np.float32)

    feeder = PipeFeeder(ranks, lengths)
    rank_batch, length_batch = feeder.dequeue_up_to(BATCH)

    sess = tf.Session()
    coord = tf.train.Coordinator()
    threads = feeder.start_threads(sess, coord)
    batches = []
    while True:
        try:
            r, l = sess.run([rank_batch, length_batch])
        except tf.errors.OutOfRangeError:
            break
        batches.append([r.tolist(), l.tolist()])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "pipes: %d" % sum(len(b[0]) for b in batches)}
