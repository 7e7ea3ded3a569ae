"""A hop longer than the record (bytes skipped between records) after no header (a literal 0) and before a footer,
the reader made in a class's method, the record key batched beside the value; `from tensorflow.compat.v1 import
FixedLengthRecordReader`."""

import glob
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import FixedLengthRecordReader


class SkipReader(object):
    RECORD = 4
    HOP = 12

    def windows(self, queue):
        reader = FixedLengthRecordReader(record_bytes=self.RECORD, header_bytes=0, footer_bytes=4,
                                         hop_bytes=self.HOP)
        key, value = reader.read(queue)
        return key, tf.decode_raw(value, tf.int32)[0]


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, "fixed-[01].bin")))
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    skipper = SkipReader()
    key, value = skipper.windows(queue)
    keys, values = tf.train.batch([key, value], batch_size=5, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                k, v = sess.run([keys, values])
                batches.append([[os.path.basename(s.decode()) for s in k], v.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
