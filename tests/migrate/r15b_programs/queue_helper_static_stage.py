"""A class whose file queue comes from a module helper (`_files_queue(self.files, epochs)`, positional) and whose
reader stage is a `@staticmethod` called through `self`; the name `queue` reused at module level."""

import glob
import os

import tensorflow.compat.v1 as tf

queue = None


def _files_queue(names, epochs):
    return tf.train.string_input_producer(names, num_epochs=epochs, shuffle=False, capacity=8)


class Lines(object):
    def __init__(self, files, epochs=2):
        self.files = files
        self.epochs = epochs

    @staticmethod
    def parse(queue):
        reader = tf.TextLineReader(skip_header_lines=1)
        _, line = reader.read(queue)
        a, b, label = tf.decode_csv(line, [[0], [0.0], [0]])
        return a + label, b

    def batches(self):
        queue = _files_queue(self.files, self.epochs)
        first, second = self.parse(queue)
        return tf.train.batch([first, second], batch_size=17, allow_smaller_final_batch=True)


def main(data_dir):
    firsts, seconds = Lines(sorted(glob.glob(os.path.join(data_dir, 'table-*.csv')))).batches()
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                a, b = sess.run([firsts, seconds])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}
