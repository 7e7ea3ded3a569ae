"""A base reader class makes the file queue in __init__ and batches in a base method, calling the subclass's
`read_example()`, which reads from `self.filename_queue`; a CSV and a TFRecord subclass; both pipelines built
and read in turn."""

import os

import tensorflow.compat.v1 as tf


class DataReader(object):
    def __init__(self, filenames, batch_size=10, num_epochs=1):
        self.batch_size = batch_size
        self.filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)

    def read_example(self):
        raise NotImplementedError

    def batch(self):
        value, label = self.read_example()
        return tf.train.batch([value, label], batch_size=self.batch_size, allow_smaller_final_batch=True)


class CsvReader(DataReader):
    def read_example(self):
        reader = tf.TextLineReader(skip_header_lines=1)
        _, line = reader.read(self.filename_queue)
        a, b, label = tf.decode_csv(line, record_defaults=[[0.0], [0.0], [0]])
        return a + b, label


class RecordReader(DataReader):
    def read_example(self):
        reader = tf.TFRecordReader()
        _, serialized = reader.read(self.filename_queue)
        parsed = tf.parse_single_example(serialized, {
            "x": tf.FixedLenFeature([3], tf.float32),
            "label": tf.FixedLenFeature([], tf.int64),
        })
        return tf.reduce_sum(parsed["x"]), tf.cast(parsed["label"], tf.int32)


def drain(sess, tensors, batches):
    try:
        while True:
            value_v, label_v = sess.run(tensors)
            batches.append([value_v.tolist(), label_v.tolist()])
    except tf.errors.OutOfRangeError:
        return "OutOfRangeError"


def main(data_dir):
    csv_batch = CsvReader([os.path.join(data_dir, "table-%d.csv" % i) for i in range(2)], batch_size=15).batch()
    record_batch = RecordReader([os.path.join(data_dir, "records-%d.tfrecord" % i) for i in (1, 2)]).batch()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        ends = [drain(sess, csv_batch, batches), drain(sess, record_batch, batches)]
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": ",".join(ends)}
