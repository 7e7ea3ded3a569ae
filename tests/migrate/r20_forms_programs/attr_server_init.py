"""A batch server: the file queue and the reader kept on `self` and read in `__init__`, the batch too; the
session and the runners in other methods (round 20's BatchServer, on make_data's TFRecords)."""

import os

import tensorflow as tf

if int(tf.__version__.split(".")[0]) >= 2:
    tf = tf.compat.v1


class Server(object):
    def __init__(self, files, batch_size):
        self._queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        self._reader = tf.TFRecordReader()
        _, serialized = self._reader.read(self._queue)
        ex = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                  "label": tf.FixedLenFeature([], tf.int64)})
        self.batch = tf.train.batch([ex["x"], ex["label"] * 2], batch_size=batch_size,
                                    allow_smaller_final_batch=True)

    def start(self):
        self.sess = tf.Session()
        self.sess.run(tf.local_variables_initializer())
        self.coord = tf.train.Coordinator()
        self.threads = tf.train.start_queue_runners(sess=self.sess, coord=self.coord)

    def next(self):
        return self.sess.run(self.batch)

    def stop(self):
        self.coord.request_stop()
        self.coord.join(self.threads)
        self.sess.close()


def main(data_dir):
    server = Server([os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(2)], 5)
    server.start()
    batches, end = [], None
    try:
        while True:
            try:
                x, y = server.next()
            except tf.errors.OutOfRangeError:
                end = "OutOfRangeError"
                break
            batches.append([x.tolist(), y.tolist()])
    finally:
        server.stop()
    return {"batches": batches, "end": end}
