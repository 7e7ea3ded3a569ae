"""Reader stages as `@classmethod`s: `batches(cls, files)` calls `cls.read_record(queue)`, which reads the
class's record layout through its own class parameter (`klass.RECORD_BYTES`), from `import tensorflow as tf`
with `tf.compat.v1` spelled out."""

import glob
import os

import tensorflow as tf


class FixedRecords(object):
    HEADER_BYTES = 4
    RECORD_BYTES = 8

    @classmethod
    def read_record(klass, queue):
        reader = tf.compat.v1.FixedLengthRecordReader(record_bytes=klass.RECORD_BYTES,
                                                      header_bytes=klass.HEADER_BYTES)
        _, raw = reader.read(queue)
        values = tf.io.decode_raw(raw, tf.int32)
        return values[0], values[1] - values[0] * klass.HEADER_BYTES

    @classmethod
    def batches(cls, files, batch_size=6):
        queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
        first, second = cls.read_record(queue)
        return tf.compat.v1.train.batch([first, second], batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, 'fixed-*.bin')))
    firsts, seconds = FixedRecords.batches(files)
    batches, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                a, b = sess.run([firsts, seconds])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}
