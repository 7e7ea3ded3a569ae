"""Ride wait times read from an unlimited CSV producer inside a MonitoredTrainingSession that stops after a
fixed number of global steps (StopAtStepHook)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

LAST_STEP = 5


def get_batch(csv_file, batch_size=3):
    filename_queue = tf.train.string_input_producer([csv_file], shuffle=False)
    reader = tf.TextLineReader()
    _, value = reader.read(filename_queue)
    ride, hour, wait, riders = tf.decode_csv(value, record_defaults=[[""], [0], [0.0], [0]])
    features = {"hour": hour, "riders": riders}
    return tf.train.batch([ride, features["hour"], features["riders"], wait], batch_size=batch_size)


def main(data_dir):
    folder = os.path.join(data_dir, "h53_carnival_ride_wait_times_monitored_training_session_stop_at_step_hook_global_step")
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(5309)
    rides = ["ferris_wheel", "waltzer", "ghost_train", "dodgems"]
    csv_file = os.path.join(folder, "wait_times.csv")
    with open(csv_file, "w") as f:
        for i in range(8):
            f.write("%s,%d,%.1f,%d\n" % (rides[i % 4], 12 + i, rng.uniform(2, 45), rng.randint(4, 40)))

    ride, hour, riders, wait = get_batch(csv_file)
    global_step = tf.train.get_or_create_global_step()
    w = tf.Variable(0.0, name="w")
    pred = w * tf.cast(riders, tf.float32)
    loss = tf.reduce_mean(tf.square(pred - wait))
    train_op = tf.train.GradientDescentOptimizer(1e-5).minimize(loss, global_step=global_step)

    hooks = [tf.train.StopAtStepHook(last_step=LAST_STEP)]
    batches = []
    with tf.train.MonitoredTrainingSession(checkpoint_dir=None, hooks=hooks) as mon_sess:
        while not mon_sess.should_stop():
            _, r, h, n, wt = mon_sess.run([train_op, ride, hour, riders, wait])
            batches.append([[x.decode() for x in r], h.tolist(), n.tolist(), wt.tolist()])
    return {"batches": batches, "end": "steps: %d" % len(batches)}
