"""Keyword arguments everywhere: read_and_decode(filename_queue=...), parse_single_example(serialized=...,
features=...), set_shape, batch(tensors=...)."""

import tensorflow.compat.v1 as tf

FEATURE_LEN = 3


def read_and_decode(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    features = tf.parse_single_example(serialized=serialized, features={
        "x": tf.FixedLenFeature([FEATURE_LEN], tf.float32),
        "label": tf.FixedLenFeature([], tf.int64)
    })
    flat = features["x"]
    label = features["label"]
    flat.set_shape([FEATURE_LEN])
    image = tf.reshape(flat, [1, FEATURE_LEN])
    return image, label


def input_producer(filenames, batch_size):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    image, label = read_and_decode(filename_queue=filename_queue)
    batch_images, batch_labels = tf.train.batch(tensors=[image, label], batch_size=batch_size,
                                                allow_smaller_final_batch=True)
    return batch_images, batch_labels


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    images, labels = input_producer(files, batch_size=25)
    out = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        try:
            while not coord.should_stop():
                a, b = sess.run([images, labels])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
