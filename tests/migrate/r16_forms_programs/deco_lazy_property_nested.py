"""Fixed-length records through `lazy_property` stages (no `functools.wraps`, no scope, the getter returned as
`property(getter)`); `__init__` touches only the last stage, whose body reads the others first (built there, in
turn); `from tensorflow.compat.v1 import train` beside `tensorflow.compat.v1 as tf1`."""

import os

import tensorflow.compat.v1 as tf1
from tensorflow.compat.v1 import train


def lazy_property(fn):
    name = "_lazy_" + fn.__name__

    def getter(self):
        if not hasattr(self, name):
            setattr(self, name, fn(self))
        return getattr(self, name)

    return property(getter)


class FixedPairs:
    def __init__(self, data_dir, num_epochs=2):
        self.pattern = os.path.join(data_dir, "fixed-*.bin")
        self.num_epochs = num_epochs
        self.batch

    @lazy_property
    def queue(self):
        files = sorted(tf1.gfile.Glob(self.pattern))
        return train.string_input_producer(files, num_epochs=self.num_epochs, shuffle=False)

    @lazy_property
    def record(self):
        reader = tf1.FixedLengthRecordReader(record_bytes=8, header_bytes=4)
        _, value = reader.read(self.queue)
        fields = tf1.decode_raw(value, tf1.int32)
        fields.set_shape([2])
        return fields[0], fields[1] - fields[0]

    @lazy_property
    def batch(self):
        first, diff = self.record
        return train.batch([first, diff], batch_size=4, allow_smaller_final_batch=True)


def main(data_dir):
    pairs = FixedPairs(data_dir)
    batches, end = [], None
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run(pairs.batch)
                batches.append([a.tolist(), b.tolist()])
        except tf1.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
