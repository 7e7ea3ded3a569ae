"""maybe_shuffle_batch with a keep_input predicate: only even labels are kept."""

import tensorflow.compat.v1 as tf


def read_record(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    features = tf.parse_single_example(serialized, features={
        "x": tf.FixedLenFeature([3], tf.float32),
        "label": tf.FixedLenFeature([], tf.int64),
    })
    return features["x"], features["label"]


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    x, label = read_record(queue)
    keep = tf.equal(label % 2, 0)
    xs, labels = tf.train.maybe_shuffle_batch([x, label], batch_size=10, capacity=60, min_after_dequeue=20,
                                              keep_input=keep, seed=3, allow_smaller_final_batch=True)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                a, b = sess.run([xs, labels])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
