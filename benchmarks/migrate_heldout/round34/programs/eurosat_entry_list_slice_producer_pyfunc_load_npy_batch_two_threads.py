"""Satellite tiles listed in an entry file (path label), sliced, loaded from .npy by a py_func, two batching threads."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def _load_npy(filepath):
    file_path_abs = str(filepath, encoding="utf-8")
    data = np.load(file_path_abs)
    data = np.float32(np.reshape(data, data.shape))
    return data


def parse_from_text(entry_path):
    paths, labels = [], []
    with open(entry_path) as f:
        for line in f:
            p, l = line.split()
            paths.append(p)
            labels.append(int(l))
    return paths, labels


def load_npy(entry_path, batch_size, shuffle=False):
    paths, labels = parse_from_text(entry_path)
    tf_inputs = [tf.convert_to_tensor(paths, tf.string), tf.convert_to_tensor(labels, tf.int32)]
    tf_input = tf.train.slice_input_producer(tf_inputs, shuffle=shuffle, num_epochs=1)
    content = tf.py_func(_load_npy, [tf_input[0]], tf.float32)
    content = tf.reshape(content, [2, 2, 4])
    return tf.train.batch([content, tf_input[1]], batch_size=batch_size, capacity=16, num_threads=2)


def main(data_dir):
    root = os.path.join(data_dir, "h34_eurosat")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(11)
    with open(os.path.join(root, "train.txt"), "w") as f:
        for i in range(12):
            p = os.path.join(root, "tile_%02d.npy" % i)
            tile = rng.rand(2, 2, 4).round(3)
            tile[0, 0, 0] = i
            np.save(p, tile)
            f.write("%s %d\n" % (p, i % 10))
    tiles, labels = load_npy(os.path.join(root, "train.txt"), batch_size=4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                t, l = sess.run([tiles, labels])
                batches.append([np.round(t, 3).tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "eurosat tiles: %d" % (4 * len(batches))}
