from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import numpy as np
import tensorflow.compat.v1 as tf

from reef45_lib import image_processing
from reef45_lib.reef_data import ReefData, build_shards


class FLAGS(object):
    batch_size = 4
    num_preprocess_threads = 2
    num_readers = 2
    input_queue_memory_factor = 1


def distorted_inputs(dataset, batch_size=None, num_preprocess_threads=None):
    if not batch_size:
        batch_size = FLAGS.batch_size

    # Force all input processing onto CPU in order to reserve the GPU for
    # the forward inference and back-propagation.
    with tf.device('/cpu:0'):
        processing = image_processing.NetInputProcessing(
            batch_size, num_preprocess_threads or FLAGS.num_preprocess_threads,
            input_size=(4, 4, 3), num_readers=FLAGS.num_readers,
            input_queue_memory_factor=FLAGS.input_queue_memory_factor,
            examples_per_shard=4, seed=4504)
        images, labels, sites = processing.batch_inputs(
            dataset.data_files(), train=True, num_epochs=1)
    return images, labels, sites


def main(data_dir):
    reef_dir = os.path.join(data_dir, 'h45_reef_survey')
    build_shards(reef_dir)
    dataset = ReefData(subset='train', data_dir=reef_dir)

    images, labels, sites = distorted_inputs(dataset)
    cover = tf.reduce_mean(images, axis=[1, 2])  # mean colour per photo

    init = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    sess = tf.Session(config=tf.ConfigProto(log_device_placement=False))
    sess.run(init)
    tf.train.start_queue_runners(sess=sess)

    batches = []
    step = 0
    while True:
        try:
            cover_v, labels_v, sites_v = sess.run([cover, labels, sites])
        except tf.errors.OutOfRangeError:
            break
        step += 1
        batches.append([np.round(cover_v.astype(np.float64), 4).tolist(), labels_v.tolist(),
                        [s.decode() for s in sites_v]])
    sess.close()
    return {"batches": batches, "end": "photos: %d" % (step * FLAGS.batch_size)}
