"""Placeholders made in a list comprehension over the queue's dtypes and shapes and fed as
`dict(zip(placeholders, chunk))`; `import tensorflow.compat.v1 as tf1`; a nested feeding function whose loop
runs on the coordinator (`while not coord.should_stop()`), closing the queue and breaking at the data's end."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf1

DTYPES = [tf1.float32, tf1.int64]
SHAPES = [[2], []]


def make_chunks(n, rows):
    for start in range(0, n, rows):
        stop = min(start + rows, n)
        yield [np.arange(start * 2, stop * 2, dtype=np.float32).reshape(-1, 2), np.arange(start, stop)]


def main(data_dir):
    placeholders = [tf1.placeholder(dtype, [None] + shape) for dtype, shape in zip(DTYPES, SHAPES)]
    queue = tf1.FIFOQueue(9, DTYPES, shapes=[[2], []])
    enqueue = queue.enqueue_many(placeholders)
    close = queue.close()
    pairs, ids = queue.dequeue_many(3)

    def feed(sess, coord):
        chunks = make_chunks(20, 4)
        while not coord.should_stop():
            chunk = next(chunks, None)
            if chunk is None:
                sess.run(close)
                break
            sess.run(enqueue, feed_dict=dict(zip(placeholders, chunk)))

    out, end = [], None
    coord = tf1.train.Coordinator()
    with tf1.Session() as sess:
        thread = threading.Thread(target=feed, args=(sess, coord))
        thread.start()
        try:
            while True:
                a, b = sess.run([pairs, ids])
                out.append([a.tolist(), b.tolist()])
        except tf1.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        thread.join()
    return {'batches': out, 'end': end}
