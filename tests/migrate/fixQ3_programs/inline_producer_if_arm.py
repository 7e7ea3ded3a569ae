"""The batching arm is the ``if``'s own (``if not training:``), the ``else`` raising; the helper (a module
function here, its reader the package's) is handed a producer made inline in the call, under a ``name_scope``."""
import os

import tensorflow as tf

from q3_lib.readers import read_sequence as read_one
from q3_lib import records


def eval_batches(files_queue, batch_size, training=False):
    with tf.compat.v1.name_scope("eval_input"):
        feats = read_one(files_queue)
        if not training:
            out = tf.compat.v1.train.batch(feats, batch_size=batch_size, dynamic_pad=True,
                                           allow_smaller_final_batch=True)
        else:
            raise NotImplementedError("training input lives elsewhere")
    return out


def main(data_dir):
    files = records.write_shards(os.path.join(data_dir, "q3_inline"), shards=3, per_shard=2, seed=9)
    batch = eval_batches(tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=False), 4)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                b = sess.run(batch)
                batches.append([b["speaker"].tolist(), b["tokens"].tolist(), b["frames"].tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
