"""The clip helper of another module, its flag given by position (shuffled: compared as a multiset)."""
import os

import tensorflow as tf

from r51q_lib import clips as clip_lib


def main(data_dir):
    root = os.path.join(data_dir, 'r51q_clips_a')
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'lane.tfrecords')
    clip_lib.write_clips(path, 8, 0)
    queue = tf.compat.v1.train.string_input_producer([path], num_epochs=1)
    clips, throws = clip_lib.get_clips(queue, 2, True)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess, coord)
        try:
            while True:
                c, t = sess.run([clips, throws])
                batches.append([t.tolist(), c.reshape(len(t), -1).sum(axis=1).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
