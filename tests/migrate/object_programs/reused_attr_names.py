"""Two classes use the same attribute names (`images`, `labels`) and the same method name (`batch`): one keeps a
queue pipeline on them, the other plain numpy arrays; only the first is a pipeline. Dict batch, `import
tensorflow.compat.v1 as tf1`."""

import os

import numpy as np
import tensorflow.compat.v1 as tf1


class Plain(object):
    def __init__(self):
        self.images = np.arange(6)
        self.labels = np.arange(6) * 2

    def batch(self):
        return self.images[:3], self.labels[:3]


class Records(object):
    def __init__(self, data_dir):
        files = [os.path.join(data_dir, 'records-%d.tfrecord' % i) for i in (2, 3)]
        queue = tf1.train.string_input_producer(files, num_epochs=1, shuffle=False)
        _, serialized = tf1.TFRecordReader().read(queue)
        example = tf1.parse_single_example(serialized, {'x': tf1.FixedLenFeature([3], tf1.float32),
                                                        'label': tf1.FixedLenFeature([], tf1.int64)})
        self.images = example['x']
        self.labels = example['label']

    def batch(self):
        return tf1.train.batch({'images': self.images, 'labels': self.labels}, batch_size=6,
                               allow_smaller_final_batch=True)


def main(data_dir):
    plain = Plain()
    extra = [int(v) for v in plain.batch()[0]] + [int(plain.images[0])]
    batch = Records(data_dir).batch()
    out, end = [], None
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                got = sess.run(batch)
                out.append([got['images'].tolist(), got['labels'].tolist(), extra])
        except tf1.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': end}
