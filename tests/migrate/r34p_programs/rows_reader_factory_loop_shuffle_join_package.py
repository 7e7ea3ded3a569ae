"""`reader = readers.reader()` (a function returning the class), then one `reader(10).pull(queue)` per thread
appended in a loop, into `shuffle_batch_join`; `from tensorflow.compat.v1 import train` spelling."""
import os

import tensorflow.compat.v1 as tf

from r34p_rows import pipeline


def write(data_dir):
    root = os.path.join(data_dir, "r34p_rows")
    os.makedirs(root, exist_ok=True)
    paths = []
    for shard in range(3):
        p = os.path.join(root, "rows-%d.tfrecord" % shard)
        with tf.io.TFRecordWriter(p) as w:
            for i in range(4):
                ex = tf.train.Example(features=tf.train.Features(feature={
                    "x": tf.train.Feature(int64_list=tf.train.Int64List(value=[shard * 4 + i])),
                    "y": tf.train.Feature(float_list=tf.train.FloatList(value=[shard, i * 0.25]))}))
                w.write(ex.SerializeToString())
        paths.append(p)
    return paths


def main(data_dir):
    x, y = pipeline.row_batches(write(data_dir))
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        end = None
        try:
            while True:
                a, b = sess.run([x, y])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "done"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
