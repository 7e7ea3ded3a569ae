import os
import numpy as np
import tensorflow as tf


def _bytes_feature(Value):
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[Value]))

def _int_feature(Value):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[Value]))

def _float_feature(Value):
    return tf.train.Feature(float_list=tf.train.FloatList(value=Value))

def _remove_nans(Arr):
    nan_idxs = np.where(np.isnan(Arr))[0]
    Arr[nan_idxs]=0

def _remove_negs(Arr):
    nan_idxs = np.where(Arr<0)[0]
    Arr[nan_idxs]=0


def real_spectra_to_tfrecord(filename, table, nshards=1):
    """
    Saves spectra in the given number of shards: filename-00000-of-0000N, ...
    `table` is a list of (objid, flux, redshift, label) rows.
    """
    per_shard = int(np.ceil(len(table) / nshards))
    names = []
    for s in range(nshards):
        name = '%s-%05d-of-%05d' % (filename, s, nshards)
        with tf.io.TFRecordWriter(name) as writer:
            for objid, flux, z, label in table[s * per_shard:(s + 1) * per_shard]:
                flux = np.array(flux, dtype=np.float64)
                _remove_nans(flux)
                _remove_negs(flux)
                example = tf.train.Example(features=tf.train.Features(feature={
                    'objid': _bytes_feature(objid.encode()),
                    'flux': _float_feature(flux.tolist()),
                    'redshift': _float_feature([z]),
                    'label': _int_feature(label),
                }))
                writer.write(example.SerializeToString())
        names.append(name)
    return names
