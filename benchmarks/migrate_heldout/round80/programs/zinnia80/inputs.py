#!/usr/bin/env python
#coding=utf-8
"""
Author:deepdeliver

Input function for zinnia seed-catalogue click logs in libsvm lines.

After imsheridan/xDeepRank ``xdeeprank/inputs.py`` (the sample line comment, ``input_fn(filenames, batch_size=32,
num_epochs=1, perform_shuffle=False)`` with ``print('Parsing', filenames)`` and an inner ``decode_libsvm(line)``:
``string_split`` on spaces, the label, ``string_split`` of ``id:val`` pairs, ``tf.split`` into ``feat_ids`` /
``feat_vals``, a ``{"feat_ids", "feat_vals"}`` dict and the labels). The source read with ``TextLineDataset``;
here a producer and ``TextLineReader`` feed ``train.batch`` / ``shuffle_batch``, and the field size is fixed so the
batch has a static shape, and the label rides in the features dict through the batch and is popped after it (the source's commented ``reshape(..., [-1, field_size])``).
"""

import tensorflow.compat.v1 as tf

FIELD_SIZE = 4

#1 1:0.5 2:0.03519 3:1 4:0.02567
def input_fn(filenames, batch_size=32, num_epochs=1, perform_shuffle=False):
    print('Parsing', filenames)
    def decode_libsvm(line):
        columns = tf.string_split([line], ' ')
        labels = tf.string_to_number(columns.values[0], out_type=tf.float32)
        splits = tf.string_split(columns.values[1:], ':')
        id_vals = tf.reshape(splits.values,splits.dense_shape)
        feat_ids, feat_vals = tf.split(id_vals,num_or_size_splits=2,axis=1)
        feat_ids = tf.string_to_number(feat_ids, out_type=tf.int32)
        feat_vals = tf.string_to_number(feat_vals, out_type=tf.float32)
        feat_ids = tf.reshape(feat_ids, [FIELD_SIZE])
        feat_vals = tf.reshape(feat_vals, [FIELD_SIZE])
        return {"feat_ids": feat_ids, "feat_vals": feat_vals}, labels

    # Extract lines from input files, can pass one filename or filename list
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=perform_shuffle)
    _, line = tf.TextLineReader().read(filename_queue)
    features, labels = decode_libsvm(line)
    features["label"] = labels

    # Randomizes input using a window of 256 elements (read into memory)
    if perform_shuffle:
        batch_features = tf.train.shuffle_batch(
            features, batch_size=batch_size, capacity=256 + 3 * batch_size,
            min_after_dequeue=256)
    else:
        batch_features = tf.train.batch(features, batch_size=batch_size)
    batch_labels = batch_features.pop("label")

    #return tf.reshape(batch_ids,shape=[-1,field_size]), tf.reshape(batch_vals,shape=[-1,field_size]), batch_labels
    return batch_features, batch_labels
