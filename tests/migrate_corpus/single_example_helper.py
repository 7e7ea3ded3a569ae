"""A helper that makes its own producer from file names and returns one decoded example; the caller
shuffles with capacity = min_after_dequeue + 3 * batch_size."""

import tensorflow.compat.v1 as tf


def read_and_decode_single_example(filenames, num_epochs):
    # a queue of file names, then a reader over it
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs)
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(
        serialized_example,
        features={
            "label": tf.FixedLenFeature([], tf.int64),
            "x": tf.FixedLenFeature([3], tf.float32),
        })
    label = features["label"]
    image = features["x"]
    return label, image


def main(data_dir):
    filenames = tf.gfile.Glob(data_dir + "/records-*.tfrecord")
    label, image = read_and_decode_single_example(filenames, 1)
    batch_size = 16
    min_after_dequeue = 30
    images_batch, labels_batch = tf.train.shuffle_batch(
        [image, label], batch_size=batch_size,
        capacity=min_after_dequeue + 3 * batch_size,
        min_after_dequeue=min_after_dequeue, allow_smaller_final_batch=True)
    sess = tf.Session()
    sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    out = []
    try:
        while not coord.should_stop():
            labels, images = sess.run([labels_batch, images_batch])
            out.append([images.tolist(), labels.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": out, "end": end}
