"""Stake records: six melt readings per stake (2 visits x 3 heights), stored as raw float32 bytes with their
shape, and the total ablation of the season."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def _bytes(v):
	return tf.train.Feature(bytes_list=tf.train.BytesList(value=[v]))


def write_stakes(path, n=7):
	rng = np.random.RandomState(44)
	with tf.python_io.TFRecordWriter(path) as w:
		for i in range(n):
			x = np.round(rng.uniform(0.0, 3.0, size=(2, 3)), 2).astype(np.float32)
			y = np.array([x.sum() * 0.91], dtype=np.float32)
			ex = tf.train.Example(features=tf.train.Features(feature={
				"x_raw": _bytes(x.tobytes()),
				"y_raw": _bytes(y.tobytes()),
				"x_shape": _bytes(np.array(x.shape, dtype=np.int32).tobytes()),
				"y_shape": _bytes(np.array(y.shape, dtype=np.int32).tobytes()),
			}))
			w.write(ex.SerializeToString())


def stake_decode(features):
	x = tf.decode_raw(features["x_raw"], tf.float32)
	y = tf.decode_raw(features["y_raw"], tf.float32)
	x_shape = tf.decode_raw(features["x_shape"], tf.int32)
	y_shape = tf.decode_raw(features["y_shape"], tf.int32)
	x = tf.reshape(x, x_shape)
	y = tf.reshape(y, y_shape)
	return x, y


def glacier_data(folder):
	path = os.path.join(folder, "stakes_2016.tfrecords")
	write_stakes(path)
	return {
		"name": "stakes",
		"files": [path],
		"x_size": [2, 3],
		"y_size": [1],
		"data_decode_function": stake_decode,
	}
