"""An OrderedDict of placeholders handed to a DataQueue class of another module (its starter method runs the
feeding thread); the batch read by the dict's keys."""
import collections
import functools

from tensorflow.compat import v1 as tf

from r33f_lib import rows
from r33f_lib.data_queue import DataQueue


def main(data_dir):
    path = rows.write_hours(data_dir, 'klass')
    placeholders = collections.OrderedDict([
        ('features', tf.placeholder(tf.float32, [None, 3])),
        ('count', tf.placeholder(tf.int32, [None])),
    ])
    data_queue = DataQueue(placeholders, functools.partial(rows.chunks, path, 5))
    features, count = data_queue.dequeue(4)
    batches = []
    with tf.Session() as sess:
        threads = data_queue.start_threads(sess)
        try:
            while True:
                f, c = sess.run([features, count])
                batches.append([f.tolist(), c.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        for t in threads:
            t.join()
    return {'batches': batches, 'end': end}
