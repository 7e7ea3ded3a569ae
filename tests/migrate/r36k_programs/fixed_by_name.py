"""The record helper imported by name (``from r36k_lib.clips import read_clip``): its reader's ``record_bytes`` an
expression of its module's constants (imported here), ``header_bytes`` a literal one (in order)."""
import os

import tensorflow.compat.v1 as tf

from r36k_lib import clips
from r36k_lib.clips import read_clip


def main(data_dir):
    out = os.path.join(data_dir, "r36k_fixed_by_name")
    os.makedirs(out, exist_ok=True)
    paths = [clips.write_clips(out, s, 4, seed) for seed, s in enumerate(["a", "b"])]
    queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    samples, label = read_clip(queue)
    batch = tf.train.batch([samples, label], batch_size=2)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                s, l = sess.run(batch)
                batches.append([s.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
