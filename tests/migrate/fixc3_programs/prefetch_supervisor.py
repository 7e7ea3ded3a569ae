"""Batches of a CSV file prefetched by another module's queue, trained under a Supervisor for fixed steps."""
import os

import tensorflow.compat.v1 as tf

from fixc3_lib.prefetch import prefetch_queue


def _write(data_dir):
    path = os.path.join(data_dir, 'fixc3_supervisor.csv')
    with open(path, 'w') as f:
        for i in range(12):
            f.write('%d,%.1f\n' % (i, 0.5 * i))
    return path


def main(data_dir):
    path = _write(data_dir)
    files = tf.train.string_input_producer([path], shuffle=False)
    _, line = tf.TextLineReader().read(files)
    ident, value = tf.decode_csv(line, record_defaults=[[0], [0.0]])
    ids, values = tf.train.batch([ident, value], batch_size=3, capacity=9)
    queue = prefetch_queue([ids, values], capacity=2)
    got_ids, got_values = queue.dequeue()
    step = tf.train.get_or_create_global_step()
    bump = tf.assign_add(step, 1)
    batches = []
    sv = tf.train.Supervisor(logdir=None, global_step=step, summary_op=None)
    with sv.managed_session() as sess:
        for _ in range(4):
            if sv.should_stop():
                break
            i, v, _ = sess.run([got_ids, got_values, bump])
            batches.append([i.tolist(), v.tolist()])
        final = sess.run(step)
    return {'batches': batches, 'end': 'steps: %d' % final}
