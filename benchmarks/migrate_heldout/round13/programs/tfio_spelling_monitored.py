"""TF 1.14/1.15-era spellings: `import tensorflow as tf`, parsing through `tf.io.*`, files from
`tf.io.gfile.glob`, queue functions through `tf.compat.v1.*`; a flat script-style body; a MonitoredSession
loop on `should_stop()`."""

import os

import tensorflow as tf


def main(data_dir):
    filenames = sorted(tf.io.gfile.glob(os.path.join(data_dir, "records-*.tfrecord")))
    filename_queue = tf.compat.v1.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    reader = tf.compat.v1.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.io.parse_single_example(
        serialized_example,
        features={
            "x": tf.io.FixedLenFeature([3], tf.float32),
            "label": tf.io.FixedLenFeature([], tf.int64),
        })
    x = features["x"]
    label = tf.cast(features["label"], tf.int32)
    x_batch, label_batch = tf.compat.v1.train.batch([x, label], batch_size=9, capacity=50,
                                                    allow_smaller_final_batch=True)

    batches = []
    with tf.compat.v1.train.MonitoredSession() as sess:
        while not sess.should_stop():
            x_v, label_v = sess.run([x_batch, label_batch])
            batches.append([x_v.tolist(), label_v.tolist()])
    return {"batches": batches, "end": "should_stop"}
