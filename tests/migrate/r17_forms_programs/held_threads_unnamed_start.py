"""A trainer object holding its coordinator (`self._coord`) and starting the runners without keeping the threads,
in a `start` method; `stop` asks for the stop and joins; `import tensorflow as tf` with compat.v1 spellings."""

import glob
import os

import tensorflow as tf


class Trainer(object):
    def __init__(self, paths):
        queue = tf.compat.v1.train.string_input_producer(paths, num_epochs=1, shuffle=False)
        reader = tf.compat.v1.FixedLengthRecordReader(record_bytes=8, header_bytes=4)
        _, value = reader.read(queue)
        pair = tf.compat.v1.decode_raw(value, tf.int32)
        pair.set_shape([2])
        self.first, self.second = tf.compat.v1.train.batch([pair[0], pair[1] * 3], batch_size=4)

    def start(self, sess):
        self._coord = tf.compat.v1.train.Coordinator()
        tf.compat.v1.train.start_queue_runners(sess=sess, coord=self._coord)

    def stop(self):
        self._coord.request_stop()
        self._coord.join()


def main(data_dir):
    trainer = Trainer(sorted(glob.glob(os.path.join(data_dir, "fixed-*.bin"))))
    batches, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        trainer.start(sess)
        try:
            while True:
                a, b = sess.run([trainer.first, trainer.second])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            trainer.stop()
    return {"batches": batches, "end": end}
