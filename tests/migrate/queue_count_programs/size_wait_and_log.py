"""A prefetch queue of parsed examples whose fill the program waits for and logs (stdlib logging, an inline
`sess.run(queue.size())`), read by `dequeue_up_to` until its runner closes it."""
import logging
import os
import time

import tensorflow.compat.v1 as tf

CAPACITY = 6


def main(data_dir):
    files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in (0, 1)]
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    parsed = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                  "label": tf.FixedLenFeature([], tf.int64)})
    queue = tf.FIFOQueue(CAPACITY, [tf.float32, tf.int64], shapes=[[3], []])
    enqueue_op = queue.enqueue([parsed["x"], parsed["label"]])
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue_op]))
    size = queue.size()
    x_batch, label_batch = queue.dequeue_up_to(4)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        while sess.run(size) < CAPACITY:
            time.sleep(0.005)
        logging.info("prefetched %d examples", sess.run(queue.size()))
        try:
            while True:
                x, label = sess.run([x_batch, label_batch])
                batches.append([x.tolist(), label.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
