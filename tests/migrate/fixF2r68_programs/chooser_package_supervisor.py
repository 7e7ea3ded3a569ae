"""Batches staged by another module's prefetch stage (its queue class chosen by a function there, the flag
left at its default False), trained under a Supervisor for a fixed number of steps."""
import os

import tensorflow.compat.v1 as tf

from f2r_lib import staging


def main(data_dir):
    path = os.path.join(data_dir, "f2_chooser.csv")
    with open(path, "w") as f:
        for i in range(15):
            f.write("%d,%d\n" % (i, i * i % 7))
    names = tf.train.string_input_producer([path], shuffle=False)
    reader = tf.TextLineReader()
    _, row = reader.read(names)
    a, b = tf.decode_csv(row, record_defaults=[[0], [0]])
    pair = tf.stack([a, b])
    pairs, sums = tf.train.batch([pair, a + b], batch_size=3, capacity=9)
    stage = staging.stage_batches([pairs, sums], capacity=2)
    got_pairs, got_sums = stage.dequeue()
    step = tf.train.get_or_create_global_step()
    tick = tf.assign_add(step, 1)
    batches = []
    sv = tf.train.Supervisor(logdir=None, global_step=step, summary_op=None)
    with sv.managed_session() as sess:
        for _ in range(4):
            p, s, _ = sess.run([got_pairs, got_sums, tick])
            batches.append([p.tolist(), s.tolist()])
        final = sess.run(step)
    return {"batches": batches, "end": "steps: %d" % final}
