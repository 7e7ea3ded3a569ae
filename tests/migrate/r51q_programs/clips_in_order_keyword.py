"""The clip helper imported by name, its flag by keyword (in order)."""
import os

import tensorflow.compat.v1 as tf

from r51q_lib.clips import get_clips, write_clips


def main(data_dir):
    root = os.path.join(data_dir, 'r51q_clips_b')
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'lane.tfrecords')
    write_clips(path, 8, 50)
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    clips, throws = get_clips(filename_queue, batch_size=4, shuffle=False)
    batches = []
    with tf.Session().as_default() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord, sess=sess)
        try:
            while True:
                c, t = sess.run([clips, throws])
                batches.append([t.tolist(), c.reshape(len(t), -1).sum(axis=1).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
