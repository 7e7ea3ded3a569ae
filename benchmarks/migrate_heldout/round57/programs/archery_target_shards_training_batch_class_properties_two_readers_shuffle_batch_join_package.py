import os
import numpy as np
import tensorflow.compat.v1 as tf

from arch57_lib import target_input

BATCH_SIZE = 4


def score(training_batch):
    # total of the rings hit by the three arrows of each end
    return tf.reduce_sum(training_batch.ring_indices, axis=1)


def main(data_dir):
    data_dir = os.path.join(data_dir, 'h57_archery_targets')
    target_input.write_tf_record(data_dir)
    training_batch = target_input.distorted_inputs(data_dir, BATCH_SIZE)
    total = score(training_batch)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                images, arrows, rings, t = sess.run([training_batch.images, training_batch.arrows,
                                                     training_batch.ring_indices, total])
                batches.append([np.round(images.astype(np.float64), 4).tolist(),
                                np.round(arrows.astype(np.float64), 2).tolist(), rings.tolist(), t.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "ends: %d" % sum(len(b[2]) for b in batches)}
