"""A reader helper under a `name_scope` returns `[x, label]`; its caller keeps the list whole
(`example = read_record(queue)`) and hands it to `tf.train.batch` as the tensor list; one reader, no shuffle:
exact."""

import os

import tensorflow.compat.v1 as tf


def read_record(filename_queue):
    with tf.name_scope("read_record"):
        reader = tf.TFRecordReader()
        _, serialized = reader.read(filename_queue)
        features = tf.parse_single_example(serialized, {
            "x": tf.FixedLenFeature([3], tf.float32),
            "label": tf.FixedLenFeature([], tf.int64),
        })
        x = features["x"] * 2.0
        return [x, features["label"]]


def inputs(data_dir, batch_size):
    files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(2)]
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    example = read_record(filename_queue)
    return tf.train.batch(example, batch_size=batch_size)


def main(data_dir):
    x_batch, label_batch = inputs(data_dir, 7)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                x, label = sess.run([x_batch, label_batch])
                batches.append([x.tolist(), label.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
