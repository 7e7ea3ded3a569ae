"""One TFRecord input class called both ways: regrouped by a batch of three, and `read_up_to`'s own groups."""
import os

import tensorflow.compat.v1 as tf

from p1_lib import records, shards


def main(data_dir):
    files = shards.record_shards(os.path.join(data_dir, "p1_records"))
    idx_b, score_b = records.RecordInput(files, True)()
    idx_g, score_g = records.RecordInput(files, False, size=2)()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        for idx, score in ((idx_b, score_b), (idx_g, score_g)):
            try:
                while True:
                    i, s = sess.run([idx, score])
                    batches.append([i[:, 0].tolist(), s[:, 0].tolist()])
            except tf.errors.OutOfRangeError:
                batches.append("end")
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
