"""No reader, the helper in another module (`images.load_image(queue)` dequeues the name and decodes the PNG),
called through its module from a class method; shuffled files (seed), shuffle_batch: batch sizes and sorted rows."""

import os

import tensorflow.compat.v1 as tf

from producer_forms_lib import images


class ImageInput(object):

    def __init__(self, data_dir, batch_size):
        self.files = [os.path.join(data_dir, "image-%d.png" % i) for i in range(6)]
        self.batch_size = batch_size

    def batches(self):
        queue = tf.train.string_input_producer(self.files, num_epochs=3, shuffle=True, seed=7)
        path, total = images.load_image(queue, size=2)
        return tf.train.shuffle_batch([path, total], batch_size=self.batch_size, capacity=20, min_after_dequeue=4,
                                      seed=3, allow_smaller_final_batch=True)


def main(data_dir):
    paths, totals = ImageInput(data_dir, 5).batches()
    sizes, rows, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                p, t = sess.run([paths, totals])
                sizes.append(len(p))
                rows.extend(zip([os.path.basename(x.decode()) for x in p], t.tolist()))
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": [sizes, sorted(rows)], "end": end}
