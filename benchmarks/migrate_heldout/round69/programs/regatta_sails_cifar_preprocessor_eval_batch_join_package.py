# Regatta sail-class recognition, after hareltake/ReactCNN `reactcnn-backend/tfm_image_processor.py`: an abstract
# `ImagePreprocessor(mode, dataset, image_size, batch_size, num_preprocess_threads=4, num_readers=None)` and a
# CIFAR-style subclass whose `get_batch_input_tensors()` builds the filename queue by mode, an examples queue
# (RandomShuffleQueue / FIFOQueue, used only with several readers), one parse per preprocessing thread into
# `batch_join`, a cast / reshape / summary after the batch. Evaluated in 'eval' mode: one reader, four threads.
import os

import numpy as np
import tensorflow.compat.v1 as tf

from regatta69_cnn.dataset import RegattaData
from regatta69_cnn.tfm_image_processor import RegattaPreprocessor

IMAGE_SIZE = 4


def _write_shards(data_dir):
    rng = np.random.RandomState(69)
    n = 0
    for shard in range(2):
        with tf.python_io.TFRecordWriter(os.path.join(data_dir, 'validation-%05d-of-00002' % shard)) as w:
            for _ in range(6):
                img = rng.randint(0, 256, size=(3, IMAGE_SIZE, IMAGE_SIZE)).astype(np.uint8)
                w.write(tf.train.Example(features=tf.train.Features(feature={
                    'image': tf.train.Feature(bytes_list=tf.train.BytesList(value=[img.tobytes()])),
                    'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[n % 5])),
                })).SerializeToString())
                n += 1


def main(data_dir):
    out = os.path.join(data_dir, 'h69_regatta')
    os.makedirs(out, exist_ok=True)
    _write_shards(out)

    dataset = RegattaData(out, 'validation')
    processor = RegattaPreprocessor('eval', dataset, IMAGE_SIZE, batch_size=4)
    images, labels = processor.get_batch_input_tensors()

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for step in range(100):
                if coord.should_stop():
                    break
                im, lab = sess.run([images, labels])
                batches.append([np.round(im.sum(axis=(1, 2, 3)), 2).tolist(),
                                np.round(im[:, 0, 0, :], 2).tolist(), lab.tolist()])
        except tf.errors.OutOfRangeError:
            print('eval done')
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "sail photos: %d" % sum(len(b[2]) for b in batches)}
