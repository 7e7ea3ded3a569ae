"""A prefetch FIFOQueue of the internal modules (``queue_runner_impl as qri``) whose runner is given its own close
and cancelling close by position and ``(OutOfRangeError,)``, registered to the QUEUE_RUNNERS collection;
then ``train.batch(shapes=...)`` of tensors with no static shape."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.python.ops import data_flow_ops
from tensorflow.python.training import queue_runner_impl as qri


def write(folder):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "values.txt")
    with open(path, "w") as f:
        f.write("".join("%d,%d,%d\n" % (k, k * 3, k % 2) for k in range(9)))
    return path


def prefetched(path):
    files = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(files)
    fields = tf.strings.to_number(tf.strings.split([line], ",").values, tf.float32)
    label = tf.cast(fields[-1], tf.int64)
    buffer = data_flow_ops.FIFOQueue(8, [tf.float32, tf.int64])
    put = buffer.enqueue((fields[:2], label))
    runner = qri.QueueRunner(buffer, [put], buffer.close(), buffer.close(True),
                             queue_closed_exception_types=(tf.errors.OutOfRangeError,))
    tf.add_to_collection(tf.GraphKeys.QUEUE_RUNNERS, runner)
    return buffer.dequeue()


def main(data_dir):
    features, label = prefetched(write(os.path.join(data_dir, "r24a_prefetch_positional")))
    xb, yb = tf.train.batch([features, label], 4, shapes=[[2], []], allow_smaller_final_batch=True)
    batches, end = [], "steps"
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = qri.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([xb, yb])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
