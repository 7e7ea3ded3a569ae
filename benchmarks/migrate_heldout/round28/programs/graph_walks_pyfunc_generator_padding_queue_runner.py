"""DeepWalk-style node sequences: a py_func pulls the next random walk from a Python generator; a
PaddingFIFOQueue filled by a QueueRunner pads the walks of a batch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

WALK_LEN_MAX = 5


def load_edges(path):
    adj = {}
    with open(path) as f:
        for line in f:
            a, b = (int(x) for x in line.split())
            adj.setdefault(a, []).append(b)
            adj.setdefault(b, []).append(a)
    return {k: sorted(v) for k, v in adj.items()}


def walk_generator(adj, walks_per_node=1, seed=0):
    rng = np.random.RandomState(seed)
    for _ in range(walks_per_node):
        for start in sorted(adj):
            length = 2 + (start % (WALK_LEN_MAX - 1))
            walk = [start]
            while len(walk) < length:
                nbrs = adj[walk[-1]]
                walk.append(nbrs[rng.randint(len(nbrs))])
            yield start, np.array(walk, dtype=np.int64)


class WalkSource(object):
    def __init__(self, adj):
        self._it = walk_generator(adj)

    def next_walk(self):
        start, walk = next(self._it)  # StopIteration ends the queue runner
        return np.int64(start), walk


def build_inputs(source, batch_size):
    start, walk = tf.py_func(source.next_walk, [], [tf.int64, tf.int64], name='next_walk')
    start.set_shape([])
    walk.set_shape([None])
    queue = tf.PaddingFIFOQueue(capacity=16, dtypes=[tf.int64, tf.int64, tf.int32],
                                shapes=[[], [None], []], name='walk_queue')
    enqueue = queue.enqueue([start, walk, tf.size(walk)])
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue]))
    return queue.dequeue_up_to(batch_size)


def main(data_dir):
    root = os.path.join(data_dir, 'h28_graph_walks_pyfunc_generator_padding_queue_runner')
    os.makedirs(root, exist_ok=True)
    edges_path = os.path.join(root, 'karate_small.edgelist')
    with open(edges_path, 'w') as f:
        for a, b in [(0, 1), (0, 2), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 0), (1, 6)]:
            f.write('%d %d\n' % (a, b))
    source = WalkSource(load_edges(edges_path))
    starts, walks, lengths = build_inputs(source, batch_size=3)

    batches = []
    sess = tf.Session()
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    while True:
        try:
            s, w, l = sess.run([starts, walks, lengths])
        except tf.errors.OutOfRangeError:
            break
        batches.append([s.tolist(), w.tolist(), l.tolist()])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': 'generator exhausted'}
