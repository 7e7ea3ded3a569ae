"""Smart-meter readings of three feeders, read by two Python threads of an Input_proto subclass into a named
FIFOQueue, dequeued four at a time for a fixed number of steps (all twelve readings)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from grid40_lib.config_agent import FLAGS, VARS
from grid40_lib.meter_input import MeterInput


def write_feeders(root):
    rng = np.random.RandomState(40)
    for feeder in range(3):
        with open(os.path.join(root, 'feeder_%d.csv' % feeder), 'w') as f:
            for meter in range(4):
                f.write('F%dM%d,%.2f,%.1f,%d\n' % (feeder, meter, rng.uniform(0.1, 3.0),
                                                 rng.uniform(225.0, 245.0), rng.randint(0, 3)))


def main(data_dir):
    root = os.path.join(data_dir, 'h40_smart_meter')
    os.makedirs(root, exist_ok=True)
    write_feeders(root)
    steps = 12 // FLAGS['batch_size']

    VARS['sess'] = tf.Session()
    VARS['coord'] = tf.train.Coordinator()
    reader = MeterInput(root)
    batch = reader.read()
    reader.sess.run(tf.global_variables_initializer())
    reader.launch()

    batches = []
    for step in range(steps):
        values = reader.sess.run(batch)
        batches.append([[m.decode() for m in values['meter_id']],
                        np.round(values['readings'].astype(np.float64), 2).tolist(),
                        values['band_onehot'].tolist()])
    reader.close()
    VARS['sess'] = VARS['coord'] = None
    return {"batches": batches, "end": "readings: %d" % sum(len(b[0]) for b in batches)}
