"""A FIFOQueue of parsed examples with ``shapes``, its enqueue op made inside the runner
(``QueueRunner(queue, [queue.enqueue([...])] * NUM_THREADS)``), names imported from ``tensorflow.compat.v1``
(``from tensorflow.compat.v1 import train``), read by ``dequeue_many`` in a MonitoredSession loop."""

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

NUM_THREADS = 3


def examples(files, batch_size):
    producer = train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, value = tf.TFRecordReader().read(producer)
    parsed = tf.parse_single_example(value, {"x": tf.FixedLenFeature([3], tf.float32),
                                             "label": tf.FixedLenFeature([], tf.int64)})
    queue = tf.FIFOQueue(capacity=50, dtypes=[tf.float32, tf.int64], shapes=[[3], []])
    train.add_queue_runner(train.QueueRunner(queue, [queue.enqueue([parsed["x"] * 2.0, parsed["label"]])] * NUM_THREADS))
    xs, ys = queue.dequeue_many(batch_size)
    return xs, ys


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    xs, ys = examples(files, 10)  # 180 records: no short tail, whose rows would depend on the threads
    batches = []
    with train.MonitoredSession() as sess:
        while not sess.should_stop():
            a, b = sess.run([xs, ys])
            batches.append([a.tolist(), b.tolist()])
    return {"batches": batches, "end": "OutOfRangeError"}
