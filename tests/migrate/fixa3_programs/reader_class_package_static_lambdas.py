"""A ChamberReader (another module: computed ``__init__``, static slice lambdas) made by name, its dict read in
sorted key order and batched with ``enqueue_many=True``; ``import tensorflow.compat.v1 as tf``."""
import os

import tensorflow.compat.v1 as tf

from fixa3_lib.chamber import ChamberReader, write_csv

FEATURES = {"track": ["slope", "offset"], "hits": {"width": 2, "rows": 2}}


def main(data_dir):
    files = write_csv(os.path.join(data_dir, "fixa3_pkg"), "run", 2, 6, 6)
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = ChamberReader(queue, FEATURES, block=3, scale=0.5)
    parts = reader.batch()
    names = sorted(parts.keys())
    batch = tf.train.batch([parts[n] for n in names], batch_size=4, capacity=20, enqueue_many=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([v.tolist() for v in sess.run(batch)])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
