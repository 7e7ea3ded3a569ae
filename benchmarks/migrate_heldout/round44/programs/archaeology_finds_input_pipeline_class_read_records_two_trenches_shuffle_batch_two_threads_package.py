import os

import numpy as np
import tensorflow.compat.v1 as tf

from arch44_lib.records import write_finds, MATERIALS
from arch44_lib.pipeline import InputPipeline


def main(data_dir):
    folder = os.path.join(data_dir, "h44_archaeology_finds")
    if not os.path.isdir(folder):
        os.makedirs(folder)
    filenames = write_finds(folder)
    pipeline = InputPipeline(num_threads=2)
    samples, labels, finds = pipeline.input_pipeline(filenames, batch_size=4, num_epochs=1)
    volume = samples[:, 0] * samples[:, 1] * samples[:, 2] / 1000.0

    batches = []
    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            s, l, f, v = sess.run([samples, labels, finds, volume])
            batches.append([np.round(s.astype(np.float64), 1).tolist(),
                            [MATERIALS[i] for i in l], f.tolist(),
                            np.round(v.astype(np.float64), 2).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return {"batches": batches, "end": "finds: %d" % sum(len(b[0]) for b in batches)}
