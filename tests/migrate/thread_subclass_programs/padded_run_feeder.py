"""A threading.Thread subclass whose run() feeds a PaddingFIFOQueue it made in __init__ under a local name,
through a literal list of placeholders fed by dict(zip(...)); the session is kept on the instance by the method
that starts the thread; a method dequeues padded batches up to the end, when run() closes the queue."""

import threading

import tensorflow.compat.v1 as tf


def sequences(count):
    for i in range(count):
        length = i % 3 + 1
        yield [[float(i), float(-t)] for t in range(length)], [i % 5 + k for k in range(i % 4 + 1)]


class SequenceFeeder(threading.Thread):
    def __init__(self, coord, count, capacity=8):
        super(SequenceFeeder, self).__init__()
        self.daemon = True
        self._coord = coord
        self._count = count
        self._session = None
        self._inputs = [
            tf.placeholder(tf.float32, [None, 2], "frames"),
            tf.placeholder(tf.int32, [], "length"),
            tf.placeholder(tf.int32, [None], "labels"),
        ]
        queue = tf.PaddingFIFOQueue(capacity, [tf.float32, tf.int32, tf.int32],
                                    shapes=[[None, 2], [], [None]], name="sequence_queue")
        self._enqueue = queue.enqueue(self._inputs)
        self._close = queue.close()
        self._queue = queue

    def batches(self, size):
        return self._queue.dequeue_up_to(size)

    def begin(self, session):
        self._session = session
        self.start()

    def run(self):
        try:
            for frames, labels in sequences(self._count):
                if self._coord.should_stop():
                    break
                self._session.run(self._enqueue, feed_dict=dict(zip(self._inputs, (frames, len(frames), labels))))
            self._session.run(self._close)
        except Exception as e:  # noqa: BLE001
            self._coord.request_stop(e)


def main(data_dir):
    coord = tf.train.Coordinator()
    feeder = SequenceFeeder(coord, 17)
    frames, lengths, labels = feeder.batches(4)
    out, end = [], None
    with tf.Session() as sess:
        feeder.begin(sess)
        try:
            while not coord.should_stop():
                x, n, y = sess.run([frames, lengths, labels])
                out.append([x.tolist(), n.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join([feeder])
    return {"batches": out, "end": end}
