"""Base and subclass in the program's own module: the base's closure reads through the subclass's methods; the
subclass keeps the producer on `self.source` behind `if`, set to None in the base's `__init__`."""
import os

from tensorflow.compat import v1 as tf


class Base(object):

    def __init__(self, path):
        self.path = path
        self.source = None

    def make_fn(self):
        def fn():
            text = self.next_line()
            values = self.split(text)
            return tf.train.batch(values, batch_size=2, allow_smaller_final_batch=True)
        return fn

    def next_line(self):
        raise NotImplementedError

    def split(self, text):
        raise NotImplementedError


class Words(Base):

    def next_line(self):
        if self.source is None:
            self.source = tf.train.string_input_producer([self.path], num_epochs=1, shuffle=False)
        return tf.TextLineReader().read(self.source)[1]

    def split(self, text):
        first, second = tf.decode_csv(text, record_defaults=[[0], [0.0]], field_delim=' ')
        return [first + 1, second]


def main(data_dir):
    path = os.path.join(data_dir, 'k2_words.txt')
    with open(path, 'w') as f:
        for i in range(5):
            f.write('%d %.1f\n' % (i, i / 4.0))
    a, b = Words(path).make_fn()()
    batches = []
    end = None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([a, b])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
