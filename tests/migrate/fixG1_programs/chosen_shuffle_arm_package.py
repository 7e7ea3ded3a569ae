# The package's RowFeeder with its flag on: a RandomShuffleQueue, the same rows in some order.
import tensorflow.compat.v1 as tf

from g1runners import chooser


def main(data_dir):
    feeder = chooser.RowFeeder([[i, 1.0, 2.0] for i in range(12)], 4, shuffled=True)
    got = feeder.batches()
    sess = tf.Session()
    threads = feeder.start(sess)
    batches = []
    end = "none"
    while True:
        try:
            batches.append([sess.run(got).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
            break
    for t in threads:
        t.join()
    return {"batches": batches, "end": end}
