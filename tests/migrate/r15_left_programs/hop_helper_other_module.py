"""Sliding windows read by a helper of another module (header, footer, a hop shorter than the record) over
streams of several lengths, one too short for any window; `import tensorflow as tf`."""

import tensorflow as tf

from r15l_lib import windows


def main(data_dir):
    queue = tf.compat.v1.train.string_input_producer(windows.write_streams(data_dir), num_epochs=1, shuffle=False)
    inputs, target = windows.read_window(queue)
    xs, ys = tf.compat.v1.train.batch([inputs, target], batch_size=3, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([xs, ys])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
