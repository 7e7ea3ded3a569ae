"""WaveNet's reader loops: the coordinator kept as self.coord is checked in an outer and an inner loop, each
check setting a local flag before it breaks (`stop = True; break`), the outer loop breaking on the flag; the
program starts the (empty) queue runners with the same coordinator and joins them."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


def pieces_of(n_files):
    for f in range(n_files):
        yield np.arange(f * 10, f * 10 + 7, dtype=np.float32).reshape(-1, 1)


class PieceReader(object):
    def __init__(self, n_files, coord, queue_size=16):
        self.n_files = n_files
        self.coord = coord
        self.threads = []
        self.piece = tf.placeholder(dtype=tf.float32, shape=None)
        self.queue = tf.PaddingFIFOQueue(queue_size, ['float32'], shapes=[(None, 1)])
        self.enqueue = self.queue.enqueue([self.piece])

    def dequeue(self, num_elements):
        return self.queue.dequeue_many(num_elements)

    def thread_main(self, sess):
        stop = False
        for audio in pieces_of(self.n_files):
            if self.coord.should_stop():
                stop = True
                break
            start, sizes = 0, [2, 3]
            while start < len(audio):
                if self.coord.should_stop():
                    stop = True
                    break
                size = sizes[start % 2]
                sess.run(self.enqueue, feed_dict={self.piece: audio[start:start + size, :]})
                start += size
            if stop:
                break

    def start_threads(self, sess, n_threads=1):
        for _ in range(n_threads):
            thread = threading.Thread(target=self.thread_main, args=(sess,))
            thread.daemon = True
            thread.start()
            self.threads.append(thread)
        return self.threads


def main(data_dir):
    coord = tf.train.Coordinator()
    reader = PieceReader(4, coord)
    batch = reader.dequeue(3)
    sess = tf.Session()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    reader.start_threads(sess)
    out = []
    try:
        for _ in range(4):
            out.append([sess.run(batch)[:, :, 0].tolist()])
    finally:
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return {'batches': out, 'end': 'steps'}
