"""Three feeder threads of a class in a package module, one fed row per enqueue, a closer nested in the
starter (held-out round 24: refused as "a thread that neither feeds the queue nor only joins the feeders and
closes it")."""
import tensorflow as tf

from r24b_lib.shard_feeders import ShardFeeder

v1 = tf.compat.v1


def main(data_dir):
    feeder = ShardFeeder(list(range(1, 20)))
    values, tags = feeder.batches(4)
    total = v1.reduce_sum(values, axis=1)
    batches = []
    with v1.Session() as sess:
        threads = feeder.start(sess)
        end = None
        while True:
            try:
                v, t, s = sess.run([values, tags, total])
            except v1.errors.OutOfRangeError:
                end = "OutOfRangeError"
                break
            batches.append([v.tolist(), [x.decode() for x in t], s.tolist()])
        for thread in threads:
            thread.join()
    return {"batches": batches, "end": end}
