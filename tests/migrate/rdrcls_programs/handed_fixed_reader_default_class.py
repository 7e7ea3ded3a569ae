"""A reader class left as a helper's default by one call and handed by the other (`import tensorflow as tf`);
the helper is called from a class's method."""
import os

import numpy as np
import tensorflow as tf


def fixed_batch(files, reader_class=tf.compat.v1.FixedLengthRecordReader, batch_size=3):
    queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = reader_class(record_bytes=4)
    _, value = reader.read(queue)
    pair = tf.reshape(tf.io.decode_raw(value, tf.uint8), [2, 2])
    return tf.compat.v1.train.batch([pair, tf.reduce_sum(tf.cast(pair, tf.int32))], batch_size=batch_size)


class Loader(object):
    def __init__(self, folder):
        self.folder = folder

    def batches(self):
        first = fixed_batch([os.path.join(self.folder, 'a.bin')])
        second = fixed_batch([os.path.join(self.folder, 'b.bin')], tf.compat.v1.FixedLengthRecordReader, 2)
        return first, second


def main(data_dir):
    folder = os.path.join(data_dir, 'rdrcls_fixed')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(7)
    for name, n in [('a.bin', 6), ('b.bin', 4)]:
        rng.randint(0, 256, size=(n, 4)).astype(np.uint8).tofile(os.path.join(folder, name))
    first, second = Loader(folder).batches()
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        for fetch in (first, second):
            try:
                while True:
                    p, s = sess.run(fetch)
                    batches.append([p.tolist(), s.tolist()])
            except tf.errors.OutOfRangeError:
                pass
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': 'pairs: %d' % sum(len(b[1]) for b in batches)}
