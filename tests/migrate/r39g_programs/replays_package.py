"""ZLIB replays read by another module's helper (``read(queue=..., name=...)``), many positions per record,
re-batched by ``shuffle_batch(enqueue_many=True)``; the file names from ``matching_files``."""
import os

import tensorflow.compat.v1 as tf

from r39g_lib import replays


def main(data_dir):
    folder = os.path.join(data_dir, 'r39g_replays')
    total = replays.write_replays(folder)
    files = tf.matching_files(os.path.join(folder, '*.tfrecords'))
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=True, seed=3)
    moves, turn = replays.read_positions(filename_queue)
    move_batch, turn_batch = tf.train.shuffle_batch([moves, turn], batch_size=4, capacity=32,
                                                    min_after_dequeue=4, enqueue_many=True, seed=5)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                m, t = sess.run([move_batch, turn_batch])
                batches.append([m.tolist(), t.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': 'positions %d of %d' % (sum(len(b[0]) for b in batches), total)}
