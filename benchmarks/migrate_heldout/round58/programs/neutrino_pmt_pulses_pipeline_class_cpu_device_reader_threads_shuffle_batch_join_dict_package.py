import os

import numpy as np
import tensorflow.compat.v1 as tf

from llp58_lib.pipeline import Pipeline

featureDict = {
    "pulses": ["charge_0", "charge_1", "charge_2"],
    "timing": ["t_first", "t_width"],
    "truth": ["is_cc"],
}


def isSignal(truth):
    return tf.cast(tf.greater(truth[:, 0], 0.5), tf.int32)


def writeDumps(folder):
    if not os.path.exists(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(580)
    files = []
    for d in range(4):
        fname = os.path.join(folder, "pmt_dump_%d.txt" % d)
        with open(fname, "w") as f:
            for ev in range(4):
                q = np.round(rng.uniform(0, 5, 3), 2)
                # the event number travels in t_first so every event is told apart
                f.write("%.2f,%.2f,%.2f,%.1f,%.2f,%d\n" % (q[0], q[1], q[2], d * 10 + ev, 0.25 * (ev + 1), (d + ev) % 2))
        files.append(fname)
    return files


def main(data_dir):
    files = writeDumps(os.path.join(data_dir, "h58_neutrino"))
    pipeline = Pipeline(files, featureDict, batchSize=4, repeat=1, maxThreads=3, seed=58)
    batch = pipeline.init(isSignal)

    names = sorted(batch.keys())
    out = []
    sess = tf.Session()
    sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    step = 0
    try:
        while not coord.should_stop():
            values = sess.run(batch)
            out.append([values[k].tolist() for k in names])
            step += 1
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": out, "end": "events: %d in %d steps" % (4 * step, step)}
