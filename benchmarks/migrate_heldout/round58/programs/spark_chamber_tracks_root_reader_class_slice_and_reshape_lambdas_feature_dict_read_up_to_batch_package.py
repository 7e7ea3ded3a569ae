import os

import numpy as np
import tensorflow.compat.v1 as tf

from root58_lib.root_reader import root_reader

featureDict = {
    "track": ["slope", "intercept", "chi2"],
    "hits": {
        "branches": ["gap_x", "gap_z"],
        "max": 4,
    },
}


def write_events(folder):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(1959)
    files = []
    for run in range(2):
        fname = os.path.join(folder, "chamber_run%d.csv" % run)
        with open(fname, "w") as f:
            for ev in range(5):
                slope = rng.uniform(-1, 1)
                track = [slope, ev + 10 * run, rng.uniform(0, 3)]
                xs = [round(slope * z, 2) for z in range(4)]
                if ev == 2:
                    xs[3] = float('nan')  # the last gap did not fire
                zs = [float(z) for z in range(4)]
                # branches in the reader's order: sorted feature names ("hits" before "track")
                values = ["nan" if v != v else "%.2f" % v for v in xs] + ["%.1f" % v for v in zs] + \
                         ["%.3f" % v for v in track]
                f.write(",".join(values) + "\n")
        files.append(fname)
    return files


def main(data_dir):
    fileList = write_events(os.path.join(data_dir, "h58_spark_chamber"))
    fileListQueue = tf.train.string_input_producer(fileList, num_epochs=1, shuffle=False)
    reader = root_reader(fileListQueue, featureDict, "chamber", batch=5, naninf=-1)
    batch_dict = reader.batch()
    names = sorted(batch_dict.keys())
    batch = tf.train.batch([batch_dict[n] for n in names], batch_size=5, capacity=20,
                           enqueue_many=True, num_threads=1)
    batch = dict(zip(names, batch))

    out = []
    sess = tf.Session()
    sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    steps = 0
    try:
        while True:
            result = sess.run(batch)
            out.append([np.round(result[k], 4).tolist() for k in names])
            steps += 1
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": out, "end": "events: %d" % (5 * steps)}
