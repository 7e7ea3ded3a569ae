import os

import numpy as np
import tensorflow.compat.v1 as tf
from cyc50_lib import power_input as input


def make_csvs(out):
    if not os.path.exists(out):
        os.makedirs(out)
    rng = np.random.RandomState(5002)
    k = 0
    for ride in ("ride_a", "ride_b"):
        with open(os.path.join(out, ride + ".csv"), "w") as f:
            f.write("interval,watts,cadence,heart_rate,zone\n")
            for _ in range(5):
                w = rng.randint(120, 380)
                f.write("%d,%d.5,%d,%d,%d\n" % (k, w, rng.randint(75, 110), rng.randint(120, 185), min(w // 60, 6)))
                k += 1
    return out


def main(data_dir):
    sample, label = input.get_sample(make_csvs(os.path.join(data_dir, "h50_cycling_intervals")))

    sample_batch, label_batch = tf.train.batch(
        [sample, label],
        batch_size=3,
        capacity=200,
        allow_smaller_final_batch=True)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        # check what comes out first (this takes one batch off the queue)
        shape = sess.run(tf.shape(label_batch))
        print(shape)
        try:
            while True:
                s, l = sess.run([sample_batch, label_batch])
                batches.append([s.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "probe shape %s, intervals after probe: %d" % ([int(d) for d in shape], sum(len(b[1]) for b in batches))}
