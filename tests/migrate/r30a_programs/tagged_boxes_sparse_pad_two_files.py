"""A helper handed the file queue reads, parses a VarLen tag list (a SparseTensor) and a VarLen box list made dense,
and batches both under ``dynamic_pad`` with ``allow_smaller_final_batch``; the caller makes the producer over two
files, two epochs, unshuffled, and computes on the batch after the call."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def _write(data_dir):
    paths = []
    for f in range(2):
        path = os.path.join(data_dir, "r30a_tags_%d.tfrecords" % f)
        with tf.io.TFRecordWriter(path) as w:
            for i in range(5):
                n = 1 + (i + f) % 3
                ex = tf.train.Example(features=tf.train.Features(feature={
                    "id": tf.train.Feature(int64_list=tf.train.Int64List(value=[f * 10 + i])),
                    "tags": tf.train.Feature(int64_list=tf.train.Int64List(value=list(range(i, i + n)))),
                    "box": tf.train.Feature(float_list=tf.train.FloatList(value=[0.5 * k for k in range(2 * n)])),
                }))
                w.write(ex.SerializeToString())
        paths.append(path)
    return paths


def read_batches(filename_queue, batch_size):
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    parsed = tf.parse_single_example(serialized, features={
        "id": tf.FixedLenFeature([], tf.int64),
        "tags": tf.VarLenFeature(tf.int64),
        "box": tf.VarLenFeature(tf.float32)})
    box = tf.reshape(parsed["box"].values, [-1, 2])
    ids, tags, boxes = tf.train.batch([parsed["id"], parsed["tags"], box], batch_size=batch_size,
                                      dynamic_pad=True, allow_smaller_final_batch=True)
    return ids, tags, tf.reduce_sum(boxes, axis=[1, 2])


def main(data_dir):
    paths = _write(data_dir)
    queue = tf.train.string_input_producer(paths, num_epochs=2, shuffle=False)
    ids, tags, sums = read_batches(queue, 3)
    dense = tf.sparse.to_dense(tags, default_value=-1)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                i, t, d, s = sess.run([ids, tags, dense, sums])
                batches.append([i.tolist(), t.indices.tolist(), t.values.tolist(), t.dense_shape.tolist(),
                                d.tolist(), np.round(s, 3).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
