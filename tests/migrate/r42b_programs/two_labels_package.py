"""Two label names: the helper's list is [pixels, count, flag]; read in order."""
import os

import tensorflow.compat.v1 as tf

from r42b_lib.records import read_batch, read_example, write_records

NAMES = ['count', 'flag']


def main(data_dir):
    root = os.path.join(data_dir, 'r42b_two')
    os.makedirs(root, exist_ok=True)
    filename = os.path.join(root, 'two.tfrecords')
    write_records(filename, [([i, i + 1, i + 2], [i * 3, i % 2]) for i in range(10)], NAMES)

    pixels, labels = read_example(filename, NAMES, num_epochs=1)
    pixel_batch, count_batch, flag_batch = read_batch(pixels, labels, 4, shuffle=False, capacity=16)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                p, c, f = sess.run([pixel_batch, count_batch, flag_batch])
                batches.append([p.tolist(), c.tolist(), f.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
