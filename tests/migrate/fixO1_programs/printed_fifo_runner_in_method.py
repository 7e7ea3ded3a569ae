"""A hand-built FIFOQueue fed by a QueueRunner, made in a class method that prints it (f-string) and logs it
through compat.v1's tf.logging before its dequeue_many."""
import numpy as np
import tensorflow.compat.v1 as tf


class Rows(object):
    def __init__(self, count):
        self.values = np.arange(count, dtype=np.int64) * 3

    def build(self, batch_size):
        producer = tf.train.input_producer(self.values, num_epochs=1, shuffle=False)
        one = producer.dequeue()
        queue = tf.FIFOQueue(capacity=20, dtypes=[tf.int64], shapes=[[]])
        print(f"queue: {queue}")
        tf.logging.info(queue)
        enqueue = queue.enqueue([one])
        tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue]))
        return queue.dequeue_many(batch_size)


def main(data_dir):
    rows = Rows(9).build(2)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append(sess.run(rows).tolist())
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
