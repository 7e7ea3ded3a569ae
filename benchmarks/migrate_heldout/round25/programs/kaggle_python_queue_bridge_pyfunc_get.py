"""A background Python thread parses a CSV into a queue.Queue; a stateful py_func takes one item per call
(StopIteration at the sentinel) and train.batch assembles the batches."""
import os
import queue
import threading

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1


def write_data(root):
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'train.csv')
    with open(path, 'w') as f:
        f.write('id,f1,f2,f3,target\n')
        for i in range(13):
            f.write('%d,%d,%.1f,%.2f,%d\n' % (1000 + i, i, i * 1.5, i * 0.25, i % 2))
    return path


class BackgroundLoader(threading.Thread):
    def __init__(self, path, maxsize=4):
        super(BackgroundLoader, self).__init__()
        self.daemon = True
        self.path = path
        self.queue = queue.Queue(maxsize=maxsize)

    def run(self):
        with open(self.path) as f:
            next(f)
            for line in f:
                fields = line.strip().split(',')
                feats = np.array([float(v) for v in fields[1:4]], dtype=np.float32)
                self.queue.put((np.int64(fields[0]), feats, np.int32(fields[4])))
        self.queue.put(None)

    def next_item(self):
        item = self.queue.get()
        if item is None:
            self.queue.put(None)
            raise StopIteration()
        return item


def build_inputs(loader, batch_size):
    ids, feats, target = tf1.py_func(loader.next_item, [], [tf.int64, tf.float32, tf.int32],
                                     stateful=True, name='next_item')
    ids.set_shape([])
    feats.set_shape([3])
    target.set_shape([])
    return tf1.train.batch([ids, feats, target], batch_size=batch_size, num_threads=1,
                           capacity=8, allow_smaller_final_batch=True)


def main(data_dir):
    path = write_data(os.path.join(data_dir, 'h25_kaggle_python_queue_bridge_pyfunc_get'))
    loader = BackgroundLoader(path)
    ids, feats, target = build_inputs(loader, batch_size=5)

    batches, end = [], None
    loader.start()
    with tf1.Session() as sess:
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                i, f, t = sess.run([ids, feats, target])
                batches.append([i.tolist(), f.tolist(), t.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    loader.join()
    return {'batches': batches, 'end': end}
