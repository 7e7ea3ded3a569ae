"""Two callers (a train and an eval loader) of the provider subclass, one shuffled with two readers: both batches
left, each note naming the form."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from kiln_lib.shards import write
from kiln_lib.spec import SpecProvider, glaze_spec


def train_inputs(spec):
    [glaze, cone] = SpecProvider(spec, readers=2, mix=True, epochs=1, room=8, floor=2).get(["glaze", "cone"])
    return tf.train.batch([glaze, cone], batch_size=2)


def eval_inputs(spec):
    provider = SpecProvider(spec, epochs=1)
    cone, glaze = provider.get(["cone", "glaze"])
    return tf.train.batch([glaze, cone], batch_size=3)


def main(data_dir):
    spec = glaze_spec(write(os.path.join(data_dir, "provhelper_c")))
    pairs = [train_inputs(spec), eval_inputs(spec)]
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        for glazes, cones in pairs:
            try:
                while True:
                    g, c = sess.run([glazes, cones])
                    batches.append([np.round(g, 5).tolist(), c.tolist()])
            except tf.errors.OutOfRangeError:
                end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
