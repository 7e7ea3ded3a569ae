import os

import numpy as np
import tensorflow as tf

from astro58_lib import allsky_batch_producer as allsky
from astro58_lib.allsky_batch_producer import AllSkyBatchProducer


def main(data_dir):
    night_dir = os.path.join(data_dir, "h58_allsky")
    if not os.path.exists(night_dir):
        os.makedirs(night_dir)
    allsky.FLAGS = allsky.parse_flags(['--data_dir', night_dir])
    FLAGS = allsky.FLAGS
    allsky.write_frames(FLAGS.data_dir, FLAGS.train_file, 0, 12, 1)
    allsky.write_frames(FLAGS.data_dir, FLAGS.val_file, 100, 4, 2)
    allsky.write_frames(FLAGS.data_dir, FLAGS.test_file, 200, 4, 3)

    producer = AllSkyBatchProducer(FLAGS.data_dir, FLAGS.train_file, FLAGS.val_file, FLAGS.test_file)
    images, labels, frame_ids, moon = producer.get_train_batch_ops(
        batch_size=FLAGS.batch_size, capacity=40, num_threads=FLAGS.num_threads,
        min_after_dequeue=4, num_epochs=1, seed=58)
    brightness = tf.reduce_mean(images, axis=[1, 2, 3])

    out = []
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.global_variables_initializer())
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            im, lb, fid, mo, br = sess.run([images, labels, frame_ids, moon, brightness])
            out.append([im.tolist(), lb.tolist(), fid.tolist(), mo.tolist(), np.round(br, 5).tolist()])
    except tf.errors.OutOfRangeError:
        pass  # print('Done training -- epoch limit reached')
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": out, "end": "frames: %d" % sum(len(b[1]) for b in out)}
