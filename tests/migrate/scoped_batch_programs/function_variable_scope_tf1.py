"""TF1-style `import tensorflow as tf` (graph mode asked for): a module helper makes the file queue, the reader
and the decoded row; the caller shuffles them in a batch that sits alone under `tf.compat.v1.variable_scope`,
assigned, then returned. Two epochs of the CSV files: a shuffle, so compared as a multiset."""

import os

import tensorflow as tf

tf.compat.v1.disable_eager_execution()


def read_row(files, epochs):
    file_queue = tf.compat.v1.train.string_input_producer(files, num_epochs=epochs, shuffle=False)
    reader = tf.compat.v1.TextLineReader(skip_header_lines=1)
    _, line = reader.read(file_queue)
    a, b, label = tf.io.decode_csv(line, record_defaults=[[0.0], [0.0], [0]])
    return tf.stack([a, b]), label


def shuffled_rows(data_dir, batch_size):
    files = [os.path.join(data_dir, "table-%d.csv" % i) for i in range(3)]
    features, label = read_row(files, 2)
    with tf.compat.v1.variable_scope("shuffled"):
        features_batch, label_batch = tf.compat.v1.train.shuffle_batch(
            [features, label], batch_size, capacity=60, min_after_dequeue=20, seed=3,
            allow_smaller_final_batch=True)
    return features_batch, label_batch


def main(data_dir):
    features, label = shuffled_rows(data_dir, 16)
    out, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                f, l = sess.run([features, label])
                out.append([f.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
