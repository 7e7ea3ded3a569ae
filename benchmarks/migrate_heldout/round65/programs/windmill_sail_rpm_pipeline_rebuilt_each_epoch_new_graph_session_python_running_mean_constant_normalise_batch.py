# -*- coding: utf-8 -*-
# Windmill sail logs. The queue pipeline is built again in a fresh graph every epoch
# (num_epochs=1 producers cannot be rewound), and the mean of the previous epoch is
# carried over in python and baked into the next graph as a constant.
import os

import numpy as np
import tensorflow.compat.v1 as tf

NUM_EPOCHS = 2
BATCH_SIZE = 3


def write_logs(folder):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(6504)
    files = []
    for mill in ("de_adriaan", "molen_de_valk"):
        path = os.path.join(folder, mill + ".txt")
        with open(path, "w") as f:
            for i in range(6):
                f.write("%s %d %.2f %.1f\n" % (mill, i, rng.uniform(8, 22), rng.uniform(3, 12)))
        files.append(path)
    return files


def build_pipeline(files, rpm_mean, wind_scale):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(queue)
    mill, minute, rpm, wind = tf.decode_csv(line, record_defaults=[[""], [0], [0.0], [0.0]], field_delim=" ")
    centred = rpm - tf.constant(rpm_mean, dtype=tf.float32)
    tip_speed = rpm * (2.0 * 3.14159 * 12.0) / 60.0
    ratio = tip_speed / (wind * wind_scale)
    return tf.train.batch([mill, minute, rpm, tf.stack([centred, ratio])], batch_size=BATCH_SIZE)


def run_epoch(files, rpm_mean, wind_scale):
    rows = []
    with tf.Graph().as_default():
        mill, minute, rpm, feats = build_pipeline(files, rpm_mean, wind_scale)
        with tf.Session() as sess:
            sess.run(tf.local_variables_initializer())
            coord = tf.train.Coordinator()
            threads = tf.train.start_queue_runners(sess=sess, coord=coord)
            try:
                while not coord.should_stop():
                    m, t, r, f = sess.run([mill, minute, rpm, feats])
                    rows.append(([x.decode() for x in m], t.tolist(), r, f))
            except tf.errors.OutOfRangeError:
                pass
            finally:
                coord.request_stop()
                coord.join(threads)
    return rows


def main(data_dir):
    files = write_logs(os.path.join(data_dir, "h65_windmill_sails"))
    rpm_mean = 0.0
    wind_scale = 1.0
    batches = []
    for epoch in range(NUM_EPOCHS):
        rows = run_epoch(files, rpm_mean, wind_scale)
        seen = np.concatenate([r[2] for r in rows])
        for m, t, r, f in rows:
            batches.append([[epoch], m, t, np.round(f, 4).tolist()])
        rpm_mean = float(seen.mean())
        wind_scale = wind_scale * 0.9
    return {"batches": batches, "end": "epochs: %d, last mean rpm %.3f" % (NUM_EPOCHS, rpm_mean)}
