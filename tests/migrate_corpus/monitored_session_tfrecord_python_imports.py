"""tensorflow.python.* imports (input as tf_input, io_ops) and a MonitoredSession over TFRecords."""

import tensorflow.compat.v1 as tf
from tensorflow.python.ops import io_ops
from tensorflow.python.training import input as tf_input


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    queue = tf_input.string_input_producer(files, num_epochs=1, shuffle=False)
    _, serialized = io_ops.TFRecordReader().read(queue)
    example = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                   "label": tf.FixedLenFeature([], tf.int64)})
    batch = tf_input.batch({"x": example["x"], "label": example["label"]}, batch_size=40,
                           allow_smaller_final_batch=True)
    out = []
    with tf.train.MonitoredSession() as sess:
        while not sess.should_stop():
            b = sess.run(batch)
            out.append({k: v.tolist() for k, v in b.items()})
    return {"batches": out, "end": "should_stop"}
