"""A class keeping a batch of `list((a, b))` as an attribute, grown by a method; a shuffle_batch of a literal
list kept beside it, compared as the list it is."""
import os

import tensorflow.compat.v1 as tf


class Loader:
    def __init__(self, path):
        queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
        _, line = tf.TextLineReader().read(queue)
        a, b = tf.decode_csv(line, record_defaults=[[0], [0]])
        self.batch = tf.train.batch(list((a, b)), batch_size=5)

    def with_sum(self):
        self.batch.append(self.batch[0] + self.batch[1])
        return self.batch


def main(data_dir):
    folder = os.path.join(data_dir, "fixE4_class")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "ab.csv")
    with open(path, "w") as f:
        f.write("".join("%d,%d\n" % (i, 100 - i) for i in range(15)))
    loader = Loader(path)
    got = loader.with_sum()
    same = got == [got[0], got[1], got[2]]
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for _ in range(3):
            out.append([v.tolist() for v in sess.run(got)])
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "%s %s" % (type(got).__name__, same)}
