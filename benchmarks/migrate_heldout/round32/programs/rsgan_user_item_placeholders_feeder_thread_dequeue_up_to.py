"""RSGAN-style recommender: user_input / item_input / labels placeholders of shape [None, 1], a plain
threading.Thread target that samples one negative item per positive and runs the enqueue op once per
(user, item, label) triple, a FIFOQueue dequeued by dequeue_up_to(5) until the feeder closes it."""
import os
import threading

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1

NUM_ITEMS = 30


class Dataset(object):
    def __init__(self, path):
        self.trainMatrix = []
        with open(path) as f:
            for line in f:
                u, i = line.strip().split('\t')
                self.trainMatrix.append((int(u), int(i)))
        self.num_items = NUM_ITEMS


def get_train_instances(dataset, num_negatives, seed):
    rng = np.random.RandomState(seed)
    positives = set(dataset.trainMatrix)
    for (u, i) in dataset.trainMatrix:
        yield u, i, 1.0
        for _ in range(num_negatives):
            j = int(rng.randint(dataset.num_items))
            while (u, j) in positives:
                j = int(rng.randint(dataset.num_items))
            yield u, j, 0.0


def main(data_dir):
    root = os.path.join(data_dir, 'h32_rsgan')
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'ml-1m.train.rating')
    rng = np.random.RandomState(4)
    with open(path, 'w') as f:
        for u in range(4):
            for i in sorted(set(rng.randint(0, NUM_ITEMS, size=2).tolist())):
                f.write('%d\t%d\n' % (u, i))
    dataset = Dataset(path)

    user_input = tf1.placeholder(tf.int32, shape=[None, 1], name="user_input")
    item_input = tf1.placeholder(tf.int32, shape=[None, 1], name="item_input")
    labels = tf1.placeholder(tf.float32, shape=[None, 1], name="labels")
    queue = tf1.FIFOQueue(20, [tf.int32, tf.int32, tf.float32], shapes=[[1], [1], [1]])
    enqueue_op = queue.enqueue_many([user_input, item_input, labels])
    close_op = queue.close()
    users, items, ys = queue.dequeue_up_to(5)

    sess = tf1.Session()
    coord = tf1.train.Coordinator()

    def feed():
        try:
            for u, i, y in get_train_instances(dataset, 1, 7):
                if coord.should_stop():
                    break
                sess.run(enqueue_op, feed_dict={user_input: [[u]], item_input: [[i]], labels: [[y]]})
        except Exception as e:
            coord.request_stop(e)
        finally:
            sess.run(close_op)

    t = threading.Thread(target=feed)
    t.daemon = True
    t.start()
    batches = []
    try:
        while not coord.should_stop():
            u, i, y = sess.run([users, items, ys])
            batches.append([[int(a[0]), int(b[0]), float(c[0])] for a, b, c in zip(u, i, y)])
    except tf.errors.OutOfRangeError:
        end = 'feeder finished, %d instances' % sum(len(b) for b in batches)
    coord.request_stop()
    coord.join([t])
    sess.close()
    return {'batches': [[list(column) for column in zip(*rows)] for rows in batches], 'end': end}
