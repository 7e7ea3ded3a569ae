"""Readers made by a module function given the comprehension's index as a keyword: it only names an op of the
per-record code; the function ends with an `if`/`else` of two returns."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def read_example(queue, idx, scale):
    reader = tf.TFRecordReader()
    _, serialized = reader.read(queue)
    feats = tf.parse_single_example(serialized, {"id": tf.FixedLenFeature([], tf.int64),
                                                 "v": tf.FixedLenFeature([], tf.float32)})
    value = tf.identity(feats["v"] * scale, name="value_%d" % idx)
    if scale > 1:
        return feats["id"], value
    else:
        return feats["id"], value - 1.0


def main(data_dir):
    folder = os.path.join(data_dir, "r44r_readings")
    os.makedirs(folder, exist_ok=True)
    files = []
    rng = np.random.RandomState(3)
    for shard in range(2):
        path = os.path.join(folder, "readings-%d.tfrecords" % shard)
        with tf.python_io.TFRecordWriter(path) as w:
            for i in range(6):
                ex = tf.train.Example(features=tf.train.Features(feature={
                    "id": tf.train.Feature(int64_list=tf.train.Int64List(value=[shard * 100 + i])),
                    "v": tf.train.Feature(float_list=tf.train.FloatList(value=[round(rng.uniform(0, 5), 2)])),
                }))
                w.write(ex.SerializeToString())
        files.append(path)
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=True, seed=5)
    examples = [read_example(queue, idx=i, scale=2) for i in range(2)]
    ids, values = tf.train.shuffle_batch_join(examples, batch_size=3, capacity=30, min_after_dequeue=5, seed=1)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                i, v = sess.run([ids, values])
                batches.append([i.tolist(), np.round(v.astype(np.float64), 3).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "readings: %d" % sum(len(b[0]) for b in batches)}
