"""MR-to-ultrasound slices cut into patches with extract_image_patches, batched with enqueue_many."""
import os

import tensorflow.compat.v1 as tf

from mrus_lib import inputs
from mrus_lib import tfrecord


def write_data(root):
    os.makedirs(root, exist_ok=True)
    paths = []
    for shard in range(2):
        pairs = []
        for k in range(2):
            base = (shard * 2 + k) * 100
            mr = [base + i for i in range(16)]
            us = [base + 2 * i + 1 for i in range(16)]
            pairs.append((mr, us))
        path = os.path.join(root, 'slices-%d.tfrecord.gz' % shard)
        tfrecord.write_records(path, pairs)
        paths.append(path)
    return paths


def main(data_dir):
    filenames = write_data(os.path.join(data_dir, 'h25_mri_us_patches_extract_enqueue_many'))
    model = inputs.Model(num_epochs=1, batch_size=4, patch_size=2, num_threads=1)
    mr_batch, us_batch = model.inputs(filenames)
    mr_mean = tf.reduce_mean(mr_batch, axis=[1, 2, 3])

    batches, end = [], None
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                mr, us, m = sess.run([mr_batch, us_batch, mr_mean])
                batches.append([mr.tolist(), us.tolist(), m.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
