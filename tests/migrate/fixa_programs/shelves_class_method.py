"""Per-shelf readers as a class's method; the list made in the method that joins it."""
import os

import tensorflow.compat.v1 as tf


def shelf_reader(folder):
    names = [os.path.join(folder, n) for n in sorted(os.listdir(folder)) if n.endswith('.txt')]
    tf.logging.info('%d files', len(names))
    names = tf.constant(names)
    queue = tf.train.string_input_producer(names, num_epochs=1, shuffle=False)
    _, text = tf.WholeFileReader().read(queue)
    return tf.strings.to_number(text, tf.int32)


class Shelves(object):
    def __init__(self, root, batch_size):
        self.root = root
        self.batch_size = batch_size

    def batch(self):
        rows = []
        for k, shelf in enumerate(sorted(os.listdir(self.root))):
            value = shelf_reader(os.path.join(self.root, shelf))
            value = value * 10 + k
            rows.append([value, tf.constant(k)])
        return tf.train.batch_join(rows, self.batch_size)

    def _all_rows(self, scale):
        """The list made by another method, returned with the shelf count."""
        rows = []
        shelves = sorted(os.listdir(self.root))
        for k, shelf in enumerate(shelves):
            value = shelf_reader(os.path.join(self.root, shelf))
            rows.append([value * scale, tf.constant(-k)])
        return len(shelves), rows

    def scaled_batch(self):
        count, rows = self._all_rows(3)
        value, shelf = tf.train.batch_join(rows, self.batch_size)
        return count, value, shelf


def main(data_dir):
    root = os.path.join(data_dir, 'fixa_shelves')
    for s in range(3):
        os.makedirs(os.path.join(root, 's%d' % s), exist_ok=True)
        for i in range(2):
            with open(os.path.join(root, 's%d' % s, '%d.txt' % i), 'w') as f:
                f.write(str(100 * s + i))
    shelves = Shelves(root, 2)
    value, shelf = shelves.batch()
    count, scaled, neg = shelves.scaled_batch()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([t.tolist() for t in sess.run([value, shelf])])
        except tf.errors.OutOfRangeError:
            pass
        try:
            while True:
                a, b = sess.run([scaled, neg])
                batches.append([a.tolist(), b.tolist(), [count] * len(b)])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
