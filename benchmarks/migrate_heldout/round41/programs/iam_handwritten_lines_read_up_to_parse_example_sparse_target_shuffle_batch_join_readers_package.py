import os

import numpy as np
import tensorflow.compat.v1 as tf

from iam41_lib import readers
from iam41_lib import records
from iam41_lib.train_input import FLAGS, get_input_data_tensors


def rows_of(sparse_value, n):
    rows = [[] for _ in range(n)]
    for (r, _), v in zip(sparse_value.indices.tolist(), sparse_value.values.tolist()):
        rows[r].append(v)
    return rows


def main(data_dir):
    FLAGS.train_data_pattern = records.write_shards(os.path.join(data_dir, "h41_iam_lines"))
    reader = readers.IAMAggregatedFeatureReader(num_classes=len(records.VOCAB))

    imageInput, seq_len, target = get_input_data_tensors(
        reader,
        FLAGS.train_data_pattern.format("*"),
        batch_size=FLAGS.batch_size,
        num_readers=FLAGS.num_readers,
        num_epochs=FLAGS.num_epochs)
    seq_len = tf.cast(seq_len, tf.int32)
    target = tf.cast(target, tf.int32)
    ink = tf.reduce_sum(imageInput, axis=1)

    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    batches = []
    with tf.Session() as sess:
        sess.run(init_op)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                ink_v, len_v, target_v = sess.run([ink, seq_len, target])
                n = len(ink_v)
                batches.append([np.round(ink_v.astype(np.float64), 2).tolist(),
                                len_v.reshape(-1).tolist(),
                                rows_of(target_v, n)])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "lines: %d" % sum(len(b[0]) for b in batches)}
