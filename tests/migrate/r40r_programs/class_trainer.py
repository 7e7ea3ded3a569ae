"""The trainer helpers as methods of a class (`from tensorflow.compat.v1 import train`), the reader's count and
the batch size apart: groups of 2 (a file of 9 rows) re-batched by 3, no shuffle, the short batch kept."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


class Trainer(object):
    def __init__(self, path):
        self.path = path

    def read_file(self, filename_queue, n):
        _, rows = tf.TextLineReader().read_up_to(filename_queue, num_records=n)
        a, b, c = tf.decode_csv(rows, record_defaults=[[0], [0], [""]])
        return tf.stack([a, b * 10], axis=1), tf.strings.length(c)

    def batch(self, features, labels, batch_size, shuffle=False):
        if shuffle:
            return train.shuffle_batch([features, labels], batch_size, 30, 3, enqueue_many=True)
        return train.batch([features, labels], batch_size, enqueue_many=True, allow_smaller_final_batch=True)

    def input_pipeline(self):
        queue = train.string_input_producer([self.path], num_epochs=1, shuffle=False)
        features, labels = self.read_file(queue, 2)
        return self.batch(features, labels, 3)


def main(data_dir):
    out = os.path.join(data_dir, "r40r_class")
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, "rows.csv")
    with open(path, "w") as f:
        for k in range(9):
            f.write("%d,%d,%s\n" % (k, k + 1, "x" * (k % 4)))
    features, labels = Trainer(path).input_pipeline()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                f, l = sess.run([features, labels])
                batches.append([f.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows: %d" % sum(len(b[1]) for b in batches)}
