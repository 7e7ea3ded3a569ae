"""A reader class: the caller method makes the file queue, the reading method batches with a batch chosen by
the split; two caller methods run both arms (train shuffled, eval in order, its queue made in the call)."""
import os

import tensorflow.compat.v1 as tf


class Reader:
    def __init__(self, data_dir, width):
        self.data_dir = data_dir
        self.width = width

    def _read_and_decode(self, split_name, filename_queue, batch_size, min_queue_examples):
        reader = tf.TextLineReader()
        _, line = reader.read(filename_queue)
        row = tf.strings.to_number(tf.strings.split([line], ',').values, tf.int64)
        row = tf.reshape(row, [self.width])
        if split_name == 'train':
            rows, totals = tf.train.shuffle_batch(
                [row, tf.reduce_sum(row)], batch_size=batch_size,
                capacity=min_queue_examples + 3 * batch_size, num_threads=2,
                min_after_dequeue=min_queue_examples)
        else:
            rows, totals = tf.train.batch([row, tf.reduce_sum(row)], batch_size=batch_size,
                                          capacity=min_queue_examples + 3 * batch_size)
        return rows, totals

    def next_batch(self, split_name, batch_size, min_queue_examples=4, num_epochs=1):
        path = os.path.join(self.data_dir, 'r42f_%s.csv' % split_name)
        filename_queue = tf.train.string_input_producer([path], num_epochs=num_epochs, shuffle=False)
        return self._read_and_decode(split_name, filename_queue, batch_size, min_queue_examples)

    def eval_batch(self, batch_size):
        path = os.path.join(self.data_dir, 'r42f_eval.csv')
        return self._read_and_decode('eval', tf.train.string_input_producer([path], num_epochs=1, shuffle=False),
                                     batch_size, 2)


def write(path, n, start):
    with open(path, 'w') as f:
        for i in range(n):
            f.write('%d,%d,%d\n' % (start + i, 10 * (start + i), -i))


def drain(sess, op):
    out = []
    try:
        while True:
            rows, totals = sess.run(op)
            out.append([rows.tolist(), totals.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    return out


def main(data_dir):
    write(os.path.join(data_dir, 'r42f_train.csv'), 8, 0)
    write(os.path.join(data_dir, 'r42f_eval.csv'), 6, 100)
    reader = Reader(data_dir, 3)
    train = reader.next_batch('train', 2, num_epochs=2)
    evals = reader.eval_batch(3)
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        batches = drain(sess, evals)
        train_batches = drain(sess, train)
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "train": train_batches,
            "end": "rows %d" % sum(len(b[1]) for b in batches + train_batches)}
