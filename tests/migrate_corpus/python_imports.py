"""tensorflow.python.* imports, as some old code bases wrote them."""

from tensorflow.python.framework import dtypes
from tensorflow.python.ops import io_ops, parsing_ops
from tensorflow.python.training import input as tf_input
import tensorflow.compat.v1 as tf


def main(data_dir):
    names = [data_dir + "/records-%d.tfrecord" % i for i in range(4)]
    queue = tf_input.string_input_producer(names, num_epochs=1, shuffle=False)
    reader = io_ops.TFRecordReader()
    _, serialized = reader.read(queue)
    parsed = parsing_ops.parse_single_example(serialized, {
        "x": parsing_ops.FixedLenFeature([3], dtypes.float32),
        "label": parsing_ops.FixedLenFeature([], dtypes.int64)})
    x, y = tf_input.batch([parsed["x"], parsed["label"]], batch_size=24, allow_smaller_final_batch=True)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([x, y])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
