import os

import numpy as np
import tensorflow.compat.v1 as tf


def write_chimes(folder):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(6511)
    paths = []
    for shop in ("longcase", "bracket", "carriage"):
        path = os.path.join(folder, shop + "_chimes.csv")
        with open(path, "w") as f:
            for i in range(4):
                f.write("%s-%d,%d,%.2f\n" % (shop, i, rng.randint(1, 13), rng.uniform(-90, 90)))
        paths.append(path)
    return paths


def main(data_dir):
    paths = write_chimes(os.path.join(data_dir, "h65_clock_chimes"))
    filename_queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=True, seed=65)
    reader = tf.TextLineReader()
    _, value = reader.read(filename_queue)
    clock, strikes, drift_s = tf.decode_csv(value, record_defaults=[[""], [0], [0.0]])
    drift_per_day = drift_s / 7.0  # logged once a week
    min_after_dequeue = 3
    clocks, strikes_b, drift_b = tf.train.shuffle_batch(
        [clock, strikes, drift_per_day], batch_size=4, capacity=min_after_dequeue + 3 * 4,
        min_after_dequeue=min_after_dequeue, num_threads=2, seed=65)
    produced = reader.num_records_produced()
    epochs = [v for v in tf.local_variables() if v.op.name.endswith("epochs")][0]

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                c, s, d = sess.run([clocks, strikes_b, drift_b])
                batches.append([[x.decode() for x in c], s.tolist(), np.round(d, 5).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
        n_produced, n_epochs = sess.run([produced, epochs])
    return {"batches": batches, "end": "records produced: %d, epochs: %d" % (n_produced, n_epochs)}
