"""A parallel reader of this module, called once: its body in ``with tf.name_scope('reads'):``, the queue a
conditional expression on a module flag, the value alone enqueued, ``dequeue(name=...)`` returned."""
import os

import tensorflow.compat.v1 as tf

from r48t_lib.parallel_reader import write_shards

SHUFFLE = False


def read_records(files, shuffle, num_readers=2):
    with tf.name_scope('reads'):
        filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=shuffle)
        queue = tf.RandomShuffleQueue(capacity=12, min_after_dequeue=3, dtypes=[tf.string]) if shuffle \
            else tf.FIFOQueue(capacity=12, dtypes=[tf.string])
        ops = []
        for _ in range(num_readers):
            _, value = tf.TFRecordReader().read(filename_queue)
            ops.append(queue.enqueue([value]))
        tf.train.add_queue_runner(tf.train.QueueRunner(queue, ops))
        return queue.dequeue(name='record')


def main(data_dir):
    folder = os.path.join(data_dir, "r48t_same_module")
    os.makedirs(folder, exist_ok=True)
    data = read_records(write_shards(folder), SHUFFLE)
    example = tf.parse_single_example(data, {"sale/id": tf.FixedLenFeature([], tf.int64)})
    ids = tf.train.batch([example["sale/id"]], batch_size=4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([sess.run(ids).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
