"""The filename queue's `size()` logged by `tf.summary.scalar` in a helper, beside a histogram of the batch;
`merge_all()` run with the batch at each step and written by a `FileWriter`."""

import glob
import os

import tensorflow.compat.v1 as tf


def pipeline(files):
    with tf.name_scope("input"):
        files_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False, capacity=4)
        tf.summary.scalar("files_queued", files_queue.size())
        _, serialized = tf.TFRecordReader().read(files_queue)
        parsed = tf.parse_single_example(serialized, {"label": tf.FixedLenFeature([], tf.int64)})
        labels = tf.train.batch([parsed["label"]], batch_size=16, allow_smaller_final_batch=True)
        tf.summary.histogram("labels", labels)
    return labels


def main(data_dir):
    labels = pipeline(sorted(glob.glob(os.path.join(data_dir, "records-*.tfrecord"))))
    merged = tf.summary.merge_all()
    batches, end = [], None
    with tf.Session() as sess:
        writer = tf.summary.FileWriter(os.path.join(data_dir, "r15a_size_logs"))
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        step = 0
        try:
            while True:
                summary, got = sess.run([merged, labels])
                writer.add_summary(summary, step)
                batches.append(got.tolist())
                step += 1
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
            writer.close()
    return {"batches": batches, "end": end}
