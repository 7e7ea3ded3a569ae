"""Car-wash bay controller logs through a company trainer package: a callable `CsvInputFn` object (producer
over the CSV shards, `TextLineReader.read_up_to`, vector `decode_csv` into a column dict, unused columns
dropped, `tf.train.batch(enqueue_many=True, allow_smaller_final_batch=True)`, label popped) evaluated in a
`tf.train.MonitoredSession` until it stops at the end of the epoch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from carwash79.trainer.inputs import CsvInputFn

PROGRAMS = ['basic', 'deluxe', 'wax', 'underbody']


def main(data_dir):
    d = os.path.join(data_dir, 'h79_car_wash')
    os.makedirs(d, exist_ok=True)
    rng = np.random.RandomState(79)
    files = []
    for shard in range(2):
        path = os.path.join(d, 'bay_logs-%05d-of-00002.csv' % shard)
        with open(path, 'w') as f:
            for _ in range(5):
                f.write('%d,%s,%.1f,%.1f,%d,%d\n' % (rng.randint(1, 5), PROGRAMS[rng.randint(0, 4)],
                                                    40 + rng.rand() * 80, rng.rand() * 200,
                                                    rng.randint(3, 15), rng.randint(0, 2)))
        files.append(path)

    eval_input_fn = CsvInputFn(files, batch_size=4, num_epochs=1, read_size=3, shuffle=False)
    features, labels = eval_input_fn()

    out = []
    with tf.train.MonitoredSession() as sess:
        while not sess.should_stop():
            f, l = sess.run([features, labels])
            out.append([[p.decode() for p in f['program']], np.round(f['water_l'].astype(np.float64), 1).tolist(),
                        f['minutes'].tolist(), l.tolist()])
    return {"batches": out, "end": "washes: %d" % sum(len(b[0]) for b in out)}
