"""A Coordinator the program also uses as its own stop flag (``coord.request_stop()`` after some steps); the
name ``threads`` first the batch's thread count, then the runner threads (``threads = []``, ``threads +=``)."""
import tensorflow.compat.v1 as tf


def pipeline(data_dir, threads):
    files = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, serialized = tf.TFRecordReader().read(queue)
    example = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                   "label": tf.FixedLenFeature([], tf.int64)})
    return tf.train.batch([example["x"], example["label"]], batch_size=4, num_threads=threads)


def main(data_dir):
    threads = 1
    xs, ys = pipeline(data_dir, threads)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = []
        threads += tf.train.start_queue_runners(sess=sess, coord=coord)
        step = 0
        while not coord.should_stop():
            x, y = sess.run([xs, ys])
            batches.append([x.tolist(), y.tolist()])
            step += 1
            if step == 5:
                coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "stopped" if coord.should_stop() else None}
