"""A prefetch queue filled by a QueueRunner with an explicit `close_op` and `cancel_op`, whose size the program
polls until the queue is full before it starts dequeuing (the queue-tutorial / `queue.size()` debugging shape),
reading with `dequeue_up_to` until the runner closes it."""
import os
import time

import tensorflow.compat.v1 as tf
from tensorflow.python.ops import data_flow_ops

CAPACITY = 10


def main(data_dir):
    files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in (0, 3)]
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, serialized = tf.TFRecordReader().read(filename_queue)
    parsed = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                  "label": tf.FixedLenFeature([], tf.int64)})
    queue = data_flow_ops.FIFOQueue(CAPACITY, [tf.float32, tf.int64], shapes=[[3], []], name="prefetch")
    enqueue_op = queue.enqueue([parsed["x"], parsed["label"]])
    runner = tf.train.QueueRunner(queue, [enqueue_op], close_op=queue.close(),
                                  cancel_op=queue.close(cancel_pending_enqueues=True))
    tf.train.add_queue_runner(runner)
    size = queue.size()
    x_batch, label_batch = queue.dequeue_up_to(8)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        while sess.run(size) < CAPACITY:
            time.sleep(0.01)
        batches.append(["size", int(sess.run(size))])
        try:
            while True:
                x, label = sess.run([x_batch, label_batch])
                batches.append([x.tolist(), label.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
