"""Frame features saved with np.save, loaded by a py_func (no static shape), whose rows are produced by
tf.train.input_producer(element_shape=...), split into features and label, batched in order."""
import os

import numpy as np
import tensorflow as tf

NUM_FEATS = 5


def write_data(root):
    os.makedirs(root, exist_ok=True)
    table = np.zeros((14, NUM_FEATS + 1), np.float32)
    for i in range(14):
        table[i, :NUM_FEATS] = [i + 0.5 * k for k in range(NUM_FEATS)]
        table[i, NUM_FEATS] = i % 4
    path = os.path.join(root, 'mfcc_frames.npy')
    np.save(path, table)
    return path


def _load_npy(path):
    return np.load(path.decode('utf-8')).astype(np.float32)


def frame_inputs(npy_path, batch_size, num_epochs=1):
    table = tf.compat.v1.py_func(_load_npy, [tf.constant(npy_path)], tf.float32, stateful=False)
    rows = tf.compat.v1.train.input_producer(
        table, element_shape=tf.TensorShape([NUM_FEATS + 1]), num_epochs=num_epochs,
        shuffle=False, capacity=16, name='frame_producer')
    row = rows.dequeue()
    feats, label = tf.split(row, [NUM_FEATS, 1])
    label = tf.cast(tf.squeeze(label, axis=0), tf.int32)
    return tf.compat.v1.train.batch([feats, label], batch_size=batch_size,
                                    allow_smaller_final_batch=True, name='frame_batch')


def main(data_dir):
    path = write_data(os.path.join(data_dir, 'h25_speechfeat_pyfunc_input_producer_element_shape'))
    feats, labels = frame_inputs(path, batch_size=4)
    energy = tf.reduce_sum(feats, axis=1)

    batches, end = [], None
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            f, l, e = sess.run([feats, labels, energy])
            batches.append([f.tolist(), l.tolist(), e.tolist()])
    except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError'
    finally:
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return {'batches': batches, 'end': end}
