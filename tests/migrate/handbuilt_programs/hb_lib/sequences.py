"""SequenceExamples of varying length for the hand-built queue programs, written by the programs themselves."""

import os

import tensorflow as tf


def write_sequences(out_dir, count, shards=2, width=2):
    os.makedirs(out_dir, exist_ok=True)
    paths = [os.path.join(out_dir, "seq-%d.tfrecord" % shard) for shard in range(shards)]
    writers = [tf.io.TFRecordWriter(p) for p in paths]
    for i in range(count):
        steps = (i % 5) + 1
        ex = tf.train.SequenceExample(feature_lists=tf.train.FeatureLists(feature_list={
            "inputs": tf.train.FeatureList(feature=[
                tf.train.Feature(float_list=tf.train.FloatList(value=[float(i)] * (width - 1) + [float(t)]))
                for t in range(steps)]),
            "labels": tf.train.FeatureList(feature=[
                tf.train.Feature(int64_list=tf.train.Int64List(value=[i * 10 + t])) for t in range(steps)]),
        }))
        writers[i % shards].write(ex.SerializeToString())
    for w in writers:
        w.close()
    return paths
