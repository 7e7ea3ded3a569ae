"""A Cloud-ML-style input function: a nested ``def`` returning a GZIP ``TFRecordReader`` handed as ``reader=``."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1.python_io import TFRecordCompressionType

from g4_lib import learn_io, shards

FEATURES = {"idx": tf.FixedLenFeature([], tf.int64), "level": tf.FixedLenFeature([], tf.float32)}


def build_input_fn(mode):
    def _input_fn(data_dir, batch_size=3):
        def gzip_reader():
            """The reader for GZIP shards."""
            return tf.TFRecordReader(options=tf.python_io.TFRecordOptions(
                compression_type=TFRecordCompressionType.GZIP))

        features = learn_io.read_batch_features(
            file_pattern=os.path.join(data_dir, mode + "*"), batch_size=batch_size, features=FEATURES,
            reader=gzip_reader, num_epochs=1, reader_num_threads=1)
        label = features.pop("level")
        return features, label
    return _input_fn


def main(data_dir):
    folder = os.path.join(data_dir, "g4_gzip")
    shards.write_shards(folder, "GZIP")
    features, label = build_input_fn("part")(folder)
    batches = []
    with tf.train.MonitoredSession() as sess:
        while not sess.should_stop():
            f, l = sess.run([features, label])
            batches.append([f["idx"].tolist(), l.tolist()])
    return {"batches": batches, "end": "done"}
