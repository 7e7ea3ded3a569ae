"""Everything inline in one function: the filename FIFOQueue with its runner, a TFRecord reader, and a hand-built
RandomShuffleQueue (two threads) whose shapes come from a local of its tensors' static shapes: every example once, in batches of four."""
import os

import tensorflow.compat.v1 as tf


def write_records(paths):
    os.makedirs(os.path.dirname(paths[0]), exist_ok=True)
    for f, path in enumerate(paths):
        with tf.io.TFRecordWriter(path) as w:
            for i in range(8):
                ex = tf.train.Example(features=tf.train.Features(feature={
                    "x": tf.train.Feature(int64_list=tf.train.Int64List(value=[f * 8 + i])),
                    "y": tf.train.Feature(int64_list=tf.train.Int64List(value=[(f * 8 + i) % 3]))}))
                w.write(ex.SerializeToString())


def main(data_dir):
    paths = [os.path.join(data_dir, "g3_inline", "r%d.tfrecord" % f) for f in range(2)]
    write_records(paths)
    names = tf.convert_to_tensor(paths, dtype=tf.string)
    q = tf.FIFOQueue(capacity=6, dtypes=tf.string)
    enq = q.enqueue_many([tf.train.limit_epochs(names, num_epochs=1)])
    tf.train.add_queue_runner(tf.train.QueueRunner(q, [enq] * 1))
    _, serialized = tf.TFRecordReader().read(q)
    feats = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([], tf.int64),
                                                 "y": tf.FixedLenFeature([], tf.int64)})
    x, y = feats["x"], feats["y"]
    shapes = [x.get_shape(), y.get_shape()]
    sq = tf.RandomShuffleQueue(capacity=16, min_after_dequeue=3, dtypes=[tf.int64, tf.int64], shapes=shapes, seed=11)
    op = sq.enqueue([x, y])
    tf.train.add_queue_runner(tf.train.QueueRunner(sq, [op] * 2))
    xs, ys = sq.dequeue_many(4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([xs, ys])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
