"""Two workers, the last one closing (a lock and a count): every row once, any order (package, ``from pkg
import module``)."""
import tensorflow.compat.v1 as tf

from g2lib import counted


def main(data_dir):
    feeder = counted.CountedFeeder(counted.rows(12), 4)
    batch = feeder.batches()
    batches = []
    with tf.Session() as sess:
        feeder.go(sess)
        for _ in range(3):
            batches.append([sess.run(batch).tolist()])
    return {"batches": batches, "end": "rows %d" % sum(len(b[0]) for b in batches)}
