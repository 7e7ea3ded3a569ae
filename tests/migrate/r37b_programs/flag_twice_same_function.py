"""A batching function whose common queue is chosen by its ``shuffle`` parameter (``if shuffle:`` a
RandomShuffleQueue, else a FIFOQueue), filled by k readers' enqueue ops and a QueueRunner, called twice: shuffled
with three readers, in order with one. The in-order rows are compared exactly (in ``end``)."""
import json
import os

import tensorflow.compat.v1 as tf


def write(folder):
    paths = []
    for s in range(3):
        path = os.path.join(folder, "part-%d.tfrecords" % s)
        with tf.python_io.TFRecordWriter(path) as w:
            for i in range(4):
                w.write(("%d" % (s * 4 + i)).encode())
        paths.append(path)
    return paths


def inputs(files, shuffle, num_readers, batch_size):
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=shuffle)
    if shuffle:
        examples_queue = tf.RandomShuffleQueue(capacity=16, min_after_dequeue=4, dtypes=[tf.string])
    else:
        examples_queue = tf.FIFOQueue(capacity=16, dtypes=[tf.string])
    enqueue_ops = []
    for _ in range(num_readers):
        reader = tf.TFRecordReader()
        _, value = reader.read(filename_queue)
        enqueue_ops.append(examples_queue.enqueue([value]))
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(examples_queue, enqueue_ops))
    serialized = examples_queue.dequeue()
    number = tf.reshape(tf.strings.to_number(serialized, tf.int32), [])
    return tf.train.batch([number, number * 10], batch_size=batch_size)


def drain(sess, batch):
    out = []
    try:
        while True:
            a, b = sess.run(batch)
            out.append([a.tolist(), b.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    return out


def main(data_dir):
    folder = os.path.join(data_dir, "r37b_flag_twice")
    os.makedirs(folder, exist_ok=True)
    files = write(folder)
    mixed = inputs(files, True, 3, 4)
    ordered = inputs(files, False, 1, 3)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        batches = drain(sess, mixed)
        in_order = drain(sess, ordered)
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "in order: " + json.dumps(in_order)}
