"""Round 26's shape: a file name dequeued from ``string_input_producer`` (no reader), the whole file loaded by a
py_func and its rows enqueued many at a time (``enqueue_many=True``), a smaller final batch kept."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

FEATURES = 3


def write_plates(root):
    os.makedirs(root, exist_ok=True)
    paths = []
    for plate in range(3):
        n = 4 + plate
        feats = np.array([[plate * 10 + w + f / 4.0 for f in range(FEATURES)] for w in range(n)], np.float32)
        labels = np.array([(plate + w) % 2 for w in range(n)], np.float32)
        path = os.path.join(root, "plate_%d.npy" % plate)
        np.save(path, np.concatenate([feats, labels[:, None]], axis=1))
        paths.append(path)
    return paths


def _load_plate(path):
    table = np.load(path.decode())
    return table[:, :FEATURES].astype(np.float32), table[:, FEATURES].astype(np.int32)


def plate_batches(paths, batch_size=4):
    filename_queue = tf.train.string_input_producer(paths, num_epochs=2, shuffle=False)
    filename = filename_queue.dequeue()
    feats, labels = tf.py_func(_load_plate, [filename], [tf.float32, tf.int32], stateful=False)
    feats.set_shape([None, FEATURES])
    labels.set_shape([None])
    return tf.train.batch([feats, labels], batch_size=batch_size, enqueue_many=True, capacity=20,
                          allow_smaller_final_batch=True)


def main(data_dir):
    paths = write_plates(os.path.join(data_dir, "r26a_cells"))
    feats, labels = plate_batches(paths)
    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess, coord)
    end = "running"
    while True:
        try:
            f, l = sess.run([feats, labels])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
            break
        batches.append([f.tolist(), l.tolist()])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}
