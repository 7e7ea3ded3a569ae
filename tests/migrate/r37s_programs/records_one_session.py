"""One Session and one Coordinator for all groups; in each turn a producer over two TFRecord files, a TFRecordReader whose key is
kept, and five `sess.run`s (two records a file: the fifth wraps to the first file again)."""
import os

import tensorflow.compat.v1 as tf


def write(folder):
    groups = []
    for g in range(2):
        files = []
        for f in range(2):
            path = os.path.join(folder, "group%d-part%d.tfrecord" % (g, f))
            with tf.io.TFRecordWriter(path) as w:
                for r in range(2):
                    ex = tf.train.Example(features=tf.train.Features(feature={
                        "v": tf.train.Feature(int64_list=tf.train.Int64List(value=[g * 100 + f * 10 + r]))}))
                    w.write(ex.SerializeToString())
            files.append(path)
        groups.append(files)
    return groups


def main(data_dir):
    folder = os.path.join(data_dir, "r37s_records")
    os.makedirs(folder, exist_ok=True)
    groups = write(folder)
    batches = []
    sess = tf.Session()
    coord = tf.train.Coordinator()
    threads = []
    for files in groups:
        queue = tf.train.string_input_producer(files, shuffle=False)
        key, serialized = tf.TFRecordReader().read(queue)
        v = tf.parse_single_example(serialized, {"v": tf.FixedLenFeature([], tf.int64)})["v"]
        sess.run(tf.global_variables_initializer())
        threads += tf.train.start_queue_runners(sess=sess, coord=coord)  # this turn's runner (the last still run)
        for _ in range(5):
            k, got = sess.run([key, v])
            batches.append([[os.path.basename(k.decode())], [int(got)]])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "records: %d" % len(batches)}
