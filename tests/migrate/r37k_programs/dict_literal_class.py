"""A class whose stage method builds its queue from a ``**{...}`` dict literal and names chosen by
``**({'names': ...} if isinstance(...) else {})``, the enqueue written in the runner's list."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


class Reader(object):
    def __init__(self, path):
        self.path = path

    def _shuffle(self, inputs, threads):
        if isinstance(inputs, dict):
            keys, kinds = zip(*[(k, v.dtype) for k, v in inputs.items()])
        else:
            kinds = [v.dtype for v in inputs]
        queue = tf.RandomShuffleQueue(dtypes=kinds, **{"capacity": 12, "min_after_dequeue": 2},
                                      **({"names": keys} if isinstance(inputs, dict) else {}))
        tf.train.add_queue_runner(tf.train.QueueRunner(queue, [queue.enqueue(inputs)] * threads))
        shuffled = queue.dequeue()
        if isinstance(inputs, dict):
            for k in inputs:
                shuffled[k].set_shape(inputs[k].get_shape())
        return shuffled

    def batches(self):
        q = tf.train.string_input_producer([self.path], num_epochs=1, shuffle=False)
        _, line = tf.TextLineReader().read(q)
        word, count = tf.decode_csv(line, [[""], [0]])
        feats = self._shuffle({"word": word, "count": count}, 2)
        return tf.train.batch(feats, batch_size=2)


def main(data_dir):
    path = os.path.join(data_dir, "r37k_words.csv")
    with open(path, "w") as f:
        for i in range(8):
            f.write("w%d,%d\n" % (i, i * i))
    batch = Reader(path).batches()
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                b = sess.run(batch)
                out.append([[x.decode() if isinstance(x, bytes) else int(x) for x in b[k]] for k in sorted(b)])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "words: %d" % sum(len(b[0]) for b in out)}
