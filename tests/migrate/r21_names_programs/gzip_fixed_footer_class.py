"""GZIP files with a header and a footer inside the compressed stream, read by a class's reader (keywords
written out, `encoding="GZIP"`), the record keys batched too (`file:index`)."""

import gzip
import os
import struct

import tensorflow.compat.v1 as tf


class Shards(object):
    RECORD = 6

    def __init__(self, data_dir):
        self.paths = []
        n = 0
        for i, count in enumerate((5, 8)):
            path = os.path.join(data_dir, "r21f-shard-%d.gz" % i)
            with gzip.open(path, "wb") as out:
                out.write(b"HEAD")
                for _ in range(count):
                    out.write(struct.pack("<hhh", n, -n, n * 3))
                    n += 1
                out.write(b"FOOT!!")
            self.paths.append(path)

    def batches(self, size):
        queue = tf.train.string_input_producer(self.paths, num_epochs=1, shuffle=False)
        reader = tf.FixedLengthRecordReader(record_bytes=self.RECORD, header_bytes=4, footer_bytes=6,
                                            encoding="GZIP")
        key, value = reader.read(queue)
        row = tf.reshape(tf.cast(tf.decode_raw(value, tf.int16), tf.int32), [3])
        key = tf.strings.regex_replace(key, ".*/", "")
        return tf.train.batch([key, row], batch_size=size, allow_smaller_final_batch=True)


def main(data_dir):
    keys, rows = Shards(data_dir).batches(4)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                k, r = sess.run([keys, rows])
                batches.append([[x.decode() for x in k], r.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
