"""``import tensorflow as tf`` spelled ``tf.compat.v1``: the CIFAR-10 ``_generate_image_and_label_batch`` re-binding
``image, label`` to the batch under a name scope, called by a train input (``True``, positional: a multiset) and
an eval input (``False``: in order) over fixed-length records."""
import os

import numpy as np
import tensorflow as tf

RECORD = 1 + 6


def _write(data_dir, name, n, seed):
    rng = np.random.RandomState(seed)
    path = os.path.join(data_dir, "r32y_%s.bin" % name)
    with open(path, "wb") as out:
        for i in range(n):
            out.write(bytes([i % 10]) + rng.randint(0, 256, size=6).astype(np.uint8).tobytes())
    return path


def read_record(filename_queue):
    reader = tf.compat.v1.FixedLengthRecordReader(record_bytes=RECORD)
    _, value = reader.read(filename_queue)
    raw = tf.io.decode_raw(value, tf.uint8)
    label = tf.cast(raw[0], tf.int32)
    image = tf.reshape(tf.cast(raw[1:], tf.float32), [2, 3]) / 255.0
    return image, label


def _generate_image_and_label_batch(image, label, min_queue_examples, batch_size, shuffle):
    num_preprocess_threads = 4
    with tf.compat.v1.name_scope("batching"):
        if shuffle:
            image, label = tf.compat.v1.train.shuffle_batch(
                [image, label], batch_size=batch_size, num_threads=num_preprocess_threads,
                capacity=min_queue_examples + 3 * batch_size, min_after_dequeue=min_queue_examples)
        else:
            image, label = tf.compat.v1.train.batch(
                [image, label], batch_size=batch_size, num_threads=1,
                capacity=min_queue_examples + 3 * batch_size)
    return image, tf.reshape(label, [batch_size])


def distorted_inputs(path, batch_size):
    filename_queue = tf.compat.v1.train.string_input_producer([path], num_epochs=1)
    image, label = read_record(filename_queue)
    image = tf.image.flip_left_right(tf.expand_dims(image, -1))[:, :, 0]
    return _generate_image_and_label_batch(image, label, 5, batch_size, True)


def inputs(path, batch_size):
    filename_queue = tf.compat.v1.train.string_input_producer([path], num_epochs=1, shuffle=False)
    image, label = read_record(filename_queue)
    return _generate_image_and_label_batch(image, label, 5, batch_size, False)


def main(data_dir):
    train = distorted_inputs(_write(data_dir, "train", 12, 1), 4)
    test = inputs(_write(data_dir, "test", 8, 2), 4)
    batches, train_rows = [], []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                images, labels = sess.run(test)
                batches.append([images.tolist(), labels.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        try:
            while True:
                images, labels = sess.run(train)
                train_rows += [[x, y] for x, y in zip(images.tolist(), labels.tolist())]
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    batches.append([sorted(train_rows)])  # (the train batches as a multiset)
    return {"batches": batches, "end": end}
