"""Sensor rows read by a pipeline of a package module, which adds columns by the mode each caller names."""
import os

import tensorflow.compat.v1 as tf

from r34c_lib import sensors


def main(data_dir):
    root = os.path.join(data_dir, "r34c_sensors")
    os.makedirs(root, exist_ok=True)
    with open(os.path.join(root, "a.csv"), "w") as f:
        f.writelines(f"{i},{i * 3}\n" for i in range(8))
    with open(os.path.join(root, "b.csv"), "w") as f:
        f.writelines(f"{i * 7}\n" for i in range(8))
    raw, scaled, extra = sensors.sensor_batch(os.path.join(root, "a.csv"), os.path.join(root, "b.csv"), "scaled")
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([t.tolist() for t in sess.run([raw, scaled, extra])])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
