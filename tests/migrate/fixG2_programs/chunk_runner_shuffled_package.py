"""The chunk runner (package, ``import ... as``): one worker at every call, the close by the end of its chunks."""
import numpy as np
import tensorflow.compat.v1 as tf

import g2lib.runners as rn


def main(data_dir):
    runner = rn.ChunkRunner(rn.make_rows(12), 4)
    feats, marks = runner.batch()
    batches = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        runner.start(sess, coord)
        for _ in range(3):
            f, m = sess.run([feats, marks])
            batches.append([f.tolist(), m.tolist()])
        coord.request_stop()
        runner.stop()
    return {"batches": batches, "end": "rows %d" % sum(len(b[0]) for b in batches)}
