from __future__ import print_function

import json
import os
import random

import numpy as np
import tensorflow as tf

from laundrydf49_lib.dataflow import TextDataflow
from laundrydf49_lib.dataset import LaundryDataset
from laundrydf49_lib.decoder import JsonLineDecoder

PROGRAMS = ['cotton', 'synthetics', 'wool', 'quick_wash', 'eco']


def write_logs(folder):
    rnd = random.Random(49)
    k = 0
    for part in range(2):
        with open(os.path.join(folder, 'train-%d.jsonl' % part), 'w') as f:
            for _ in range(4 + part):
                f.write(json.dumps({'ts': 1700000000 + 60 * k, 'program': PROGRAMS[k % 5],
                                    'drum_rpm': rnd.choice([400, 800, 1200, 1400]),
                                    'water_l': round(rnd.uniform(6, 18), 1),
                                    'temp_c': rnd.choice([20, 30, 40, 60, 90])}) + '\n')
                k += 1
    with open(os.path.join(folder, 'validation-0.jsonl'), 'w') as f:
        f.write(json.dumps({'ts': 0, 'program': 'eco', 'drum_rpm': 1, 'water_l': 1, 'temp_c': 1}) + '\n')


def main(data_dir):
    folder = os.path.join(data_dir, 'h49_laundry_jsonl')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    write_logs(folder)

    dataset = LaundryDataset(folder, subset='train')
    dataflow = TextDataflow(dataset, JsonLineDecoder(), shuffle=False, num_threads=1,
                            num_epochs=1, capacity=16, min_queue_examples=4)
    features, programs = dataflow.batch_inputs(batch_size=4)
    print('examples per epoch:', dataset.num_examples_per_epoch())

    batches = []
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            f, p = sess.run([features, programs])
            batches.append([np.round(f.astype(np.float64), 3).tolist(), [s.decode() for s in p]])
    except tf.errors.OutOfRangeError:
        print('Done - out of range')
    finally:
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return {"batches": batches, "end": "cycles: %d" % sum(len(b[1]) for b in batches)}
