"""One module: a class's method takes its source from a module registry by ``.get(kind)``; a function makes its
source by calling the class directly, the reader reading ``self.width`` set in ``__init__``."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


class Pairs(object):
    def __init__(self, width):
        self.width = width

    def make_reader(self):
        return tf.FixedLengthRecordReader(self.width * 4, header_bytes=0)

    def decode(self, value):
        return tf.reshape(tf.decode_raw(value, tf.float32), [self.width])


class Wide(Pairs):
    pass


_SOURCES = {"pairs": Pairs, "wide": Wide}


def _write(folder, width):
    os.makedirs(folder, exist_ok=True)
    name = os.path.join(folder, "w%d.bin" % width)
    np.arange(6 * width, dtype=np.float32).tofile(name)
    return [name]


class Loader(object):
    def __init__(self, folder, kind):
        self.folder, self.kind = folder, kind

    def batch(self):
        source = _SOURCES.get(self.kind)(2)
        queue = tf.train.string_input_producer(_write(self.folder, 2), num_epochs=1, shuffle=False)
        reader = source.make_reader()
        _, value = reader.read(queue)
        return tf.train.batch([source.decode(value)], batch_size=4, allow_smaller_final_batch=True)


def direct(folder):
    source = Pairs(3)
    queue = tf.train.string_input_producer(_write(folder, 3), num_epochs=1, shuffle=False)
    reader = source.make_reader()
    _, value = reader.read(queue)
    return tf.train.batch([source.decode(value)], batch_size=4, allow_smaller_final_batch=True)


def main(data_dir):
    folder = os.path.join(data_dir, "q4_local")
    first = Loader(folder, "wide").batch()
    second = direct(folder)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out.append(sess.run(first)[0].tolist())
        except tf.errors.OutOfRangeError:
            pass
        try:
            while True:
                out.append(sess.run(second)[0].tolist())
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
