import os
import csv
import numpy as np
from glob import glob
import tensorflow as tf

tf1 = tf.compat.v1

BLOOD_TYPES = ['O', 'A', 'B', 'AB']


def logodds(p):
    return np.log(p/(1.-p))


class DataLoader(object):
    '''This loads the donor / recipient pairs and the labels through a tensorflow queue.
    All of the labels are loaded regardless of what is specified in graph,
    because this model is gpu throttled anyway so there shouldn't be any
    overhead

    For multiple gpu, the strategy here is to have 1 queue with 2xbatch_size
    then use tf.split within trainer.train()
    '''
    def __init__(self, root, batch_size, num_gpu=2, split='train', prior=0.3):
        self.root = root
        self.batch_size = batch_size
        self.num_gpu = num_gpu
        self.split = split
        self.prior_logodds = logodds(prior)
        self.csv_files = sorted(glob(os.path.join(root, split, '*.csv')))
        with open(self.csv_files[0]) as f:
            self.columns = next(csv.reader(f))
        self.n_examples = 0
        for fn in self.csv_files:
            with open(fn) as f:
                self.n_examples += sum(1 for _ in f) - 1

    def read_pair(self, filename_queue):
        reader = tf1.TextLineReader(skip_header_lines=1)
        _, value = reader.read(filename_queue)
        pair_id, donor_abo, recip_abo, hla_mismatch, donor_age, recip_age, matched = tf1.decode_csv(
            value, record_defaults=[[''], [''], [''], [0], [0.], [0.], [0]])
        abo = tf.cast(tf.equal(tf.constant(BLOOD_TYPES), donor_abo), tf.float32) - \
            tf.cast(tf.equal(tf.constant(BLOOD_TYPES), recip_abo), tf.float32)
        feats = tf.concat([abo, tf.stack([tf.cast(hla_mismatch, tf.float32) / 6.,
                                          (donor_age - recip_age) / 10.])], axis=0)
        label = tf.cast(matched, tf.float32)
        return pair_id, feats, label

    def get_batch(self, num_epochs=None):
        with tf.name_scope('loader'):
            filename_queue = tf1.train.string_input_producer(
                self.csv_files, num_epochs=num_epochs, shuffle=False)
            pair_id, feats, label = self.read_pair(filename_queue)
            # one queue for all gpus: num_gpu x batch_size rows per dequeue
            ids, x, y = tf1.train.batch([pair_id, feats, label],
                                        batch_size=self.num_gpu * self.batch_size,
                                        num_threads=1,
                                        capacity=4 * self.num_gpu * self.batch_size)
        return ids, x, y
