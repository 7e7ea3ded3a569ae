"""start_queue_runners() with no arguments under the default session; CSV shuffled over four threads."""

import tensorflow.compat.v1 as tf


def main(data_dir):
    files = tf.gfile.Glob(data_dir + "/table-*.csv")
    filename_queue = tf.train.string_input_producer(sorted(files), num_epochs=1)
    reader = tf.TextLineReader(skip_header_lines=1)
    _, row = reader.read(filename_queue)
    a, b, label = tf.decode_csv(row, record_defaults=[[0], [0.0], [0]])
    rows, labels = tf.train.shuffle_batch([tf.stack([tf.cast(a, tf.float32), b]), label], batch_size=10,
                                          capacity=60, min_after_dequeue=20, num_threads=4,
                                          allow_smaller_final_batch=True)
    out = []
    sess = tf.Session()
    with sess.as_default():
        tf.local_variables_initializer().run()
        tf.train.start_queue_runners()
        try:
            while True:
                x, y = sess.run([rows, labels])
                out.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
    sess.close()
    return {"batches": out, "end": end}
