"""A reader helper with more parameters than the queue (sizes, a scale), called with keywords."""

import tensorflow.compat.v1 as tf


def read_example(filename_queue, width, scale=1.0):
    reader = tf.TFRecordReader()
    _, example = reader.read(filename_queue)
    parsed = tf.parse_single_example(example, {"x": tf.FixedLenFeature([width], tf.float32),
                                               "label": tf.FixedLenFeature([], tf.int64)})
    return parsed["x"] * scale, parsed["label"]


def build(data_dir, batch_size):
    files = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    with tf.variable_scope("inputs"):
        queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    x, label = read_example(queue, width=3, scale=0.5)
    return tf.train.batch([x, label], batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    x, label = build(data_dir, 25)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([x, label])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
