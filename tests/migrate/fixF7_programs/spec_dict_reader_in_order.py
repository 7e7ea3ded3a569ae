"""A provider reading with ``spec.reader()``, the spec's reader kept through its ``__dict__`` (and defaulted to the
TFRecord reader by the function making it): one reader, the files in turn."""
import os

import tensorflow.compat.v1 as tf

from sluice_lib import specs
from sluice_lib import write


def spec_batches(pattern):
    spec = specs.bits_spec(sorted(tf.gfile.Glob(pattern)))
    stage = specs.SpecStage(spec, epochs=1)
    n, v = stage.get(["n", "v"])
    return tf.train.batch([n, v + 1.0], batch_size=5, allow_smaller_final_batch=True)


def main(data_dir):
    folder = os.path.join(data_dir, "f7_spec")
    write.shards(folder)
    ns, vs = spec_batches(os.path.join(folder, "bit_*.tfrecord"))
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
