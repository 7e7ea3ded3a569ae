"""A variable initialised from an array (`tf.compat.v1.Variable(array, trainable=False)`, set by the global
initializer), sliced in order with num_epochs=None and read for a fixed number of steps; `import tensorflow as
tf` with tf.compat.v1 spellings; a class holds the pipeline."""
import numpy as np
import tensorflow as tf


class Readings(object):
    def __init__(self, table, targets, batch_size):
        table_var = tf.compat.v1.Variable(table, trainable=False)
        targets_var = tf.compat.v1.Variable(targets, trainable=False, dtype=tf.float64)
        row, target = tf.compat.v1.train.slice_input_producer([table_var, targets_var], shuffle=False)
        self.rows, self.targets = tf.compat.v1.train.batch([row * 2, target], batch_size=batch_size)


def main(data_dir):
    table = np.arange(30, dtype=np.float32).reshape(10, 3)
    targets = np.arange(10) % 3
    readings = Readings(table, targets, 5)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.global_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        for step in range(6):
            r, t = sess.run([readings.rows, readings.targets])
            batches.append([r.tolist(), t.tolist(), str(t.dtype)])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "steps: %d" % len(batches)}
