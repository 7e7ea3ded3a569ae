"""Two file formats joined: a TFRecord helper and a CSV helper, each over its own file queue (shuffled, seeds),
the list written in the `shuffle_batch_join` call; batch sizes and sorted rows."""

import os

import tensorflow.compat.v1 as tf


def tfrecord_example(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    parsed = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                  "label": tf.FixedLenFeature([1], tf.int64)})
    return parsed["x"][:2], tf.cast(parsed["label"][0] % 5, tf.int32), tf.constant("tfrecord")


def csv_example(filename_queue):
    _, line = tf.TextLineReader(skip_header_lines=1).read(filename_queue)
    a, b, label = tf.decode_csv(line, record_defaults=[[0.0], [0.0], [0]])
    return tf.stack([a, b]), label, tf.constant("csv")


def main(data_dir):
    records = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(4)]
    tables = [os.path.join(data_dir, "table-%d.csv" % i) for i in range(3)]
    record_queue = tf.train.string_input_producer(records, num_epochs=1, shuffle=True, seed=1)
    table_queue = tf.train.string_input_producer(tables, num_epochs=1, shuffle=True, seed=2)
    features, labels, sources = tf.train.shuffle_batch_join(
        [tfrecord_example(record_queue), csv_example(table_queue)], batch_size=16, capacity=80, min_after_dequeue=20,
        allow_smaller_final_batch=True)
    sizes, rows, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                f, l, s = sess.run([features, labels, sources])
                sizes.append(len(l))
                rows.extend(zip(f.tolist(), l.tolist(), [x.decode() for x in s]))
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": [sizes, sorted(rows)], "end": end}
