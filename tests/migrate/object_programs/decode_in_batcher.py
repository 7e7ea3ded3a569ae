"""The reader in `__init__` keeps only the raw record on `self`; `inputs(batch_size, scale)` decodes it with its own
parameter (so the decode runs where the batch is made) and batches; `import tensorflow.compat.v1 as v1`."""

import os

import tensorflow.compat.v1 as v1


class RawRecords(object):
    def __init__(self, data_dir):
        self.files = [os.path.join(data_dir, 'records-%d.tfrecord' % i) for i in range(4)]
        _, self.record = v1.TFRecordReader().read(v1.train.string_input_producer(self.files, num_epochs=1,
                                                                                  shuffle=False))

    def inputs(self, batch_size, scale):
        example = v1.parse_single_example(self.record, {'x': v1.FixedLenFeature([3], v1.float32)})
        return v1.train.batch([example['x'] * scale], batch_size=batch_size)


def main(data_dir):
    x = RawRecords(data_dir).inputs(batch_size=16, scale=3.0)
    out, end = [], None
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out.append(sess.run(x).tolist())
        except v1.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': end}
