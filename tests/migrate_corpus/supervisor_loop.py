"""A Supervisor-managed loop over shuffled TFRecords (from tensorflow.compat.v1 import train)."""

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def main(data_dir):
    filenames = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    producer = train.string_input_producer(filenames, num_epochs=1)
    reader = tf.TFRecordReader()
    _, record = reader.read(producer)
    example = tf.parse_single_example(record, {"x": tf.FixedLenFeature([3], tf.float32),
                                               "label": tf.FixedLenFeature([], tf.int64)})
    xs, ys = train.shuffle_batch([example["x"], example["label"]], batch_size=30, capacity=120,
                                 min_after_dequeue=40, allow_smaller_final_batch=True)
    out = []
    sv = tf.train.Supervisor(logdir=None, local_init_op=tf.local_variables_initializer())
    with sv.managed_session() as sess:
        while not sv.should_stop():
            try:
                a, b = sess.run([xs, ys])
            except tf.errors.OutOfRangeError:
                break
            out.append([a.tolist(), b.tolist()])
    return {"batches": out, "end": "OutOfRangeError"}
