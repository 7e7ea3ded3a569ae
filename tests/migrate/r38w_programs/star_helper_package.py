"""A helper of another module returns a 3-tuple, unpacked whole into a batch's list (`[*read_example()]`) and
handed as `tuple(read_example())` to a positional shuffle_batch; the helper reads a module constant the program
sets as the module's attribute first."""
import os

import tensorflow as tf

from r38w_lib import records
from r38w_lib.inputs import mixed_batches, ordered_batches


def drain(sess, tensors):
    out = []
    try:
        while True:
            out.append([v.tolist() for v in sess.run(tensors)])
    except tf.errors.OutOfRangeError:
        pass
    return out


def main(data_dir):
    folder = os.path.join(data_dir, 'r38w_star')
    os.makedirs(folder, exist_ok=True)
    records.DATA_PATH = os.path.join(folder, 'frames.tfrecords')
    records.write_records(records.DATA_PATH, 12)
    ordered = ordered_batches(4)
    mixed = mixed_batches(4)
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        first = drain(sess, list(ordered))
        second = drain(sess, list(mixed))
        coord.request_stop()
        coord.join(threads)
    # (the ordered ones in order; the shuffled ones as a multiset of rows, sorted here)
    rows = sorted(r for b in second for r in zip(*[map(str, c) for c in b]))
    return {"batches": first + [[[r[k] for r in rows[i:i + 4]] for k in range(3)] for i in range(0, 12, 4)],
            "end": "rows: %d + %d" % (sum(len(b[1]) for b in first), len(rows))}
