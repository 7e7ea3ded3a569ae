# -*- coding: utf-8 -*-
"""Fungi habitat survey: a NiftyNet-like sampler (InputBatchQueueRunner subclass) buffers records
into a named RandomShuffleQueue from two Python threads; the driver pops dict batches."""
from __future__ import absolute_import, print_function, division

import os
import random

import numpy as np
import tensorflow as tf

from fungi48_lib.sampler import HabitatSampler

SPECIES = ['Amanita muscaria', 'Boletus edulis', 'Cantharellus cibarius', 'Russula emetica']


def write_survey(path):
    rng = random.Random(4809)
    with open(path, 'w') as f:
        f.write('species,ph,oak,beech,pine,edible\n')
        for i in range(12):
            sp = SPECIES[i % 4]
            f.write('%s,%.1f,%.2f,%.2f,%.2f,%d\n' % (sp, rng.uniform(4.0, 7.5), rng.random(), rng.random(),
                                                    rng.random(), 1 if sp in SPECIES[1:3] else 0))


class ApplicationDriver(object):
    def __init__(self, survey_csv):
        self.sampler = HabitatSampler(survey_csv, window_size=2, queue_length=10, shuffle=True)
        self.data_dict = self.sampler.pop_batch_op(batch_size=4)

    def run(self):
        outputs = []
        coord = tf.compat.v1.train.Coordinator()
        with tf.compat.v1.Session() as sess:
            self.sampler.run_threads(sess, coord, num_threads=2)
            while True:
                try:
                    out = sess.run(self.data_dict)
                except tf.errors.OutOfRangeError:
                    break
                outputs.append([[s.decode() for s in out['species']],
                                np.round(out['substrate_ph'].astype(np.float64), 2).tolist(),
                                np.round(out['canopy'].astype(np.float64), 3).tolist(),
                                out['edible'].tolist()])
            coord.request_stop()
            self.sampler.close_all()
        return outputs


def main(data_dir):
    folder = os.path.join(data_dir, 'h48_mushroom_habitat')
    os.makedirs(folder, exist_ok=True)
    survey = os.path.join(folder, 'survey.csv')
    write_survey(survey)
    driver = ApplicationDriver(survey)
    batches = driver.run()
    return {'batches': batches, 'end': 'records: %d' % sum(len(b[0]) for b in batches)}
