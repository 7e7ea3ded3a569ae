# Hive Frame Classification
# Script for Training Models
# Held-out round 71: brood-frame patches of a beekeeping project, laid out like the brain-tumour-classification
# repository of Qixun Qu: ``from beekeeping71_btc.btc_settings import *`` everywhere, a ``parameters`` dict module, a
# ``BTCTFRecords`` class whose ``decode_tfrecord(path, batch_size, num_epoches, patch_shape, capacity,
# min_after_dequeue)`` builds a producer, a reader method and a two-thread ``shuffle_batch`` under
# ``name_scope("input")``, and a ``BTCTrain`` class that loads the training and validating batches and runs
# per-epoch loops of ``train_num // batch_size`` and ``validate_num // batch_size`` steps.
# Writer changes: tiny seeded patches; a seed on the shuffle; no model (the loops only fetch batches).

from __future__ import print_function

import os
import numpy as np
import tensorflow.compat.v1 as tf
from beekeeping71_btc.btc_settings import *
from beekeeping71_btc.btc_tfrecords import BTCTFRecords
from beekeeping71_btc.btc_parameters import parameters


class BTCTrain():

    def __init__(self, net, paras, data_dir):
        '''__INIT__

            Initialization of class BTCTrain to set parameters
            for constructing, training and validating models.

        '''

        self.net = net

        # Initialize BTCTFRecords to load data
        self.tfr = BTCTFRecords()

        # Basic settings
        self.train_path = os.path.join(data_dir, paras["train_path"])
        self.validate_path = os.path.join(data_dir, paras["validate_path"])
        self.train_num = paras["train_num"]
        self.validate_num = paras["validate_num"]
        self.classes_num = paras["classes_num"]
        self.patch_shape = paras["patch_shape"]
        self.capacity = paras["capacity"]
        self.min_after_dequeue = paras["min_after_dequeue"]

        # Hyper-parameters
        self.batch_size = paras["batch_size"]
        self.num_epoches = paras["num_epoches"]

        return

    def _load_data(self, path):
        '''_LOAD_DATA
        '''

        return self.tfr.decode_tfrecord(path=path,
                                        batch_size=self.batch_size,
                                        num_epoches=self.num_epoches,
                                        patch_shape=self.patch_shape,
                                        capacity=self.capacity,
                                        min_after_dequeue=self.min_after_dequeue)

    def train(self):
        '''TRAIN
        '''

        # Load data from tfrecord files
        with tf.name_scope("tfrecords"):
            tra_volumes, tra_labels = self._load_data(self.train_path)
            val_volumes, val_labels = self._load_data(self.validate_path)

        init = tf.group(tf.local_variables_initializer(),
                        tf.global_variables_initializer())

        sess = tf.Session()
        sess.run(init)

        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)

        tra_iters = self.train_num // self.batch_size
        val_iters = self.validate_num // self.batch_size

        fetched = []
        try:
            for epoch in range(self.num_epoches):
                print("Epoch {}: training".format(epoch + 1))
                for i in range(tra_iters):
                    tx, ty = sess.run([tra_volumes, tra_labels])
                    fetched.append([np.round(tx, 4).tolist(), ty.tolist()])
                print("Epoch {}: validating".format(epoch + 1))
                for i in range(val_iters):
                    vx, vy = sess.run([val_volumes, val_labels])
                    fetched.append([np.round(vx, 4).tolist(), vy.tolist()])
        except tf.errors.OutOfRangeError:
            print("Training has stopped.")
        finally:
            coord.request_stop()
        coord.join(threads)
        sess.close()

        return fetched


def main(data_dir):
    tfrecords_dir = os.path.join(data_dir, "h71_beekeeping", DATA_FOLDER, TFRECORDS_FOLDER, PATCHES_FOLDER)
    tfr = BTCTFRecords("patch")
    tfr.create_tfrecord(tfrecords_dir, [("train", parameters["train_num"]),
                                        ("validate", parameters["validate_num"])])

    btc = BTCTrain("cnn", parameters, tfrecords_dir)
    batches = btc.train()
    return {"batches": batches, "end": "frames: %d" % sum(len(b[1]) for b in batches)}
