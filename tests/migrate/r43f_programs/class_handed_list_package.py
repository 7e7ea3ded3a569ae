"""A list of placeholders handed to a feeder class of another module whose dtypes are a name bound once to a
comprehension over them (and which calls `super(...).__init__()`)."""
import functools

from tensorflow.compat import v1 as tf

from r43f_lib import rows
from r43f_lib.feeder import BaseFeeder


def main(data_dir):
    path = rows.write_rows(data_dir, 'klass')
    placeholders = [tf.placeholder(tf.float32, [None, 3]), tf.placeholder(tf.float32, [None])]
    feeder = BaseFeeder(placeholders, functools.partial(rows.chunks, path, 4))
    features, reading = feeder.dequeue(3)
    batches = []
    with tf.Session() as sess:
        threads = feeder.start_threads(sess)
        try:
            while True:
                f, r = sess.run([features, reading])
                batches.append([f.tolist(), r.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        for t in threads:
            t.join()
    return {'batches': batches, 'end': end}
