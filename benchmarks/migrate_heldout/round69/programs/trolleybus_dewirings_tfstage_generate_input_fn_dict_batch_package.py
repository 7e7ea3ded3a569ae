"Evaluation task script."
# Trolleybus dewiring risk, after fomorians/tfstage's project template (`{{project_name}}/inputs.py`,
# `feature_engineering.py`, `main.py`): `generate_input_fn(batch_size, num_epochs=None, shuffle=False)` returning
# `_input_fn` under `tf.device('/cpu:0')` with a constant table, `slice_input_producer(tensor_list=...)`,
# `train.batch(allow_smaller_final_batch=True)`, `to_float`, feature and label dicts "for exporting"; a
# `feature_engineering_fn(features, labels)` applied after it. The template's TODO table is filled from CSV files
# and its `truth_table[:2]` / `truth_table[2]` slicing is by column; the eval input (`num_epochs=1`,
# `shuffle=False`) is run in a plain session instead of a contrib `Experiment`.
from __future__ import absolute_import
from __future__ import print_function
from __future__ import division

import argparse
import os

import numpy as np
import tensorflow.compat.v1 as tf

from trolley69.inputs import generate_input_fn
from trolley69.feature_engineering import feature_engineering_fn


def main(data_dir):
    out = os.path.join(data_dir, 'h69_trolleybus')
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(69)
    eval_files = []
    for depot in ('north', 'south'):
        path = os.path.join(out, 'eval_%s.csv' % depot)
        with open(path, 'w') as f:
            for _ in range(5):
                gap, speed, radius, ice = rng.randint(2, 9), rng.randint(10, 50), rng.randint(15, 300), rng.randint(0, 2)
                f.write('%d,%d,%d,%d,%d\n' % (gap, speed, radius, ice, int(ice and speed > 30 or radius < 40)))
        eval_files.append(path)

    parser = argparse.ArgumentParser()
    parser.add_argument('--eval-files', nargs='+', default=eval_files)
    parser.add_argument('--eval-batch-size', type=int, default=4)
    args = parser.parse_args([])

    eval_input_fn = generate_input_fn(
        filenames=args.eval_files,
        batch_size=args.eval_batch_size,
        num_epochs=1,
        shuffle=False)
    features, labels = feature_engineering_fn(*eval_input_fn())

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                f, l = sess.run([features, labels])
                batches.append([np.round(f['inputs'], 3).tolist(), l['label'].tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "wire sections: %d" % sum(len(b[1]) for b in batches)}
