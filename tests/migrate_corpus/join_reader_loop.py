"""The several-readers form written as a loop: `examples = []`, one reader per pass (`for i in range(k)`,
inline reader), `examples.append(...)`, then shuffle_batch_join."""

import tensorflow.compat.v1 as tf

NUM_READERS = 2


def inputs(files, batch_size):
    with tf.name_scope("readers"):
        filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        examples = []
        for _ in range(NUM_READERS):
            _, serialized = tf.TFRecordReader().read(filename_queue)
            features = tf.parse_single_example(serialized, features={
                "x": tf.FixedLenFeature([3], tf.float32),
                "label": tf.FixedLenFeature([], tf.int64)})
            examples.append([features["x"] + 1.0, features["label"]])
        xs, labels = tf.train.shuffle_batch_join(examples, batch_size=batch_size, capacity=60,
                                                 min_after_dequeue=10, allow_smaller_final_batch=True)
    return xs, labels


def main(data_dir):
    xs, labels = inputs(sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord")), 12)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                a, b = sess.run([xs, labels])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
