"""Click-stream sessions from JSON lines, parsed by a Python generator and fed by one thread through
placeholders into a queue spelled in the `tf.queue` namespace; the feeder closes the queue when the file ends."""
import json
import os
import threading

import tensorflow as tf

tf1 = tf.compat.v1

BATCH = 3
MAX_EVENTS = 4


def write_sessions(root):
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, "sessions.jsonl")
    with open(path, "w") as f:
        for i in range(12):
            events = [(i * 3 + j) % 9 for j in range(MAX_EVENTS)]
            f.write(json.dumps({"session": "s%03d" % i, "events": events, "bought": i % 3 == 0}) + "\n")
    return path


def session_generator(path):
    with open(path) as f:
        for line in f:
            record = json.loads(line)
            yield record["session"], record["events"], int(record["bought"])


class SessionFeeder(object):

    def __init__(self, path, capacity=6):
        self.path = path
        self.session_ph = tf1.placeholder(tf.string, [], name="session")
        self.events_ph = tf1.placeholder(tf.int32, [MAX_EVENTS], name="events")
        self.bought_ph = tf1.placeholder(tf.int32, [], name="bought")
        self.queue = tf1.queue.FIFOQueue(capacity, [tf.string, tf.int32, tf.int32],
                                         shapes=[[], [MAX_EVENTS], []], name="session_queue")
        self.enqueue_op = self.queue.enqueue([self.session_ph, self.events_ph, self.bought_ph])
        self.close_op = self.queue.close()

    def get_batch(self, batch_size):
        return self.queue.dequeue_many(batch_size)

    def feed(self, sess):
        for session, events, bought in session_generator(self.path):
            sess.run(self.enqueue_op, feed_dict={self.session_ph: session, self.events_ph: events,
                                                 self.bought_ph: bought})
        sess.run(self.close_op)

    def start(self, sess):
        thread = threading.Thread(target=self.feed, args=(sess,))
        thread.daemon = True
        thread.start()
        return thread


def main(data_dir):
    feeder = SessionFeeder(write_sessions(os.path.join(data_dir, "h26_tf_queue_namespace_generator_feed_thread")))
    sessions, events, bought = feeder.get_batch(BATCH)
    event_hist = tf.reduce_sum(tf.one_hot(events, 9, dtype=tf.int32), axis=1)
    batches = []
    sess = tf1.Session()
    thread = feeder.start(sess)
    while True:
        try:
            s, h, b = sess.run([sessions, event_hist, bought])
        except tf.errors.OutOfRangeError:
            break
        batches.append([[x.decode() for x in s], h.tolist(), b.tolist()])
    thread.join()
    sess.close()
    return {"batches": batches, "end": "queue closed"}
