"""The feeder's module imported under another name, the coordinator handed by keyword; `mean` is also the
name of a parameter of an unrelated helper (another scope)."""

import tensorflow as tf1

from r21t_lib import feeding as fd

tf = tf1.compat.v1


def shifted(mean):
    return mean + 0.5


def main(data_dir):
    coord = tf.train.Coordinator()
    feeder = fd.GroupFeeder(list(range(1, 8)), coord=coord, scale=2.0)
    mean = tf.reduce_mean(feeder.samples)
    batches = []
    sess = tf.Session()
    feeder.start_in_session(sess)
    try:
        for _ in range(5):
            if coord.should_stop():
                break
            s, l, m = sess.run([feeder.samples, feeder.labels, mean])
            batches.append([s.tolist(), l.tolist(), shifted(float(m))])
    finally:
        coord.request_stop()
    sess.close()
    return {"batches": batches, "end": len(batches)}
