"""A CSV reader with skip_header_lines, record_defaults in a variable, a fixed number of steps in a
`with tf.Session()` block, runners started with the default session."""

import tensorflow.compat.v1 as tf


def main(data_dir):
    filenames = [data_dir + "/table-0.csv", data_dir + "/table-1.csv", data_dir + "/table-2.csv"]
    filename_queue = tf.train.string_input_producer(filenames, shuffle=False)
    reader = tf.TextLineReader(skip_header_lines=1)
    key, value = reader.read(filename_queue)
    record_defaults = [[0], [0.0], [0]]
    col_a, col_b, label = tf.decode_csv(value, record_defaults=record_defaults)
    features = tf.stack([tf.cast(col_a, tf.float32), col_b])
    example_batch, label_batch = tf.train.batch([features, label], batch_size=9)
    out = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        for i in range(5):
            e_val, l_val = sess.run([example_batch, label_batch])
            out.append([e_val.tolist(), l_val.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "steps"}
