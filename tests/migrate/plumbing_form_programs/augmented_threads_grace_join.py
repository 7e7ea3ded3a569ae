"""``threads = []`` then ``threads += tf.train.start_queue_runners(...)``, joined with a grace period after a
``try/except OutOfRangeError/finally: coord.request_stop()`` loop (TFRecords, ``tensorflow.compat.v1``)."""
import tensorflow.compat.v1 as tf

SPEC = {"x": tf.FixedLenFeature([3], tf.float32), "label": tf.FixedLenFeature([], tf.int64)}


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, serialized = tf.TFRecordReader().read(queue)
    example = tf.parse_single_example(serialized, SPEC)
    xs, ys = tf.train.batch([example["x"], example["label"]], batch_size=7, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = []
        threads += tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                x, y = sess.run([xs, ys])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads, stop_grace_period_secs=10)
    return {"batches": batches, "end": end}
