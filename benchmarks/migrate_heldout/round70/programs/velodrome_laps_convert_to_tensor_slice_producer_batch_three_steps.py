"""Velodrome lap times: Python lists -> convert_to_tensor -> slice_input_producer -> train.batch, a fixed loop."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def main(data_dir):
    out = os.path.join(data_dir, 'h70_velodrome')
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(7)
    with open(os.path.join(out, 'laps.txt'), 'w') as f:
        for rider in range(9):
            f.write('%d %.3f\n' % (rider, 14.0 + rng.rand() * 3))

    rid = []
    lap = []
    for line in open(os.path.join(out, 'laps.txt')):
        a, b = line.split()
        rid.append(int(a))
        lap.append(float(b))

    riders = tf.convert_to_tensor(rid)
    laps = tf.convert_to_tensor(lap, dtype=tf.float32)
    input_queue = tf.train.slice_input_producer([riders, laps], shuffle=False)
    sliced_rider = input_queue[0]
    sliced_lap = input_queue[1]

    rider_batch, lap_batch = tf.train.batch([sliced_rider, sliced_lap], batch_size=3)

    batches = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)

        for i in range(0, 3):  # batch size
            r, l = sess.run([rider_batch, lap_batch])
            batches.append([r.tolist(), np.round(l, 3).tolist()])

        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "laps: %d" % (3 * len(batches))}
