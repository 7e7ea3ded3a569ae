"""The feeding functions in a package module (`fixn_lib/inputs.py`), each called twice."""
import tensorflow.compat.v1 as tf

from fixn_lib.inputs import read_all, read_some


def main(data_dir):
    with tf.Session() as sess:
        out = read_all(sess, 0, 13) + read_some(sess, 50, 2) + read_all(sess, 200, 7) + read_some(sess, 300, 3)
    return {'batches': out, 'end': 'OutOfRangeError'}
