"""A reader class whose method makes a RandomShuffleQueue of file names by keyword, fills it by two threads of
``enqueue_many(limit_epochs(constant(...)))`` (one tensor, no list) registered by ``add_queue_runner``, with the
runner's own close ops written out, and reads fixed-length records."""

import os
import struct

import tensorflow.compat.v1 as tf


class Records(object):
    def __init__(self, paths, epochs):
        self.paths = paths
        self.epochs = epochs

    def inputs(self, batch_size):
        file_queue = tf.RandomShuffleQueue(capacity=16, min_after_dequeue=0, dtypes=tf.string, seed=11)
        enqueue = file_queue.enqueue_many(tf.train.limit_epochs(tf.constant(self.paths), num_epochs=self.epochs))
        tf.train.add_queue_runner(tf.train.QueueRunner(
            file_queue, [enqueue] * 2, close_op=file_queue.close(),
            cancel_op=file_queue.close(cancel_pending_enqueues=True)))
        reader = tf.FixedLengthRecordReader(record_bytes=4)
        _, value = reader.read(file_queue)
        number = tf.reshape(tf.decode_raw(value, tf.int32), [])
        return tf.train.batch([number, number * 2], batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    folder = os.path.join(data_dir, "r24a_shuffled_in_a_method")
    os.makedirs(folder, exist_ok=True)
    paths = []
    for i in range(4):
        paths.append(os.path.join(folder, "rec-%d.bin" % i))
        with open(paths[-1], "wb") as f:
            f.write(struct.pack("<2i", i * 7, i * 7 + 1))
    numbers, doubled = Records(paths, 2).inputs(3)
    batches, end = [], "steps"
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                a, b = sess.run([numbers, doubled])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
