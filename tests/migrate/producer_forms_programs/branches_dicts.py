"""Branches of dicts: a TFRecord helper returning a feature dict and a CSV line decoded in the join's block into a
dict literal of the same keys, joined by `shuffle_batch_join` (dict in, dict out); `label` popped after the batch;
batch sizes and sorted rows."""

import os

import tensorflow.compat.v1 as tf


def record_features(queue):
    _, serialized = tf.TFRecordReader().read(queue)
    features = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                    "label": tf.FixedLenFeature([], tf.int64)})
    return {"value": features["x"][0] + features["x"][1], "label": features["label"] % 3}


def main(data_dir):
    records = tf.train.string_input_producer(
        [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(4)], num_epochs=1, shuffle=False)
    tables = tf.train.string_input_producer(
        [os.path.join(data_dir, "table-%d.csv" % i) for i in range(3)], num_epochs=1, seed=5)
    _, line = tf.TextLineReader(skip_header_lines=1).read(tables)
    a, b, label = tf.decode_csv(line, record_defaults=[[0.0], [0.0], [0]])
    row = {"value": a - b, "label": tf.cast(label, tf.int64)}
    batch = tf.train.shuffle_batch_join([record_features(records), row], batch_size=25, capacity=75,
                                        min_after_dequeue=10, allow_smaller_final_batch=True)
    labels = batch.pop("label")
    sizes, rows, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                v, l = sess.run([batch["value"], labels])
                sizes.append(len(v))
                rows.extend(zip(v.tolist(), l.tolist()))
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": [sizes, sorted(rows)], "end": end}
