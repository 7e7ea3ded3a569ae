"""Pinecone scale images (2x2 RGB binaries with a label byte) through a framework-style
`tfm_image_processor.py`: an abstract `ImagePreprocessor` with `get_batch_input_tensors` / `preprocess_fn`, a
dataset-specific subclass choosing `num_readers` by mode, `name_scope('batch_processing')`, one reader per
preprocess thread and `batch_join`."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from pinecone75.tfm_image_processor import ConePreprocessor


class ConeDataset(object):
    def __init__(self, data_dir, subset):
        self.data_dir = data_dir
        self.subset = subset

    def data_files(self):
        files = sorted(tf.gfile.Glob(os.path.join(self.data_dir, '%s_batch_*.bin' % self.subset)))
        return files or None


def main(data_dir):
    root = os.path.join(data_dir, 'h75_pinecone')
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(23)
    n = 0
    for b in range(3):
        with open(os.path.join(root, 'train_batch_%d.bin' % b), 'wb') as f:
            for _ in range(4):
                f.write(bytes([n % 5]) + rng.randint(0, 256, 12).astype(np.uint8).tobytes())
                n += 1
    processor = ConePreprocessor('train', ConeDataset(root, 'train'), image_size=2, batch_size=4,
                                 num_preprocess_threads=2)
    images, labels = processor.get_batch_input_tensors()
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                im, lab = sess.run([images, labels])
                batches.append([np.round(im, 2).tolist(), lab.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "scale images: %d" % (4 * len(batches))}
