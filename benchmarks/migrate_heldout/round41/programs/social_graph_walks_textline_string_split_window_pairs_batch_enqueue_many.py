# DeepWalk-style training pairs from a friendship graph: walks are simulated once in
# Python and saved one per line; the graph side turns each line into skip-gram
# (center, context) pairs and batches them with enqueue_many.
import os
import random

import numpy as np
import tensorflow as tf
from tensorflow.compat import v1 as tf1

WALK_LENGTH = 5
SKIP_WINDOW = 1
BATCH_SIZE = 8

EDGES = [(0, 1), (0, 2), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 3), (1, 6)]


def read_edgelist(path):
    G = {}
    with open(path) as f:
        for line in f:
            n1, n2 = list(map(int, line.strip().split(" ")[:2]))
            G.setdefault(n1, []).append(n2)
            G.setdefault(n2, []).append(n1)
    return G


def deepwalk_walk(G, walk_length, start_node, rnd):
    walk = [start_node]
    while len(walk) < walk_length:
        cur = walk[-1]
        cur_nbrs = sorted(G[cur])
        if len(cur_nbrs) > 0:
            walk.append(rnd.choice(cur_nbrs))
        else:
            break
    return walk


def simulate_walks(G, nodes, num_walks, walk_length, seed=123):
    rnd = random.Random(seed)
    walks = []
    for _ in range(num_walks):
        rnd.shuffle(nodes)
        for v in nodes[:3]:
            walks.append(deepwalk_walk(G, walk_length, v, rnd))
    return walks


def skipgram_pairs(line):
    """(center, context) pairs of one walk line, all inside the graph"""
    ids = tf1.string_to_number(tf1.string_split([line], delimiter=" ").values, out_type=tf.int32)
    ids = tf.reshape(ids, [WALK_LENGTH])
    centers, contexts = [], []
    for i in range(WALK_LENGTH):
        for j in range(max(0, i - SKIP_WINDOW), min(WALK_LENGTH, i + SKIP_WINDOW + 1)):
            if i != j:
                centers.append(ids[i])
                contexts.append(ids[j])
    return tf.stack(centers), tf.stack(contexts)


def main(data_dir):
    folder = os.path.join(data_dir, "h41_social_walks")
    os.makedirs(folder, exist_ok=True)
    edge_path = os.path.join(folder, "friends.edgelist")
    with open(edge_path, "w") as f:
        for a, b in EDGES:
            f.write("%d %d\n" % (a, b))
    G = read_edgelist(edge_path)
    walks = simulate_walks(G, sorted(G), num_walks=1, walk_length=WALK_LENGTH)
    walk_path = os.path.join(folder, "walks.txt")
    with open(walk_path, "w") as f:
        for w in walks:
            f.write(" ".join(str(n) for n in w) + "\n")

    filename_queue = tf1.train.string_input_producer([walk_path], num_epochs=1, shuffle=False)
    reader = tf1.TextLineReader()
    _, line = reader.read(filename_queue)
    centers, contexts = skipgram_pairs(line)
    batch_inputs, batch_labels = tf1.train.batch(
        [centers, contexts], batch_size=BATCH_SIZE, enqueue_many=True, capacity=32)

    batches = []
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([batch_inputs, batch_labels])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "walks: %d, pairs: %d" % (len(walks), 8 * len(batches))}
