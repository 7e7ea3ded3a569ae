"""A provider of another module (``sluice_lib.stages.Stage``) whose ``__init__`` decodes through a function of a
third module imported there as ``from sluice_lib import decoding``; this module imports only ``stages``."""
import os

import tensorflow.compat.v1 as tf

from sluice_lib import stages
from sluice_lib import write


def staged(pattern):
    stage = stages.Stage(sorted(tf.gfile.Glob(pattern)), epochs=1)
    n, v = stage.get(["n", "v"])
    return tf.train.batch([n * 2, v], batch_size=4, allow_smaller_final_batch=True)


def main(data_dir):
    folder = os.path.join(data_dir, "f7_stage")
    write.shards(folder)
    ns, vs = staged(os.path.join(folder, "bit_*.tfrecord"))
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                n, v = sess.run([ns, vs])
                batches.append([n.tolist(), v.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
