"""One source made before `if build_windows:`; one arm windows each record with a py_func and shuffles the
windows (enqueue_many=True), the other batches the records as they are. Both arms run, each in its graph."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def windows(feature, label, width):
    rows = [feature[i:i + width] for i in range(0, feature.shape[0] - width + 1, 2)]
    return [np.array(rows, np.float32), np.array([label] * len(rows), np.int32)]


def write_calls(path):
    with tf.io.TFRecordWriter(path) as writer:
        for call in range(4):
            values = [call + k / 10.0 for k in range(8)]
            example = tf.train.Example(features=tf.train.Features(feature={
                "feature": tf.train.Feature(float_list=tf.train.FloatList(value=values)),
                "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[call])),
            }))
            writer.write(example.SerializeToString())


def inputs(files, build_windows, batch_size):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, serialized = tf.TFRecordReader().read(queue)
    example = tf.parse_single_example(serialized, features={
        "feature": tf.FixedLenFeature([8], tf.float32),
        "label": tf.FixedLenFeature([], tf.int64)})
    feature = example["feature"] * 2.0
    label = tf.cast(example["label"], tf.int32)
    if build_windows:
        made = tf.py_func(windows, [feature, label, 4], [tf.float32, tf.int32])
        rows, labels = made[0], made[1]
        rows.set_shape([None, 4])
        labels.set_shape([None])
        x, y = tf.train.shuffle_batch([rows, labels], batch_size=batch_size, capacity=32,
                                      min_after_dequeue=4, enqueue_many=True, seed=5)
    else:
        x, y = tf.train.batch([feature, label], batch_size=batch_size, capacity=8)
    return x, y


def run(files, flag):
    out = []
    with tf.Graph().as_default():
        x, y = inputs(files, flag, 2)
        with tf.Session() as sess:
            sess.run(tf.local_variables_initializer())
            coord = tf.train.Coordinator()
            threads = tf.train.start_queue_runners(sess=sess, coord=coord)
            try:
                while True:
                    a, b = sess.run([x, y])
                    out.append([np.round(a, 3).tolist(), b.tolist()])
            except tf.errors.OutOfRangeError:
                pass
            finally:
                coord.request_stop()
            coord.join(threads)
    return out


def main(data_dir):
    os.makedirs(os.path.join(data_dir, "fc5_w"), exist_ok=True)
    path = os.path.join(data_dir, "fc5_w", "calls.tfrecords")
    write_calls(path)
    return {"batches": run([path], True) + run([path], False), "end": "OutOfRangeError"}
