"""Two subclasses overriding the reader hook with different readers, both made: one pipeline cannot serve both."""
import os

import tensorflow.compat.v1 as tf


class Source(object):
    def make_reader(self):
        raise NotImplementedError

    def get_batch(self, files):
        queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        _, value = self.make_reader().read(queue)
        return tf.train.batch([value], batch_size=2)


class Lines(Source):
    def make_reader(self):
        return tf.TextLineReader()


class Whole(Source):
    def make_reader(self):
        return tf.WholeFileReader()


def main(data_dir):
    path = os.path.join(data_dir, "i4_two.txt")
    with open(path, "w") as f:
        f.write("a\nb\nc\nd\n")
    lines, whole = Lines().get_batch([path]), Whole().get_batch([path])
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        batches.append([x.decode() for x in sess.run(lines)])
        batches.append([x.decode() for x in sess.run(lines)])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "done"}
