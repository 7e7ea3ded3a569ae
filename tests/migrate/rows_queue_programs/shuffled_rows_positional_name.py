"""``from tensorflow.compat.v1 import train``: each record's vector split into its three entries (rows of one
record), enqueued many at a time into a RandomShuffleQueue by one runner; ``dequeue_many(n, name)`` with the name
positional, the whole batches only."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def entries(serialized):
    parsed = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                  "label": tf.FixedLenFeature([], tf.int64)})
    return parsed["x"], tf.fill([3], parsed["label"])


def main(data_dir):
    files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(4)]
    producer = train.string_input_producer(files, num_epochs=2, shuffle=False)
    _, record = tf.TFRecordReader().read(producer)
    values, labels = entries(record)
    shuffled = tf.RandomShuffleQueue(48, 12, [tf.float32, tf.int64], shapes=[[], []], seed=7)
    fill = shuffled.enqueue_many([values, labels])
    train.add_queue_runner(train.QueueRunner(shuffled, [fill]))
    xs, ys = shuffled.dequeue_many(8, "entry_batch")
    batches = []
    end = None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([xs, ys])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
