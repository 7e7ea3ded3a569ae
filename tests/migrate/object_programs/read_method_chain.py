"""The producer made in `__init__` (slice_input_producer over PNG paths), decoded in `_decode()`, which `_example()`
calls, which `inputs()` calls before batching; `from tensorflow.compat.v1 import train` for the queue APIs."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


class PngFolder(object):
    def __init__(self, data_dir, count=6):
        paths = [os.path.join(data_dir, 'image-%d.png' % i) for i in range(count)]
        self._slices = train.slice_input_producer([paths, list(range(count))], shuffle=False, num_epochs=3)

    def _decode(self):
        pixels = tf.image.decode_png(tf.read_file(self._slices[0]), channels=1)
        return tf.reshape(tf.cast(pixels, tf.int32), [16])

    def _example(self):
        pixels = self._decode()
        label = self._slices[1] * 10
        return pixels, label

    def inputs(self):
        image, label = self._example()
        return train.batch([image, label], batch_size=4, allow_smaller_final_batch=False)


def main(data_dir):
    images, labels = PngFolder(data_dir).inputs()
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                i, l = sess.run([images, labels])
                out.append([i.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': end}
