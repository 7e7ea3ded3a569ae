import os

import numpy as np
import tensorflow.compat.v1 as tf

from carou65_lib import ride_input


def write_logs(folder):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(6502)
    horses = ["bay", "grey", "pinto", "palomino", "roan"]
    paths = []
    for day in range(2):
        path = os.path.join(folder, "rides_day%d.csv" % day)
        with open(path, "w") as f:
            f.write("horse,riders,turns,fare\n")
            for i in range(5):
                f.write("%s,%d,%d,%.2f\n" % (horses[rng.randint(5)], rng.randint(1, 3), rng.randint(3, 9),
                                             rng.choice([1.5, 2.25, 3.0])))
        paths.append(path)
    return paths


def main(data_dir):
    paths = write_logs(os.path.join(data_dir, "h65_carousel_rides"))
    features, counter = ride_input.input_fn(paths, batch_size=2)
    global_step = tf.train.get_or_create_global_step()
    mean_takings = tf.reduce_mean(features["takings"])
    train_op = tf.assign_add(global_step, 1)

    batches = []
    with tf.train.MonitoredTrainingSession(hooks=[tf.train.StopAtStepHook(last_step=100)]) as sess:
        while not sess.should_stop():
            f, m, _ = sess.run([features, mean_takings, train_op])
            batches.append([[h.decode() for h in f["horse"]], f["ride_no"].tolist(), f["riders"].tolist(),
                            np.round(f["takings"], 4).tolist(), [float(np.round(m, 4))]])
    return {"batches": batches, "end": "rides: %d" % sum(len(b[0]) for b in batches)}
