"""The session context lives in another module (`r17_lib.session.QueueContext`); the pipeline here is a
TFRecord reader batched with a dict."""

import glob
import os

import tensorflow.compat.v1 as tf

from r17_lib.session import QueueContext


def records(paths):
    queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    _, serialized = tf.TFRecordReader().read(queue)
    parsed = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                  "label": tf.FixedLenFeature([], tf.int64)})
    return tf.train.batch({"x": parsed["x"], "label": parsed["label"]}, batch_size=6,
                          allow_smaller_final_batch=True)


def main(data_dir):
    batch = records(sorted(glob.glob(os.path.join(data_dir, "records-*.tfrecord"))))
    batches = []
    with QueueContext() as sess:
        while True:
            got = sess.run(batch)
            batches.append([got["label"].tolist(), got["x"].tolist()])
    return {"batches": batches, "end": "exhausted"}
