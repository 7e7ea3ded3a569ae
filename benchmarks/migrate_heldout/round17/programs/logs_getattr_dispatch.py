"""Log ingestion of two formats: an `Ingestor` picks its reader and its decode method by name
(`getattr(self, "_decode_" + fmt)`); a CSV export and a fixed-length binary export are drained in turn."""

import glob
import os

import tensorflow.compat.v1 as tf


class Ingestor(object):
    def __init__(self, fmt, pattern, batch_size=8):
        self.fmt = fmt
        self.files = sorted(glob.glob(pattern))
        self.batch_size = batch_size

    def _reader(self):
        if self.fmt == "csv":
            return tf.TextLineReader(skip_header_lines=1)
        return tf.FixedLengthRecordReader(record_bytes=8, header_bytes=4)

    def _decode_csv(self, value):
        a, b, label = tf.decode_csv(value, record_defaults=[[0], [0.0], [0]])
        return tf.cast(a, tf.float32) + b, label

    def _decode_fixed(self, value):
        pair = tf.decode_raw(value, tf.int32)
        pair.set_shape([2])
        return tf.cast(pair[1], tf.float32), pair[0] % 5

    def batches(self):
        queue = tf.train.string_input_producer(self.files, num_epochs=1, shuffle=False,
                                               name="%s_files" % self.fmt)
        _, value = self._reader().read(queue)
        decode = getattr(self, "_decode_" + self.fmt)
        metric, label = decode(value)
        return tf.train.batch([metric, label], batch_size=self.batch_size, allow_smaller_final_batch=True)


def drain(sess, fetches):
    out = []
    try:
        while True:
            metric, label = sess.run(fetches)
            out.append([metric.tolist(), label.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    return out


def main(data_dir):
    csv_batch = Ingestor("csv", os.path.join(data_dir, "table-*.csv"), batch_size=16).batches()
    fixed_batch = Ingestor("fixed", os.path.join(data_dir, "fixed-*.bin")).batches()
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        batches = drain(sess, csv_batch) + drain(sess, fixed_batch)
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": len(batches)}
