"""The class's module imported whole (`import ... as`), its queue made under a local name in `__init__`, and one
element at a time dequeued in the program through the instance's attribute."""
import tensorflow as tf

import r28g_lib.seq_feeder as sf


def main(data_dir):
    feeder = sf.SeqFeeder()
    pair = feeder.q.dequeue()
    doubled = pair * 2
    batches = []
    with tf.compat.v1.Session() as sess:
        feeder.launch(sess, 5)
        while True:
            try:
                batches.append(sess.run(doubled).tolist())
            except tf.errors.OutOfRangeError:
                break
    return {"batches": batches, "end": "OutOfRangeError"}
