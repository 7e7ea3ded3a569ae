"""Protein secondary structure: SequenceExample records (context length + residue / label feature lists),
parse_single_sequence_example, train.batch(dynamic_pad=True)."""
import os

import numpy as np
import tensorflow as tf
from tensorflow.compat.v1 import train

AMINO = "ACDEFGHIKLMNPQRSTVWY"


def make_example(seq, ss):
    ex = tf.train.SequenceExample()
    ex.context.feature["length"].int64_list.value.append(len(seq))
    residues = ex.feature_lists.feature_list["residues"]
    labels = ex.feature_lists.feature_list["ss"]
    for a, s in zip(seq, ss):
        residues.feature.add().int64_list.value.append(AMINO.index(a))
        labels.feature.add().int64_list.value.append(s)
    return ex


def write_proteins(path):
    rs = np.random.RandomState(61)
    with tf.io.TFRecordWriter(path) as w:
        for _ in range(7):
            n = rs.randint(3, 8)
            seq = "".join(AMINO[k] for k in rs.randint(0, 20, n))
            w.write(make_example(seq, rs.randint(0, 3, n).tolist()).SerializeToString())


def main(data_dir):
    out = os.path.join(data_dir, "h36_protein")
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, "cullpdb_train.tfrecord")
    write_proteins(path)
    queue = train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.compat.v1.TFRecordReader()
    _, serialized = reader.read(queue)
    context, sequence = tf.compat.v1.parse_single_sequence_example(
        serialized,
        context_features={"length": tf.compat.v1.FixedLenFeature([], tf.int64)},
        sequence_features={"residues": tf.compat.v1.FixedLenSequenceFeature([], tf.int64),
                           "ss": tf.compat.v1.FixedLenSequenceFeature([], tf.int64)})
    length = tf.cast(context["length"], tf.int32)
    residues, ss = sequence["residues"], sequence["ss"]
    res_b, ss_b, len_b = train.batch([residues, ss, length], batch_size=3, dynamic_pad=True,
                                     allow_smaller_final_batch=True)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                r, s, n = sess.run([res_b, ss_b, len_b])
                batches.append([[x[:k].tolist() for x, k in zip(r, n)], [x[:k].tolist() for x, k in zip(s, n)],
                                n.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "chains: %d" % sum(len(b[2]) for b in batches)}
