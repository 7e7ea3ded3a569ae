"""A Thread subclass (TF1-style ``import tensorflow as tf``) whose run() drives a feeding method in a
coordinator loop: each call sorts a group of examples by length, pads each batch in Python and feeds whole
batches (placeholders in a literal list, ``feed = dict(zip(...))`` on its own line) into a FIFOQueue it made
under a local name and dequeued there; the dequeued tensors take the placeholders' static shapes. The program
takes a fixed number of batches, then cancels the queue."""

import threading

import numpy as np
import tensorflow as tf

GROUP = 3


def _pad(rows):
    width = max(len(r) for r in rows)
    return np.stack([np.pad(r, (0, width - len(r))) for r in rows]).astype(np.int64)


class GroupFeeder(threading.Thread):
    def __init__(self, coordinator, batch_size):
        threading.Thread.__init__(self)
        self.coordinator = coordinator
        self.batch_size = batch_size
        self.cursor = 0
        self.feeds = [tf.compat.v1.placeholder(tf.int64, [None, None], name="tokens"),
                      tf.compat.v1.placeholder(tf.float32, [None], name="weights")]
        queue = tf.compat.v1.FIFOQueue(4, [tf.int64, tf.float32], name="group_queue")
        self.enqueue_op = queue.enqueue(self.feeds)
        self.queue = queue
        self.tokens, self.weights = queue.dequeue()
        self.tokens.set_shape(self.feeds[0].shape)
        self.weights.set_shape(self.feeds[1].get_shape())

    def start_with(self, session):
        self.session = session
        self.start()

    def run(self):
        while not self.coordinator.should_stop():
            self.feed_group()

    def next_example(self):
        i = self.cursor
        self.cursor += 1
        return np.arange(1, i % 5 + 2), float(i) / 4.0

    def feed_group(self):
        examples = [self.next_example() for _ in range(self.batch_size * GROUP)]
        examples.sort(key=lambda e: (len(e[0]), e[1]))
        for k in range(0, len(examples), self.batch_size):
            batch = examples[k:k + self.batch_size]
            feed = dict(zip(self.feeds, (_pad([e[0] for e in batch]), np.array([e[1] for e in batch], np.float32))))
            self.session.run(self.enqueue_op, feed_dict=feed)


def main(data_dir):
    coord = tf.compat.v1.train.Coordinator()
    feeder = GroupFeeder(coord, 4)
    assert feeder.tokens.shape.rank == 2
    out = []
    with tf.compat.v1.Session() as sess:
        feeder.start_with(sess)
        for _ in range(8):
            t, w = sess.run([feeder.tokens, feeder.weights])
            out.append([t.tolist(), w.tolist()])
        coord.request_stop()
        sess.run(feeder.queue.close(cancel_pending_enqueues=True))
        feeder.join(timeout=10)
    return {"batches": out, "end": "steps"}
