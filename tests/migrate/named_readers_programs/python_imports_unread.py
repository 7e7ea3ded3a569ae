"""`tensorflow.python.*` imports: the turn's number names the reader and goes to a parameter the decode
function never reads (`reader_index`); `batch_join` drops nothing (180 records in batches of 30)."""

import tensorflow.compat.v1 as tf
from tensorflow.python.framework import dtypes
from tensorflow.python.ops import io_ops, parsing_ops
from tensorflow.python.training import input as tf_input


def decode(serialized, reader_index=None):
    parsed = parsing_ops.parse_single_example(serialized, {"x": parsing_ops.FixedLenFeature([3], dtypes.float32),
                                                           "label": parsing_ops.FixedLenFeature([], dtypes.int64)})
    return parsed["x"] * 3.0, parsed["label"]


def inputs(files, batch_size, num_readers=4):
    filename_queue = tf_input.string_input_producer(files, num_epochs=1, shuffle=False)
    examples = []
    for index in range(num_readers):
        reader = io_ops.TFRecordReader(name="r%d" % index)
        _, value = reader.read(filename_queue)
        x, label = decode(value, reader_index=index)
        examples.append([x, label])
    return tf_input.batch_join(examples, batch_size=batch_size)


def main(data_dir):
    x, label = inputs(sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord")), 30)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                xs, labels = sess.run([x, label])
                batches.append([xs.tolist(), labels.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
