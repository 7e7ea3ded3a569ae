"""The class's own method returns the dequeue (`next_batch(n)`), called from the program in another module."""
import tensorflow.compat.v1 as tf

from r28g_lib import pad_feeder


def main(data_dir):
    sentences = [[1, 2], [3], [4, 5, 6], [7], [8, 9], [10, 11, 12, 13], [14]]
    feeder = pad_feeder.PadFeeder()
    batch = feeder.next_batch(3)
    batches = []
    sess = tf.Session()
    threads = feeder.start(sess, sentences)
    while True:
        try:
            batches.append(sess.run(batch).tolist())
        except tf.errors.OutOfRangeError:
            break
    for t in threads:
        t.join()
    sess.close()
    return {"batches": batches, "end": "OutOfRangeError"}
