"""Clause tagging (BIO over contract tokens): SequenceExample TFRecords, a reader class, dynamic_pad batch."""
import os
import random

import tensorflow.compat.v1 as tf


def make_sequence_example(token_ids, tag_ids):
    ex = tf.train.SequenceExample()
    ex.context.feature["length"].int64_list.value.append(len(token_ids))
    toks = ex.feature_lists.feature_list["tokens"]
    tags = ex.feature_lists.feature_list["tags"]
    for t, g in zip(token_ids, tag_ids):
        toks.feature.add().int64_list.value.append(t)
        tags.feature.add().int64_list.value.append(g)
    return ex


class ClauseRecordReader(object):
    """Reads one SequenceExample at a time and returns padded batches."""

    context_features = {"length": tf.FixedLenFeature([], dtype=tf.int64)}
    sequence_features = {
        "tokens": tf.FixedLenSequenceFeature([], dtype=tf.int64),
        "tags": tf.FixedLenSequenceFeature([], dtype=tf.int64),
    }

    def __init__(self, record_path, batch_size):
        self.record_path = record_path
        self.batch_size = batch_size

    def read(self):
        filename_queue = tf.train.string_input_producer([self.record_path], num_epochs=1, shuffle=False)
        _, serialized = tf.TFRecordReader().read(filename_queue)
        context, sequence = tf.parse_single_sequence_example(
            serialized, context_features=self.context_features, sequence_features=self.sequence_features)
        return context["length"], sequence["tokens"], sequence["tags"]

    def get_batch(self):
        length, tokens, tags = self.read()
        return tf.train.batch([length, tokens, tags], batch_size=self.batch_size,
                              num_threads=1, capacity=20, dynamic_pad=True, allow_smaller_final_batch=True)


def main(data_dir):
    folder = os.path.join(data_dir, "h60_contract_clauses")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "clauses.tfrecord")
    rng = random.Random(606)
    with tf.python_io.TFRecordWriter(path) as w:
        for _ in range(10):
            n = rng.randint(2, 6)
            w.write(make_sequence_example([rng.randint(1, 50) for _ in range(n)],
                                          [rng.randint(0, 2) for _ in range(n)]).SerializeToString())
    batch = ClauseRecordReader(path, batch_size=4).get_batch()
    out = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            length, tokens, tags = sess.run(batch)
            out.append([length.tolist(), tokens.tolist(), tags.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": out, "end": "clauses: %d" % sum(len(b[0]) for b in out)}
