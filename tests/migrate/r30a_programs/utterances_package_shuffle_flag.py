"""The speech tutorial's shape across a package: ``inputs(split, dir, batch_size, shuffle=False)`` makes the
producer (its ``shuffle`` a parameter) and returns the batch of a helper handed the queue; this module calls
``inputs`` and densifies the SparseTensor labels after it."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

import r30a_lib


def _write(path, count, seed):
    rng = np.random.RandomState(seed)
    with tf.io.TFRecordWriter(path) as w:
        for _ in range(count):
            t = rng.randint(1, 4)
            frames = [tf.train.Feature(float_list=tf.train.FloatList(value=np.round(rng.randn(2), 3)))
                      for _ in range(t)]
            label = rng.randint(0, 9, rng.randint(1, 4)).tolist()
            ex = tf.train.SequenceExample(
                context=tf.train.Features(feature={
                    "label": tf.train.Feature(int64_list=tf.train.Int64List(value=label)),
                    "n": tf.train.Feature(int64_list=tf.train.Int64List(value=[t]))}),
                feature_lists=tf.train.FeatureLists(feature_list={"frames": tf.train.FeatureList(feature=frames)}))
            w.write(ex.SerializeToString())


def main(data_dir):
    root = os.path.join(data_dir, "r30a_utterances")
    os.makedirs(root, exist_ok=True)
    _write(os.path.join(root, "train-0.tfrecords"), 5, 1)
    _write(os.path.join(root, "train-1.tfrecords"), 4, 2)
    frames, labels, n = r30a_lib.inputs("train", root, batch_size=2, shuffle=False)
    dense = tf.sparse_tensor_to_dense(labels, default_value=-1)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                f, sp, d, k = sess.run([frames, labels, dense, n])
                batches.append([np.round(f, 3).tolist(), sp.indices.tolist(), sp.values.tolist(),
                                sp.dense_shape.tolist(), d.tolist(), k.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
