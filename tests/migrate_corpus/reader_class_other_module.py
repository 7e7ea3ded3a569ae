"""A reader object of a class in another module, made inline at the call and passed to the function that makes
the producer and the batch; `import tensorflow as tf` with `tf.compat.v1` calls on both sides."""

import os as _os
import sys as _sys

_sys.path.insert(0, _os.path.dirname(_os.path.abspath(__file__)))

import tensorflow as tf

from class_readers.frames import FrameReader


def build_inputs(reader, pattern, batch_size):
    files = sorted(tf.io.gfile.glob(pattern))
    queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    x, label = reader.prepare(queue)
    return tf.compat.v1.train.batch([x, label], batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    xs, labels = build_inputs(FrameReader(scale=0.5), data_dir + "/records-*.tfrecord", 7)
    out = []
    end = None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                x, label = sess.run([xs, labels])
                out.append([x.tolist(), label.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
