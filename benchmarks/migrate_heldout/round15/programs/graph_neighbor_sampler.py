"""Graph recommender input (GraphSAGE/PinSage-era TF1 code): interaction edges `user,item,rating` are read line
by line from a CSV edge list, and each edge is enriched in the graph with the user's neighbour items gathered
from an adjacency table built in numpy when the sampler object is made, plus a deterministic negative item;
edges are shuffled into batches by two threads.
"""

import os

import numpy as np
import tensorflow.compat.v1 as tf

NUM_USERS = 6
NUM_ITEMS = 11
MAX_DEGREE = 5
PAD_ID = -1


def write_edges(data_dir):
    out_dir = os.path.join(data_dir, "h15_graph_edges")
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "edges.csv")
    with open(path, "w") as f:
        f.write("user,item,rating\n")
        for e in range(22):
            user = (e * 5) % NUM_USERS
            item = (e * 3 + user) % NUM_ITEMS
            f.write("%d,%d,%.1f\n" % (user, item, 1.0 + (e % 5)))
    return path


class NeighborSampler(object):
    """Holds the padded adjacency lists as a constant; `edge_batches` samples edges from the edge file."""

    def __init__(self, edges_path):
        self.edges_path = edges_path
        edges = np.loadtxt(edges_path, delimiter=",", skiprows=1)
        adjacency = np.full([NUM_USERS, MAX_DEGREE], PAD_ID, dtype=np.int32)
        degree = np.zeros([NUM_USERS], dtype=np.int32)
        for user, item, _ in edges.astype(np.int64):
            if degree[user] < MAX_DEGREE:
                adjacency[user, degree[user]] = item
                degree[user] += 1
        self.adj_info = tf.constant(adjacency, name="adj_info")
        self.degrees = tf.constant(degree, name="degrees")

    def _edge(self, line):
        user, item, rating = tf.decode_csv(line, record_defaults=[[0], [0], [0.0]])
        neighbors = tf.gather(self.adj_info, user)
        degree = tf.gather(self.degrees, user)
        negative = (item * 7 + 3) % NUM_ITEMS
        return user, item, rating, neighbors, degree, negative

    def edge_batches(self, batch_size, num_epochs=1, seed=5):
        queue = tf.train.string_input_producer([self.edges_path], num_epochs=num_epochs, shuffle=False)
        reader = tf.TextLineReader(skip_header_lines=1)
        _, line = reader.read(queue)
        return tf.train.shuffle_batch(list(self._edge(line)), batch_size=batch_size, capacity=40,
                                      min_after_dequeue=10, num_threads=2, seed=seed,
                                      allow_smaller_final_batch=True)


def main(data_dir):
    sampler = NeighborSampler(write_edges(data_dir))
    users, items, ratings, neighbors, degrees, negatives = sampler.edge_batches(batch_size=6)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                out = sess.run([users, items, ratings, neighbors, degrees, negatives])
                batches.append([o.tolist() for o in out])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
