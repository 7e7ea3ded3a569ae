"""A loader object whose constructor batches in one `elif` branch and reads one element per run in the other,
nothing otherwise (a monodepth-style dataloader); `import tensorflow as tf` with `from tensorflow.compat.v1 import
train`, lines of a text file through an inline reader, the source made in the constructor."""

import os

import tensorflow as tf
from tensorflow.compat.v1 import train

v1 = tf.compat.v1


def _write_lines(data_dir):
    path = os.path.join(data_dir, 'loader_elif_lines.txt')
    with open(path, 'w') as f:
        for i in range(7):
            f.write('%d %d\n' % (i, 3 * i + 1))
    return path


class PairLoader(object):
    def __init__(self, path, mode, batch_size=2):
        self.mode = mode
        self.first_batch = None
        self.second_batch = None
        lines = train.string_input_producer([path], shuffle=False, num_epochs=2)
        _, line = v1.TextLineReader().read(lines)
        parts = tf.strings.to_number(tf.compat.v1.string_split([line]).values, tf.int32)
        first = parts[0]
        second = parts[1] * 2
        if mode == 'eval':
            self.first_batch = tf.stack([first, second])
            self.second_batch = second - first
        elif mode == 'train':
            total = first + second
            self.first_batch, self.second_batch = train.batch([total, second], batch_size,
                                                              allow_smaller_final_batch=True)


def main(data_dir):
    path = _write_lines(data_dir)
    first = 'unrelated'  # the same name in another scope
    loaders = [PairLoader(path, mode) for mode in ('train', 'eval')]
    runs, end = [], None
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        for loader in loaders:
            try:
                while True:
                    runs.append([a.tolist() for a in sess.run([loader.first_batch, loader.second_batch])])
            except tf.errors.OutOfRangeError:
                end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': runs, 'end': end, 'first': first}
