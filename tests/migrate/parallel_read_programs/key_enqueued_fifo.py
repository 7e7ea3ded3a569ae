"""A TF1-style program (`import tensorflow as tf`, the v1 API by its path) whose readers' loop unpacks
`key, value`, enqueues both into a FIFOQueue made with keywords, and dequeues into `unused_key, record`."""
import os

import tensorflow as tf

NUM_READERS = 3


def build(data_dir, batch_size):
    files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(4)]
    file_queue = tf.compat.v1.train.string_input_producer(string_tensor=files, num_epochs=2, shuffle=False)
    examples = tf.compat.v1.FIFOQueue(capacity=30, dtypes=[tf.string, tf.string])
    ops = []
    for _ in range(NUM_READERS):
        key, value = tf.compat.v1.TFRecordReader().read(file_queue)
        ops.append(examples.enqueue([key, value]))
    tf.compat.v1.train.add_queue_runner(tf.compat.v1.train.QueueRunner(examples, ops))
    unused_key, record = examples.dequeue()
    label = tf.compat.v1.parse_single_example(record, {"label": tf.compat.v1.FixedLenFeature([], tf.int64)})["label"]
    return tf.compat.v1.train.batch([label * 3], batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    labels = build(data_dir, 4)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([sess.run(labels).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
