"""Checks between two choices of one flag (`if training:` picks the file producer, then the examples queue),
k readers or one reader read directly, and copies of decode + distort whose per-element `image` is also the
name of the join's batch, read by the `return` after it. Run for training and for evaluation."""

import tensorflow.compat.v1 as tf


def decode(serialized):
    parsed = tf.parse_single_example(serialized, {
        "x": tf.FixedLenFeature([3], tf.float32),
        "label": tf.FixedLenFeature([], tf.int64)})
    return parsed["x"], parsed["label"]


def distort(image, copy):
    return image * 3.0 + tf.cast(copy, tf.float32) * 0.0


def make_batches(files, batch_size, training, threads=None, readers=2):
    if not files:
        raise ValueError("no record files given")
    if training:
        queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=True, seed=4)
    else:
        queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    if threads is None:
        threads = 3
    if readers < 1:
        raise ValueError("readers must be at least 1, got %d" % readers)
    if training:
        records = tf.RandomShuffleQueue(capacity=60, min_after_dequeue=20, dtypes=[tf.string], seed=5)
    else:
        records = tf.FIFOQueue(capacity=40, dtypes=[tf.string])
    if readers > 1:
        ops = []
        for _ in range(readers):
            reader = tf.TFRecordReader()
            _, one = reader.read(queue)
            ops.append(records.enqueue([one]))
        tf.train.add_queue_runner(tf.train.QueueRunner(records, ops))
        serialized = records.dequeue()
    else:
        _, serialized = tf.TFRecordReader().read(queue)
    pairs = []
    for copy in range(threads):
        image, label = decode(serialized)
        image = distort(image, copy)
        pairs.append([image, label])
    image, label = tf.train.batch_join(pairs, batch_size=batch_size, capacity=4 * batch_size,
                                       allow_smaller_final_batch=True)
    return image, label


def _drain(sess, tensors):
    out = []
    try:
        while True:
            images, labels = sess.run(tensors)
            out.append([images.tolist(), labels.tolist()])
    except tf.errors.OutOfRangeError:
        return out


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    train = make_batches(files, 16, training=True)
    held = make_batches(files, 10, training=False, readers=1)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        batches = _drain(sess, train) + _drain(sess, held)
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
