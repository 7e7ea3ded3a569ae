"""Two tensors made in a method, each wrapped by `limit_epochs` (imported as `limit`) with different counts
(5 and 4: legacy ends at the first counter at its limit); one batch of both, its remainder dropped."""

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1.train import limit_epochs as limit

EPOCHS = 5


class Constants(object):
    def __init__(self, scale):
        self.scale = scale

    def batches(self):
        row = tf.range(4) * self.scale
        total = tf.reduce_sum(row)
        row = limit(row, num_epochs=EPOCHS)
        total = limit(total, num_epochs=4)
        return tf.train.batch([row, total], batch_size=2)


def main(data_dir):
    rows, totals = Constants(3).batches()
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                r, t = sess.run([rows, totals])
                batches.append([r.tolist(), t.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
