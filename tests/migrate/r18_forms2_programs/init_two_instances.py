"""Two objects of one reader class (train and eval files), each batched once: each gets its own dataset. The
attribute name `queue` is reused by another class (a Python list) and `reader` by a local of the caller."""
import glob
import os

import tensorflow as tf

v1 = tf.compat.v1


class History(object):
    def __init__(self):
        self.queue = []

    def add(self, value):
        self.queue.append(value)
        return len(self.queue)


class Split(object):
    def __init__(self, files, epochs):
        self.queue = v1.train.string_input_producer(files, num_epochs=epochs, shuffle=False)
        self.reader = v1.TFRecordReader()

    def parsed(self):
        _, value = self.reader.read(self.queue)
        features = v1.parse_single_example(value, {"label": v1.FixedLenFeature([], tf.int64),
                                                   "x": v1.FixedLenFeature([3], tf.float32)})
        return [features["label"], features["x"][0]]


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, "records-*.tfrecord")))
    history = History()
    reader = "records"
    train_split = Split(files[:-1], 1)
    eval_split = Split(files[-1:], 2)
    train_batch = v1.train.batch(train_split.parsed(), batch_size=4, allow_smaller_final_batch=True)
    eval_batch = v1.train.batch(eval_split.parsed(), batch_size=3, allow_smaller_final_batch=True)
    batches = []
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        for fetch in (train_batch, eval_batch):
            try:
                while True:
                    labels, xs = sess.run(fetch)
                    history.add(len(labels))
                    batches.append([labels.tolist(), [round(float(v), 3) for v in xs]])
            except tf.errors.OutOfRangeError:
                pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": [reader, len(history.queue)]}
