"""The choice in a method, on ``self.use_state`` (``import tensorflow.compat.v1 as tf1``): the loop's lists
read in one branch only, each branch binding the same names (a batch of two, or a batch of one and zeros), the
names read after the ``if``; ``batch`` reused as a plain name in another function."""

import os

import tensorflow.compat.v1 as tf1


def rows(batch):
    return [list(r) for r in batch]


class Episodes(object):
    def __init__(self, files, use_state, steps=2):
        self.files = files
        self.use_state = use_state
        self.steps = steps

    def inputs(self, batch_size):
        producer = tf1.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        reader = tf1.TFRecordReader()
        _, record = reader.read(producer)
        images, actions = [], []
        for t in range(self.steps):
            feats = tf1.parse_single_example(record, {'x': tf1.FixedLenFeature([3], tf1.float32),
                                                      'label': tf1.FixedLenFeature([], tf1.int64)})
            images.append(tf1.reshape(feats['x'] * float(t + 1), [1, 3]))
            actions.append(tf1.reshape(tf1.cast(feats['label'], tf1.float32) + t, [1, 1]))
        images = tf1.concat(images, 0)
        if self.use_state:
            actions = tf1.concat(axis=0, values=actions)
            images, acts = tf1.train.batch([images, actions], batch_size=batch_size)
        else:
            images = tf1.train.batch([images], batch_size=batch_size)
            acts = tf1.zeros([batch_size, self.steps, 1])
        return images, acts


def main(data_dir):
    a = Episodes([os.path.join(data_dir, 'records-2.tfrecord')], True).inputs(4)
    b = Episodes([os.path.join(data_dir, 'records-3.tfrecord')], False, steps=3).inputs(4)
    batches, end = [], None
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                got = sess.run([a, b])
                batches.append([[rows(x.tolist()) for x in pair] for pair in got])
        except tf1.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}
