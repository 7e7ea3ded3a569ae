"""A shelf class (package) whose reading method makes its producer under variable_scope + device blocks: 8
records in batches of 3, the last of 2 (allow_smaller_final_batch)."""
import os

import tensorflow.compat.v1 as tf

from l1_lib.shelf import RecordShelf, write_records


def main(data_dir):
    os.makedirs(os.path.join(data_dir, "l1_shelf"), exist_ok=True)
    path = write_records(os.path.join(data_dir, "l1_shelf", "a.tfrecord"), 8)
    shelf = RecordShelf([path], scope='stock')
    shelf.add_field('id', tf.FixedLenFeature([], tf.int64)).add_field('pair', tf.FixedLenFeature([2], tf.float32))
    batch = shelf.batches(3)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                b = sess.run(batch)
                batches.append([b['id'].tolist(), b['pair'].tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
