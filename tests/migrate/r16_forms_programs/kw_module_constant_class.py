"""Fixed-length records read by a class whose batch takes a module-level constant dict `BATCH_SETTINGS` as
`**BATCH_SETTINGS`; `import tensorflow as tf` with `tf.compat.v1` spellings."""

import os

import tensorflow as tf

BATCH_SETTINGS = dict(batch_size=5, allow_smaller_final_batch=True)


class FixedRecords(object):
    def __init__(self, data_dir):
        self.files = sorted(tf.io.gfile.glob(os.path.join(data_dir, "fixed-*.bin")))

    def batches(self):
        queue = tf.compat.v1.train.string_input_producer(self.files, num_epochs=2, shuffle=False)
        reader = tf.compat.v1.FixedLengthRecordReader(record_bytes=8, header_bytes=4)
        _, value = reader.read(queue)
        fields = tf.io.decode_raw(value, tf.int32)
        fields.set_shape([2])
        return tf.compat.v1.train.batch([fields[0], fields[1] * 2], **BATCH_SETTINGS)


def main(data_dir):
    tf.compat.v1.disable_eager_execution()
    first, second = FixedRecords(data_dir).batches()
    batches, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                f, s = sess.run([first, second])
                batches.append([f.tolist(), s.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
