import numpy as np
import tensorflow.compat.v1 as tf

from audio30_lib.speech_input import ALPHABET, NUM_MFCC


def make_example(seq_len, mfcc, label):
    feats_list = [tf.train.Feature(float_list=tf.train.FloatList(value=frame)) for frame in mfcc]
    return tf.train.SequenceExample(
        context=tf.train.Features(feature={
            "seq_length": tf.train.Feature(int64_list=tf.train.Int64List(value=[seq_len])),
            "label": tf.train.Feature(int64_list=tf.train.Int64List(value=label))}),
        feature_lists=tf.train.FeatureLists(feature_list={"feats": tf.train.FeatureList(feature=feats_list)}))


def write_split(path, count, seed):
    rng = np.random.RandomState(seed)
    with tf.python_io.TFRecordWriter(path) as w:
        for _ in range(count):
            t = rng.randint(2, 5)
            mfcc = np.round(rng.randn(t, NUM_MFCC), 3).tolist()
            text = "".join(ALPHABET[i] for i in rng.randint(0, 8, rng.randint(1, 4)))
            w.write(make_example(t, mfcc, [ALPHABET.index(c) for c in text]).SerializeToString())
