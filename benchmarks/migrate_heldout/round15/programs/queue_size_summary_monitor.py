"""Input pipeline monitored in TensorBoard: the filename queue's `size()` is logged by a `tf.summary.scalar`
next to the pipeline, all summaries (the batch queue's own fill summary included) are merged with
`merge_all()` and run at every step with the batch, and written by a `FileWriter`.
"""

import glob
import os

import tensorflow.compat.v1 as tf

BATCH_SIZE = 30


def parse_record(serialized):
    features = tf.parse_single_example(serialized, {
        "x": tf.FixedLenFeature([3], tf.float32),
        "label": tf.FixedLenFeature([], tf.int64),
    })
    return features["x"], features["label"]


def input_pipeline(files, batch_size, num_epochs=1):
    with tf.name_scope("input"):
        filename_queue = tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=False,
                                                        capacity=8)
        tf.summary.scalar("filename_queue_size", filename_queue.size())
        reader = tf.TFRecordReader()
        _, serialized = reader.read(filename_queue)
        x, label = parse_record(serialized)
        x_batch, label_batch = tf.train.batch([x, label], batch_size=batch_size, capacity=2 * batch_size,
                                              allow_smaller_final_batch=True)
        tf.summary.histogram("labels", label_batch)
    return x_batch, label_batch


def main(data_dir):
    log_dir = os.path.join(data_dir, "h15_queue_size_summary", "logs")
    os.makedirs(log_dir, exist_ok=True)
    files = sorted(glob.glob(os.path.join(data_dir, "records-*.tfrecord")))
    x_batch, label_batch = input_pipeline(files, BATCH_SIZE)
    merged = tf.summary.merge_all()
    batches, end = [], None
    with tf.Session() as sess:
        writer = tf.summary.FileWriter(log_dir)
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        step = 0
        try:
            while not coord.should_stop():
                summary, x, y = sess.run([merged, x_batch, label_batch])
                writer.add_summary(summary, step)
                batches.append([x.tolist(), y.tolist()])
                step += 1
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
            writer.close()
    return {"batches": batches, "end": end}
