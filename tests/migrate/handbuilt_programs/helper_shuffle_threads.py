"""A reader helper that takes the file queue (``read_and_decode``) fills a RandomShuffleQueue through a named
QueueRunner with two copies of its enqueue op; ``dequeue_many`` reads it (issue 17, hand-built queues)."""

import tensorflow.compat.v1 as tf

FEATURES = {"x": tf.FixedLenFeature([3], tf.float32), "label": tf.FixedLenFeature([], tf.int64)}


def read_and_decode(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    example = tf.parse_single_example(serialized, FEATURES)
    x = example["x"] * 2.0
    return x, tf.cast(example["label"], tf.int32)


def inputs(files, batch_size, num_epochs):
    filename_queue = tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=True, seed=3)
    x, label = read_and_decode(filename_queue)
    queue = tf.RandomShuffleQueue(capacity=120, min_after_dequeue=40, dtypes=[tf.float32, tf.int32],
                                  shapes=[[3], []], seed=7)
    enqueue_op = queue.enqueue([x, label])
    qr = tf.train.QueueRunner(queue, [enqueue_op] * 2)
    tf.train.add_queue_runner(qr)
    return queue.dequeue_many(batch_size)


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    xs, labels = inputs(files, 12, 2)  # 360 records: 30 batches, no short tail
    batches = []
    end = None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([xs, labels])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
