"""Hand-pose input: Gaussian heatmaps made per example by a numpy function through py_func, inside a
shuffle_batch with three threads; two epochs of two shards, read to the end."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from handpose_lib.dataset import HandPoseInput, write_records


def main(data_dir):
    folder = os.path.join(data_dir, 'h24_handpose_pyfunc_heatmaps_shuffle_threads')
    os.makedirs(folder, exist_ok=True)
    files = []
    for shard in range(2):
        path = os.path.join(folder, 'hands-%d.tfrecord' % shard)
        write_records(path, count=4 + 2 * shard)
        files.append(path)
    images, heatmaps, visibility, hand_ids = HandPoseInput(files).batch()
    peaks = tf.argmax(tf.reshape(heatmaps, [-1, 3, 16]), axis=2)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        end = 'steps'
        try:
            while not coord.should_stop():
                im, hm, vis, ids, pk = sess.run([images, heatmaps, visibility, hand_ids, peaks])
                batches.append([ids.tolist(), [int(i.sum()) for i in im], vis.tolist(), pk.tolist(),
                                [round(float(np.sum(h)), 3) for h in hm]])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
