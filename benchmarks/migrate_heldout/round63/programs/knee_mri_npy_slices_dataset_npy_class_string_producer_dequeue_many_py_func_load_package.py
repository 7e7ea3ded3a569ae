"""Knee MRI slices saved as .npy (one per slice) read through a DataSetNPY class."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from knee63_lib.dataset_npy import DataSetNPY


def _write_slices(root):
    rng = np.random.RandomState(63)
    os.makedirs(os.path.join(root, 'images'), exist_ok=True)
    os.makedirs(os.path.join(root, 'labels'), exist_ok=True)
    names = []
    for i in range(12):
        name = 'knee%02d_slice%02d' % (i // 4, i % 4)
        np.save(os.path.join(root, 'images', name + '.npy'), rng.randint(0, 255, size=(4, 4)).astype(np.int16))
        np.save(os.path.join(root, 'labels', name + '.npy'), np.array([i % 3], dtype=np.int16))
        names.append(name)
    return names


def main(data_dir):
    root = os.path.join(data_dir, 'h63_knee_mri_npy_slices_dataset_npy_class_string_producer_dequeue_many_py_func_load_package')
    names = _write_slices(root)
    dataset = DataSetNPY(names,
                         imageBaseString=os.path.join(root, 'images') + '/',
                         imageBatchDims=(-1, 4, 4, 1),
                         labelBaseString=os.path.join(root, 'labels') + '/',
                         batchSize=4)
    imageBatch, labelBatch = dataset.GetBatchOperations()
    out = []
    end = None
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                ims, lbs = sess.run([imageBatch, labelBatch])
                out.append([ims.tolist(), lbs.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': out, 'end': end}
