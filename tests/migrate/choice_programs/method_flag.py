"""A method-call flag chooses slice_input_producer arguments; `from tensorflow.compat.v1 import train`."""

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


class Pairs(object):
    def __init__(self, mode):
        self.mode = mode

    def is_training(self):
        return self.mode == 'train'

    def batches(self, batch_size=5):
        a = tf.range(40)
        b = tf.range(40) * 3
        if self.is_training():
            x, y = train.slice_input_producer([a, b], shuffle=True, seed=2, num_epochs=1)
        else:
            x, y = train.slice_input_producer([a, b], shuffle=False, num_epochs=1)
        total = x + y
        return train.batch([x, total], batch_size)


def main(data_dir):
    fetches = [Pairs('eval').batches(), Pairs(mode='train').batches()]
    results, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for fetch in fetches:
            out = []
            try:
                while True:
                    out.append([v.tolist() for v in sess.run(fetch)])
            except tf.errors.OutOfRangeError:
                end = 'OutOfRangeError'
            results.append(out)
        coord.request_stop()
        coord.join(threads)
    rows = sorted(r for b in results[1] for r in zip(*b))
    return {'batches': results[0] + [[len(results[1]), rows]], 'end': end}
