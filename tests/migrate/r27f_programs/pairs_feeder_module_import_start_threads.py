"""A feeding class reached through its module (`pair_feeder.PairFeeder`), `start_threads(sess, coord)` keeping
its one thread under a name joined at the end; `dequeue_many(2)` (the odd last row not delivered); a session
not in a `with`."""
import tensorflow.compat.v1 as tf

from r27f_lib import pair_feeder


def main(data_dir):
    feeder = pair_feeder.PairFeeder(7)
    a, b = feeder.batch(2)
    total = tf.reduce_sum(a, axis=1)
    sess = tf.Session()
    coord = tf.train.Coordinator()
    worker = feeder.start_threads(sess, coord)
    batches, end = [], None
    try:
        while True:
            t, bb = sess.run([total, b])
            batches.append([t.tolist(), bb.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    coord.request_stop()
    feeder.stop(sess)
    worker.join()
    sess.close()
    return {"batches": batches, "end": end}
