"""Two readers read in the join's own block (no helpers, readers made inline), one list a literal `[x, label]`
in the call, the other a tuple bound to a name first; `batch_join` (two threads, one per list); batch sizes and
sorted rows."""

import os

import tensorflow.compat.v1 as tf


def main(data_dir):
    records = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(2)]
    tables = [os.path.join(data_dir, "table-%d.csv" % i) for i in range(2)]
    q_records = tf.train.string_input_producer(records, num_epochs=1, shuffle=False)
    _, serialized = tf.TFRecordReader().read(q_records)
    parsed = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                  "label": tf.FixedLenFeature([], tf.int64)})
    x_record = parsed["x"][2]
    q_tables = tf.train.string_input_producer(tables, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader(skip_header_lines=1).read(q_tables)
    a, b, label = tf.decode_csv(line, record_defaults=[[0.0], [0.0], [0]])
    row_example = (a * b, tf.cast(label, tf.int64))
    x_batch, label_batch = tf.train.batch_join([[x_record, parsed["label"]], row_example], batch_size=10)
    sizes, rows, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                x, y = sess.run([x_batch, label_batch])
                sizes.append(len(y))
                rows.extend(zip(x.tolist(), y.tolist()))
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": [sizes, sorted(rows)], "end": end}
