"""A reader class makes a `slice_input_producer` over image paths and labels in `__init__` and decodes with a
module function; `dequeue(n)` batches the kept tensors. The caller makes the object inside
`with tf.name_scope(...)`: it is still made once, so its batch runs once. One epoch, in order."""

import os

import tensorflow.compat.v1 as tf


def decode(slices, scale):
    contents = tf.read_file(slices[0])
    pixels = tf.cast(tf.image.decode_png(contents, channels=1), tf.float32)
    return tf.reshape(pixels, [16]) * scale, slices[1]


class ImageList(object):
    def __init__(self, data_dir, scale):
        self.paths = [os.path.join(data_dir, "image-%d.png" % i) for i in range(6)]
        self.labels = tf.constant([i * 10 for i in range(6)], dtype=tf.int32)
        self.queue = tf.train.slice_input_producer([tf.constant(self.paths), self.labels], num_epochs=1,
                                                   shuffle=False)
        self.image, self.label = decode(self.queue, scale)

    def dequeue(self, num_elements):
        images, labels = tf.train.batch([self.image, self.label], num_elements, allow_smaller_final_batch=True)
        return images, labels


def main(data_dir):
    with tf.name_scope("create_inputs"):
        reader = ImageList(data_dir, 0.5)
        images, labels = reader.dequeue(2)
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                i, l = sess.run([images, labels])
                out.append([i.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
