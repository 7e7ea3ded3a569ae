"""The "read a CSV with queues" tutorial shape: TextLineReader skipping the header, `decode_csv` with
`record_defaults`, `shuffle_batch` with `min_after_dequeue` and several threads; flags on a module-level object;
`import tensorflow as tf` with `tf.compat.v1.*` calls."""

import os

import tensorflow as tf


class FLAGS:
    batch_size = 32
    num_epochs = 4
    num_threads = 3
    min_after_dequeue = 64


def read_my_file_format(filename_queue):
    reader = tf.compat.v1.TextLineReader(skip_header_lines=1)
    _, value = reader.read(filename_queue)
    record_defaults = [[0], [0.0], [0]]
    col_a, col_b, label = tf.compat.v1.decode_csv(value, record_defaults=record_defaults)
    features = tf.stack([tf.cast(col_a, tf.float32), col_b])
    return features, label


def input_pipeline(filenames, batch_size, num_epochs=None):
    filename_queue = tf.compat.v1.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=True,
                                                              seed=7)
    example, label = read_my_file_format(filename_queue)
    min_after_dequeue = FLAGS.min_after_dequeue
    capacity = min_after_dequeue + 3 * batch_size
    example_batch, label_batch = tf.compat.v1.train.shuffle_batch(
        [example, label], batch_size=batch_size, capacity=capacity, min_after_dequeue=min_after_dequeue,
        num_threads=FLAGS.num_threads, seed=11, allow_smaller_final_batch=True)
    return example_batch, label_batch


def main(data_dir):
    files = [os.path.join(data_dir, "table-%d.csv" % i) for i in range(3)]
    example_batch, label_batch = input_pipeline(files, FLAGS.batch_size, FLAGS.num_epochs)
    centred = example_batch - tf.reduce_mean(example_batch, axis=0, keepdims=True)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        end = None
        try:
            while True:
                feats, labels, _ = sess.run([example_batch, label_batch, centred])
                batches.append([feats.tolist(), labels.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
