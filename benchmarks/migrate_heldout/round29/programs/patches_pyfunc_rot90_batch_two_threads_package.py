"""Grey patches augmented in numpy by py_func inside an AugmentedInput class; train.batch on two threads."""
import os

import numpy as np
from tensorflow.compat import v1 as tf

from aug29_lib.config import AugConfig
from aug29_lib.pipeline import AugmentedInput


def main(data_dir):
    root = os.path.join(data_dir, 'h29_patches_pyfunc_rot90_batch_two_threads_package')
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'patches.npz')
    rng = np.random.RandomState(3)
    np.savez(path, patches=rng.randint(0, 9, size=(12, 3, 3)).astype(np.float32),
             labels=(np.arange(12) * 5 % 7).astype(np.int32))
    data = np.load(path)

    config = AugConfig()
    pipeline = AugmentedInput(config, data['patches'], data['labels'])
    patch_batch, label_batch = pipeline.inputs()

    batches = []
    sess = tf.Session()
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            p, l = sess.run([patch_batch, label_batch])
            batches.append({'patch': p.tolist(), 'label': l.tolist()})
    except tf.errors.OutOfRangeError:
        end = 'epochs done'
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': end}
