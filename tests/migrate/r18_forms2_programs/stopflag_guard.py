"""The loop runs inside `with coord.stop_on_exception():` (its OutOfRangeError a clean stop), and the program's
result says whether the coordinator stopped."""
import glob
import os

from tensorflow.compat import v1 as tf


def rows(paths):
    queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
    a, b, label = tf.decode_csv(line, record_defaults=[[0], [0.0], [0]])
    return tf.train.batch([a, b * 2.0, label], batch_size=7, allow_smaller_final_batch=True)


def main(data_dir):
    fetches = rows(sorted(glob.glob(os.path.join(data_dir, "table-*.csv"))))
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        with coord.stop_on_exception():
            while not coord.should_stop():
                a, b, label = sess.run(fetches)
                batches.append([a.tolist(), [round(float(v), 3) for v in b], label.tolist()])
        stopped = coord.should_stop()
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "stopped" if stopped else "running"}
