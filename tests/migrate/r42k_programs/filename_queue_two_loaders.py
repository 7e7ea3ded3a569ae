"""A line reader class: `self.filename_queue = None` in `__init__`, the file queue made on it in `read`, which
reads it with a local `TextLineReader` and batches the lines (a second reader it makes is never read); two loaders
(train, test), each read once."""

import os

import tensorflow as tf


class LineLoader(object):
    def __init__(self, files, batch_size):
        self.files = files
        self.batch_size = batch_size
        self.filename_queue = None

    def read(self):
        self.filename_queue = tf.compat.v1.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        reader = tf.compat.v1.TextLineReader()
        spare_reader = tf.compat.v1.TextLineReader(skip_header_lines=1)
        key, line = reader.read(self.filename_queue)
        number = tf.strings.to_number(line, tf.int32)
        return tf.compat.v1.train.batch([line, number * 2], batch_size=self.batch_size)


def _write(root, name, rows):
    path = os.path.join(root, name)
    with open(path, 'w') as f:
        f.write(''.join('%d\n' % r for r in rows))
    return path


def main(data_dir):
    root = os.path.join(data_dir, 'r42k_line_loaders')
    if not os.path.isdir(root):
        os.makedirs(root)
    train = LineLoader([_write(root, 'a.txt', range(6)), _write(root, 'b.txt', range(10, 16))], 4)
    test = LineLoader([_write(root, 'c.txt', range(100, 104))], 2)
    fetches = [train.read(), test.read()]
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        for fetch in fetches:
            try:
                while True:
                    lines, doubled = sess.run(fetch)
                    batches.append([[x.decode() for x in lines], doubled.tolist()])
            except tf.errors.OutOfRangeError:
                pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "lines: %d" % sum(len(b[0]) for b in batches)}
