"""The "prefetch input data" pattern (k readers' enqueue ops into a RandomShuffleQueue, one QueueRunner) whose
fill a summary records and whose size the program logs (`tf.logging`) and waits on before it starts."""
import os
import time

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def main(data_dir):
    files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(3)]
    filename_queue = train.string_input_producer(files, num_epochs=1, shuffle=False)
    examples_queue = tf.RandomShuffleQueue(capacity=40, min_after_dequeue=10, dtypes=[tf.string], seed=3)
    enqueue_ops = []
    for _ in range(2):
        reader = tf.TFRecordReader()
        _, value = reader.read(filename_queue)
        enqueue_ops.append(examples_queue.enqueue([value]))
    train.queue_runner.add_queue_runner(train.queue_runner.QueueRunner(examples_queue, enqueue_ops))
    tf.summary.scalar("queue/%s/fill" % examples_queue.name, examples_queue.size())
    serialized = examples_queue.dequeue()
    label = tf.parse_single_example(serialized, {"label": tf.FixedLenFeature([], tf.int64)})["label"]
    labels = train.batch([label], batch_size=8, allow_smaller_final_batch=True)
    queued = examples_queue.size()

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        while sess.run(queued) < 10:
            tf.logging.info("waiting: %d queued", sess.run(queued))
            time.sleep(0.005)
        try:
            while True:
                batches.append([sess.run(labels).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
