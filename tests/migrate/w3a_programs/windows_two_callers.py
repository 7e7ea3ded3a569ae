"""Two callers of another module's ``ptb_producer``-shaped batcher (its dequeue named), and a class method of
the same shape in this module (``from tensorflow.compat.v1 import train``, the producer dequeued inline with a
name): each run reads the next window, as legacy did; the op keeps its name."""

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

from w3a_lib import windows


class Batcher(object):

    def __init__(self, batch_size):
        self.batch_size = batch_size

    def windows(self, raw, num_steps):
        data = tf.reshape(tf.constant(raw[:self.batch_size * 8]), [self.batch_size, 8])
        i = train.range_input_producer(7 // num_steps, num_epochs=1, shuffle=False).dequeue(name='at')
        return data[:, i * num_steps:(i + 1) * num_steps]


def main(data_dir):
    raw = [(7 * k) % 23 for k in range(40)]
    x, y = windows.window_producer(raw, 2, 3)
    u, v = windows.window_producer(raw[5:], 3, 2)
    w = Batcher(2).windows(raw, 2)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        names = sorted(op.name for op in sess.graph.get_operations() if op.name.endswith('step'))
        for _ in range(8):
            xv, yv, uv, vv = sess.run([x, y, u, v])
            batches.append([xv.tolist(), yv.tolist()])
            batches.append([uv.tolist(), vv.tolist()])
        try:
            while True:
                batches.append([sess.run(w).tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError %s' % names
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
