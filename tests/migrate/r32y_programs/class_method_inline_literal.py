"""A class: its batching method re-binds ``self``'s handed tensors to the batch, switched by a ``shuffle`` keyword
given the literal ``True`` by the caller method, one tensor made inline in the call (a multiset)."""
import os

import tensorflow as tf

v1 = tf.compat.v1


class ReviewInput(object):
    def __init__(self, path, batch_size):
        self.path = path
        self.batch_size = batch_size

    def _batch(self, words, stars, shuffle=False):
        min_after = 4
        if shuffle:
            words, stars = v1.train.shuffle_batch([words, stars], batch_size=self.batch_size,
                                                  capacity=min_after + 3 * self.batch_size,
                                                  min_after_dequeue=min_after, num_threads=2)
        else:
            words, stars = v1.train.batch([words, stars], batch_size=self.batch_size)
        return words, stars

    def inputs(self):
        filename_queue = v1.train.string_input_producer([self.path], num_epochs=2)
        reader = v1.TextLineReader()
        _, line = reader.read(filename_queue)
        stars, text = tf.io.decode_csv(line, record_defaults=[[0], [""]])
        return self._batch(tf.strings.upper(text), stars * 10, shuffle=True)


def main(data_dir):
    path = os.path.join(data_dir, "r32y_class.csv")
    with open(path, "w") as out:
        for i in range(6):  # two epochs of 6: three batches of 4
            out.write("%d,words %d\n" % (i % 5, i))
    words, stars = ReviewInput(path, 4).inputs()
    batches, end = [], None
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                w, s = sess.run([words, stars])
                batches.append([[x.decode() for x in w], s.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
