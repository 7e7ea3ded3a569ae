"""A text file read through TensorFlow's own modules: the producer and batch from `tensorflow.python.training`,
the coordinator and runners from its internal modules in two import forms; the plumbing goes, so its imports
must go too (and only those: an import the program never used stays)."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.python.ops import io_ops, string_ops
from tensorflow.python.training import coordinator, queue_runner_impl
from tensorflow.python.training import input as tf_input
import tensorflow.python.training.queue_runner as qr_lib
from tensorflow.compat.v1.train import Coordinator  # unused as written: the program's own, it stays


def write(data_dir):
    path = os.path.join(data_dir, "r19f_imports.txt")
    with open(path, "w") as f:
        f.write("".join("line %d\n" % n for n in range(11)))
    return path


def lines(path):
    queue = tf_input.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = io_ops.TextLineReader().read(queue)
    return tf_input.batch([string_ops.string_length(line)], batch_size=4, allow_smaller_final_batch=True)


def main(data_dir):
    sizes = lines(write(data_dir))
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = coordinator.Coordinator()
        threads = qr_lib.start_queue_runners(sess, coord)
        queue_runner_impl.start_queue_runners(sess=sess, coord=coord, start=False)
        try:
            while True:
                batches.append(sess.run(sizes).tolist())
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
