"""A class whose method binds `serialized` twice: the reader's record, then, after the batch, a Python string
kept on `self`; and `features` as a Python dict before the parse binds it (make_data's TFRecords)."""

import os

from tensorflow.compat import v1 as tf


class Records(object):
    def __init__(self, files, batch_size):
        features = {"x": tf.FixedLenFeature([3], tf.float32), "label": tf.FixedLenFeature([], tf.int64)}
        spec = dict(features)
        queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        _, serialized = tf.TFRecordReader().read(queue)
        features = tf.parse_single_example(serialized, spec)
        self.batch = tf.train.batch([features["x"], features["label"]], batch_size=batch_size,
                                    allow_smaller_final_batch=True)
        serialized = "%d files" % len(files)
        self.about = serialized


def main(data_dir):
    records = Records([os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(2)], 8)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run(records.batch)
                batches.append([x.tolist(), y.tolist(), records.about])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
