"""CSV lines through a TextLineReader (header skipped), batched, read in a MonitoredSession loop."""

import tensorflow.compat.v1 as tf


def main(data_dir):
    files = sorted(tf.io.gfile.glob(data_dir + "/table-*.csv"))
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    line_reader = tf.TextLineReader(skip_header_lines=1)
    _, csv_row = line_reader.read(filename_queue)
    a, b, label = tf.decode_csv(csv_row, record_defaults=[[0], [0.0], [0]])
    features = tf.stack([tf.cast(a, tf.float32), b])
    feature_batch, label_batch = tf.train.batch([features, label], batch_size=12, allow_smaller_final_batch=True)
    out = []
    with tf.train.MonitoredSession() as sess:
        while not sess.should_stop():
            f, l = sess.run([feature_batch, label_batch])
            out.append([f.tolist(), l.tolist()])
    return {"batches": out, "end": "should_stop"}
