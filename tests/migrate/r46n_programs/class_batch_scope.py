"""A class: the method makes the file queue and the reader outside any scope, then decodes and batches in one
`name_scope` block that holds more than the batch (the capacity, a shape set). 10 rows in batches of 5."""

import os

import tensorflow.compat.v1 as tf


class Loader(object):
    def __init__(self, folder, batch_size):
        self.folder = folder
        self.batch_size = batch_size

    def write(self):
        os.makedirs(self.folder, exist_ok=True)
        path = os.path.join(self.folder, "rows.txt")
        with open(path, "w") as out:
            for k in range(10):
                out.write("%d %d %d\n" % (k, k + 1, k * 2))
        return path

    def batches(self):
        path = self.write()
        file_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
        _, line = tf.TextLineReader().read(file_queue)
        with tf.name_scope("decode_and_batch"):
            capacity = 4 * self.batch_size
            values = tf.strings.to_number(tf.string_split([line], " ").values, tf.int32)
            values.set_shape([3])
            return tf.train.batch([values], batch_size=self.batch_size, capacity=capacity)


def main(data_dir):
    rows = Loader(os.path.join(data_dir, "r46n_class"), 5).batches()
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out.append([sess.run(rows).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
