"""Falconry lure flights: a cloud-course `read_dataset(filename, mode, batch_size)` returning `_input_fn`
(gfile.Glob file list, a dict train.batch with the label popped after it) driven by a `task` module under MonitoredTrainingSession with a
StopAtStepHook; the EVAL mode gives one epoch, so the session stops on the end of the data -- package."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from falconry_trainer import task


def main(data_dir):
    out = os.path.join(data_dir, 'h70_falconry')
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(2)
    with open(os.path.join(out, 'flights-00000-of-00001.csv'), 'w') as f:
        for i in range(10):
            f.write('bird%02d,%s,%.1f,%.1f,%d\n' % (i, ['hawk', 'falcon', 'owl'][rng.randint(3)],
                                                   500 + rng.rand() * 800, rng.rand() * 200, rng.randint(2)))

    seen = task.train_and_collect(os.path.join(out, 'flights-*.csv'), batch_size=2, max_steps=100)
    batches = [[a, b, np.round(c, 1).tolist(), np.round(d, 1).tolist(), e] for a, b, c, d, e in seen]
    return {"batches": batches, "end": "flights: %d" % sum(len(b[0]) for b in batches)}
