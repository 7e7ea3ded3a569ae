"""`import tensorflow.compat.v1 as tf1`: a class reads with a method of its own, `k` calls of it on one file
queue, and an early return chooses `tf1.train.shuffle_batch_join` or `tf1.train.batch_join` of the list;
run with shuffling, the short final batch kept (the same name `records` is used in another function)."""

import tensorflow.compat.v1 as tf1


class Records(object):
    def __init__(self, files, readers=4):
        self.files = files
        self.readers = readers

    def _read(self, queue):
        _, value = tf1.TFRecordReader().read(queue)
        parsed = tf1.parse_single_example(value, {"x": tf1.FixedLenFeature([3], tf1.float32),
                                                  "label": tf1.FixedLenFeature([], tf1.int64)})
        return [parsed["x"] - 1.0, parsed["label"]]

    def batch(self, batch_size, shuffle):
        queue = tf1.train.string_input_producer(self.files, num_epochs=1, shuffle=shuffle, seed=2)
        records = [self._read(queue) for _ in range(self.readers)]
        if shuffle:
            return tf1.train.shuffle_batch_join(records, batch_size, capacity=80, min_after_dequeue=20,
                                                allow_smaller_final_batch=True)
        return tf1.train.batch_join(records, batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    records = Records(sorted(tf1.gfile.Glob(data_dir + "/records-*.tfrecord"))).batch(32, shuffle=True)
    batches, end = [], None
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, label = sess.run(records)
                batches.append([x.tolist(), label.tolist()])
        except tf1.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
