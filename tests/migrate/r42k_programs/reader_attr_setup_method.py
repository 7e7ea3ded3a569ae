"""A whole-file reader made in a setup method `__init__` calls (`self._reader`), read in `images`, which makes
its own file queue; the class and its caller in one module."""

import os

import tensorflow.compat.v1 as tf


class Images(object):
    def __init__(self, pattern, batch_size):
        self.pattern = pattern
        self.batch_size = batch_size
        self._setup()

    def _setup(self):
        self._reader = tf.WholeFileReader()

    def images(self):
        files = sorted(tf.gfile.Glob(self.pattern))
        queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        path, contents = self._reader.read(queue)
        size = tf.strings.length(contents)
        return tf.train.batch([path, contents, size], batch_size=self.batch_size)


def main(data_dir):
    root = os.path.join(data_dir, 'r42k_whole_files')
    if not os.path.isdir(root):
        os.makedirs(root)
    for i in range(6):
        with open(os.path.join(root, 'img%d.bin' % i), 'wb') as f:
            f.write(b'x' * (i + 1))
    loader = Images(os.path.join(root, '*.bin'), 3)
    paths, contents, sizes = loader.images()
    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            p, c, s = sess.run([paths, contents, sizes])
            batches.append([[os.path.basename(x.decode()) for x in p], [x.decode() for x in c], s.tolist()])
    except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError'
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}
