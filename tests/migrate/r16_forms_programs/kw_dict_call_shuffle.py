"""TFRecords shuffled in batches whose settings are a `dict(...)` assigned once in `main` and passed as
`**batch_kwargs`; the reader is a helper of the same module."""

import tensorflow.compat.v1 as tf


def read_example(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    parsed = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                  "label": tf.FixedLenFeature([], tf.int64)})
    return parsed["x"], parsed["label"]


def main(data_dir):
    files = tf.gfile.Glob(data_dir + "/records-*.tfrecord")
    filename_queue = tf.train.string_input_producer(sorted(files), num_epochs=1, shuffle=False)
    x, label = read_example(filename_queue)
    batch_kwargs = dict(batch_size=8, capacity=50, min_after_dequeue=10, num_threads=2, seed=3,
                        allow_smaller_final_batch=True)
    xs, labels = tf.train.shuffle_batch([x, label], **batch_kwargs)
    sizes, rows, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                a, b = sess.run([xs, labels])
                sizes.append(len(b))
                rows += [[r.tolist(), int(l)] for r, l in zip(a, b)]
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": [sorted(sizes), sorted(rows)], "end": end}
