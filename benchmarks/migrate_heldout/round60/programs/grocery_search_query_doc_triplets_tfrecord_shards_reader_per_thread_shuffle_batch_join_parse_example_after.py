"""Pairwise ranking input for grocery search: (query, clicked doc, skipped doc) triplets, one reader per thread."""
import os
import random

import tensorflow as tf

v1 = tf.compat.v1
NUM_READERS = 2
FEATURES = {
    "query_terms": v1.FixedLenFeature([3], tf.int64),
    "pos_doc": v1.FixedLenFeature([], tf.int64),
    "neg_doc": v1.FixedLenFeature([], tf.int64),
}


def _int64(values):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=values))


def write_shards(folder):
    os.makedirs(folder, exist_ok=True)
    rng = random.Random(608)
    paths = []
    for shard in range(2):
        path = os.path.join(folder, "triplets-%d-of-2.tfrecord" % shard)
        with v1.python_io.TFRecordWriter(path) as writer:
            for _ in range(8):
                ex = tf.train.Example(features=tf.train.Features(feature={
                    "query_terms": _int64([rng.randint(1, 30) for _ in range(3)]),
                    "pos_doc": _int64([rng.randint(100, 200)]),
                    "neg_doc": _int64([rng.randint(100, 200)]),
                }))
                writer.write(ex.SerializeToString())
        paths.append(path)
    return paths


def triplet_batches(paths, batch_size):
    filename_queue = v1.train.string_input_producer(paths, num_epochs=1, shuffle=True, seed=608)
    examples = []
    for _ in range(NUM_READERS):
        _, serialized = v1.TFRecordReader().read(filename_queue)
        examples.append([serialized])
    serialized_batch = v1.train.shuffle_batch_join(
        examples, batch_size=batch_size, capacity=32, min_after_dequeue=4, seed=608)
    return v1.parse_example(serialized_batch, FEATURES)


def main(data_dir):
    batch = triplet_batches(write_shards(os.path.join(data_dir, "h60_grocery_search_triplets")), 4)
    out = []
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                got = sess.run(batch)
                out.append([got["query_terms"].tolist(), got["pos_doc"].tolist(), got["neg_doc"].tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "triplets: %d" % sum(len(b[1]) for b in out)}
