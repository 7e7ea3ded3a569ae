"""A batch chosen by the object's mode whose branches first do their own per-element work: training scales
the features, evaluation keeps a slice of them from an offset computed in Python before the `if`. The reader
is a module-level helper given the file queue; `import tensorflow.compat.v1 as tf1`."""

import os

import tensorflow.compat.v1 as tf1


def parse(filename_queue):
    reader = tf1.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    return tf1.parse_single_example(serialized, {'x': tf1.FixedLenFeature([3], tf1.float32),
                                                 'label': tf1.FixedLenFeature([], tf1.int64)})


class Inputs(object):
    def __init__(self, files, training):
        self.files = files
        self.training = training

    def batches(self, batch_size, keep=2):
        queue = tf1.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        parsed = parse(queue)
        x = parsed['x']
        label = tf1.cast(parsed['label'], tf1.int32)
        offset = 3 - keep
        if self.training:
            scaled = x * 2.0
            scaled.set_shape([3])
            xs, labels = tf1.train.shuffle_batch([scaled, label], batch_size, capacity=60, min_after_dequeue=10)
        else:
            part = x[offset:]
            part = tf1.reshape(part, [keep])
            xs, labels = tf1.train.batch([part, label], batch_size, allow_smaller_final_batch=True)
        return {'x': xs, 'label': labels}


def _drain(sess, fetch):
    out = []
    try:
        while True:
            got = sess.run(fetch)
            out.append([got['x'].tolist(), got['label'].tolist()])
    except tf1.errors.OutOfRangeError:
        return out, 'OutOfRangeError'


def main(data_dir):
    files = [os.path.join(data_dir, 'records-%d.tfrecord' % i) for i in range(2)]
    evaluation = Inputs(files, training=False).batches(7)
    training = Inputs(files, training=True).batches(9)  # 90 records: no tail dropped at random
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        ordered, end = _drain(sess, evaluation)
        shuffled, end2 = _drain(sess, training)
        coord.request_stop()
        coord.join(threads)
    rows = sorted((tuple(x), l) for b in shuffled for x, l in zip(*b))
    return {'batches': ordered + [[len(shuffled), [list(r) for r in rows]]], 'end': end if end == end2 else None}
