"""DeepFM-style trainer input: libsvm click logs of in-game ad impressions, config object + input class."""
import os
import random

import tensorflow.compat.v1 as tf

from ctr60_lib.config import CtrConfig
from ctr60_lib.libsvm_input import LibsvmInput


def write_logs(folder):
    os.makedirs(folder, exist_ok=True)
    rng = random.Random(601)
    paths = []
    for part in range(2):
        path = os.path.join(folder, "part-%05d" % part)
        with open(path, "w") as f:
            for _ in range(6):
                clicked = rng.randint(0, 1)
                fields = ["%d:%.2f" % (k * 10 + rng.randint(0, 9), rng.randint(1, 20) / 4.0) for k in range(3)]
                f.write("%d %s\n" % (clicked, " ".join(fields)))
        paths.append(path)
    return paths


def main(data_dir):
    paths = write_logs(os.path.join(data_dir, "h60_mobile_game_ad_impressions"))
    config = CtrConfig()
    features, labels = LibsvmInput(config, paths).build()
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                ids, vals, y = sess.run([features["feat_ids"], features["feat_vals"], labels])
                batches.append([ids.tolist(), vals.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "impressions: %d" % sum(len(b[2]) for b in batches)}
