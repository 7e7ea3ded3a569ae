"""``tensorflow.python.training``'s ``queue_runner_impl.start_queue_runners`` and ``coordinator.Coordinator``,
the loop under ``with coord.stop_on_exception():`` (which ends quietly at the end of the data), then
``coord.join(threads)``."""
import tensorflow.compat.v1 as tf
from tensorflow.python.training import coordinator
from tensorflow.python.training import queue_runner_impl


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, serialized = tf.TFRecordReader().read(queue)
    example = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                   "label": tf.FixedLenFeature([], tf.int64)})
    xs, ys = tf.train.batch([example["x"], example["label"]], batch_size=9, allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = coordinator.Coordinator()
        threads = queue_runner_impl.start_queue_runners(sess=sess, coord=coord)
        with coord.stop_on_exception():
            while not coord.should_stop():
                x, y = sess.run([xs, ys])
                batches.append([x.tolist(), y.tolist()])
        coord.join(threads)
    return {"batches": batches, "end": None}
