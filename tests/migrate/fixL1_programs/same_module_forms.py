"""Both forms in one module: a reader class whose method reads under `with tf.name_scope(...)`, and a
generator helper of three outputs called with the same lists twice, one of one output (a bare value); a second helper called with different
dtype lists is left."""
import numpy as np
import tensorflow as tf1
tf = tf1.compat.v1

SHAPES = [[], [2], []]


class Logbook(object):
    def __init__(self, files):
        self.files = files
        self.spec = {'n': tf.FixedLenFeature([], tf.int64)}

    def read_one(self):
        with tf.name_scope('logbook'):
            q = tf.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
            _, s = tf.TFRecordReader().read(q)
            return tf.parse_single_example(s, self.spec)['n'] * 2

    def batch(self, k):
        n = self.read_one()
        return tf.train.batch([n], batch_size=k)


def triples(gen_fn, dtypes, shapes, batch_size):
    it = gen_fn()
    outs = tf.py_func(lambda: next(it), [], dtypes)
    for o, s in zip(outs, shapes):
        o.set_shape([2] + s)
    return tf.train.batch(outs, batch_size, enqueue_many=True)


def one_column(gen_fn, dtypes, shapes, batch_size):
    it = gen_fn()
    cols = tf.py_func(lambda: next(it), [], dtypes)
    for c, s in zip(cols, shapes):
        c.set_shape([2] + s)
    return tf.train.batch(cols, batch_size, enqueue_many=True)


def anything(gen_fn, dtypes, batch_size):
    it = gen_fn()
    outs = tf.py_func(lambda: next(it), [], dtypes)
    return tf.train.batch(outs, batch_size, enqueue_many=True, dynamic_pad=True)


def main(data_dir):
    import os
    path = os.path.join(data_dir, "l1_logbook.tfrecord")
    with tf.python_io.TFRecordWriter(path) as w:
        for i in range(6):
            w.write(tf.train.Example(features=tf.train.Features(feature={
                'n': tf.train.Feature(int64_list=tf.train.Int64List(value=[i]))})).SerializeToString())

    def gen():
        for k in range(3):
            yield (np.array([k, k + 1], np.int32), np.ones((2, 2), np.float32) * k, np.array([b"a", b"b"]))

    ns = Logbook([path]).batch(2)
    x, y, z = triples(gen, [tf.int32, tf.float32, tf.string], SHAPES, 3)
    x2, y2, z2 = triples(gen, [tf.int32, tf.float32, tf.string], SHAPES, 2)
    def bare():
        for k in range(2):
            yield np.arange(6, dtype=np.int64).reshape(2, 3) + 10 * k

    col = one_column(bare, [tf.int64], [[3]], 3)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for _ in range(3):
                batches.append([sess.run(ns).tolist()])
            a, b, c = sess.run([x, y, z])
            batches.append([a.tolist(), b.tolist(), [v.decode() for v in c]])
            a, b, c = sess.run([x2, y2, z2])
            batches.append([a.tolist(), b.tolist(), [v.decode() for v in c]])
            batches.append([sess.run(col)[0].tolist()])
            sess.run(ns)
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}


def other(data_dir):
    def gen():
        yield np.zeros(2, np.int32), np.ones(2, np.float32)
    return anything(gen, [tf.int32, tf.float32], 2), anything(gen, [tf.int64, tf.float32], 2)
