"""A FIFOQueue stage with names given by a literal ``**{...}``, a static method called through self; the order kept."""
import os

import tensorflow.compat.v1 as tf


class Rows(object):
    def __init__(self, path):
        self.path = path

    @staticmethod
    def _stage(inputs, capacity=8):
        names = list(inputs.keys())
        if len(names) > 1:
            dtypes = [inputs[n].dtype for n in names]
            shapes = [inputs[n].get_shape() for n in names]
        else:
            dtypes, shapes = [tf.int32], [[]]
        queue = tf.FIFOQueue(capacity, dtypes, **{'names': names, 'shapes': shapes})
        enqueue = queue.enqueue(inputs)
        tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue]))
        return queue.dequeue()

    def _read(self):
        files = tf.train.string_input_producer([self.path], num_epochs=2, shuffle=False)
        _, line = tf.TextLineReader().read(files)
        x, name = tf.decode_csv(line, record_defaults=[[0], ['']])
        return {'x': x, 'name': name}

    def batches(self, n):
        row = self._read()
        row = self._stage(row)
        return tf.train.batch(row, batch_size=n)


def main(data_dir):
    out_dir = os.path.join(data_dir, 'r28h_fifo_names_static_method')
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, 'rows.txt')
    with open(path, 'w') as f:
        for i in range(5):
            f.write('%d,n%d\n' % (i, i))
    batch = Rows(path).batches(4)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                got = sess.run(batch)
                out.append({'x': got['x'].tolist(), 'name': [s.decode() for s in got['name']]})
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': 'done'}
