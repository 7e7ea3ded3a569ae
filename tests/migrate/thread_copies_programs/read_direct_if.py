"""A reader's records read directly (no examples queue) by k copies of parse + distort whose loop index picks
the distortion in a Python `if`; `batch_join` keeps the short final batch; Coordinator loop."""

import tensorflow.compat.v1 as tf


def parse(serialized):
    features = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                    "label": tf.FixedLenFeature([], tf.int64)})
    return features["x"], features["label"]


def distort(x, label, thread_id):
    if thread_id % 2 == 1:
        x = tf.reverse(x, axis=[0])
    return x, label * 10 + thread_id


def inputs(files, batch_size, num_threads=3):
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    examples = []
    for thread_id in range(num_threads):
        x, label = parse(serialized)
        x, label = distort(x, label, thread_id)
        examples.append([x, label])
    return tf.train.batch_join(examples, batch_size=batch_size, capacity=4 * batch_size,
                               allow_smaller_final_batch=True)


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    x, label = inputs(files, 16)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                xs, labels = sess.run([x, label])
                batches.append([xs.tolist(), labels.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
