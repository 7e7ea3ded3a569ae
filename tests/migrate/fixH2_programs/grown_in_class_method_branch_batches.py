"""A class method grows its tensors list under a flag (``if train: tensors.append(...)``), slices it, reads the
slices by index and chooses its batch by the same flag."""
import numpy as np
import tensorflow.compat.v1 as tf


class Boxes(object):

    def __init__(self, batch_size=2):
        self.batch_size = batch_size

    def build(self, train=True):
        names, xs, labels, extras = [], [], [], []
        for i in range(7):
            names.append('box%d' % i)
            xs.append(i * 1.5)
            labels.append(i % 3)
            if train:
                extras.append([i * 0.25, -i * 0.5])
        tensors = [names, xs, labels]
        if train:
            tensors.append(np.array(extras, np.float32))
        q = tf.train.slice_input_producer(tensors, num_epochs=1, shuffle=False)
        width = tf.strings.length(q[0]) + tf.cast(q[1], tf.int32)
        label = tf.cast(q[2], tf.int64)
        if train:
            return tf.train.batch([width, label, q[3]], batch_size=self.batch_size)
        return tf.train.batch([width, label], batch_size=self.batch_size)


def main(data_dir):
    widths, labels, extras = Boxes(batch_size=3).build(train=True)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                w, l, e = sess.run([widths, labels, extras])
                batches.append([w.tolist(), l.tolist(), e.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
