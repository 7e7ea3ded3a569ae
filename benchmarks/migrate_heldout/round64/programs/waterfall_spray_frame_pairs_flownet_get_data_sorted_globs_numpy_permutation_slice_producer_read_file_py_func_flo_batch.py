"""
Definitions and utilities for the flownet model

This file contains functions .png and .flo tensorflow reader for Flownet training and evalutation
on waterfall spray frame pairs (Flying-Chairs-like layout: NNNNN_img1, NNNNN_img2, NNNNN_flow).

"""
import glob
import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf


class FLAGS:
	batch_size = 2
	img_h = 3
	img_w = 3


def _write_png(path, arr):
	h, w, c = arr.shape
	raw = b''.join(b'\x00' + arr[y].astype(np.uint8).tobytes() for y in range(h))

	def chunk(tag, data):
		return struct.pack('>I', len(data)) + tag + data + struct.pack('>I', zlib.crc32(tag + data) & 0xffffffff)

	png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
	png += chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b'')
	with open(path, 'wb') as f:
		f.write(png)


def write_waterfall_pairs(datadir):
	if not os.path.exists(datadir):
		os.makedirs(datadir)
	rng = np.random.RandomState(64)
	for i in range(6):
		base = os.path.join(datadir, '%05d_' % i)
		_write_png(base + 'img1.png', rng.randint(0, 256, size=(3, 3, 3)))
		_write_png(base + 'img2.png', rng.randint(0, 256, size=(3, 3, 3)))
		with open(base + 'flow.flo', 'wb') as f:
			np.array([202021.25], np.float32).tofile(f)
			np.array([3, 3], np.int32).tofile(f)
			np.round(rng.uniform(-1, 1, size=(3, 3, 2)), 2).astype(np.float32).tofile(f)


def readflo(file_name):
	"""Read a .flo file (Middlebury format)"""
	with open(file_name, 'rb') as f:
		magic = np.fromfile(f, np.float32, count=1)
		if 202021.25 != magic:
			print('Magic number incorrect. Invalid .flo file')
			return None
		w = np.fromfile(f, np.int32, count=1)[0]
		h = np.fromfile(f, np.int32, count=1)[0]
		data = np.fromfile(f, np.float32, count=2*w*h)
		data2D = np.resize(data, (h, w, 2))
		return data2D.astype(np.float32)


def get_data(datadir):
	"""Construct input data.
	....
	"""
	list_0 = sorted(glob.glob(datadir + '*img1.png'))
	list_1 = sorted(glob.glob(datadir + '*img2.png'))
	flow_list = sorted(glob.glob(datadir + '*.flo'))
	assert len(list_0) == len(list_1) == len(flow_list), ('Input Lengths not correct')
	# shuffle
	p = np.random.permutation(len(list_0))
	list_0 = [list_0[i] for i in p]
	list_1 = [list_1[i] for i in p]
	flow_list = [flow_list[i] for i in p]

	input_queue = tf.train.slice_input_producer([list_0, list_1, flow_list], shuffle=False, num_epochs=1)

	# png reading
	img_0 = tf.image.decode_png(tf.read_file(input_queue[0]), channels=3)
	img_1 = tf.image.decode_png(tf.read_file(input_queue[1]), channels=3)
	img_0 = tf.cast(img_0, tf.float32) / 255.
	img_1 = tf.cast(img_1, tf.float32) / 255.
	img_0.set_shape([FLAGS.img_h, FLAGS.img_w, 3])
	img_1.set_shape([FLAGS.img_h, FLAGS.img_w, 3])

	# flo reading
	flow = tf.py_func(readflo, [input_queue[2]], tf.float32)
	flow.set_shape([FLAGS.img_h, FLAGS.img_w, 2])

	name = input_queue[2]
	img_0_batch, img_1_batch, flow_batch, name_batch = tf.train.batch(
		[img_0, img_1, flow, name], batch_size=FLAGS.batch_size, num_threads=1)
	return img_0_batch, img_1_batch, flow_batch, name_batch


def main(data_dir):
	datadir = os.path.join(data_dir, 'h64_waterfall_spray') + '/'
	write_waterfall_pairs(datadir)
	np.random.seed(64)
	imgs_0, imgs_1, flows, names = get_data(datadir)
	epe_zero = tf.reduce_mean(tf.sqrt(tf.reduce_sum(tf.square(flows), axis=3)), axis=[1, 2])

	batches = []
	with tf.Session() as sess:
		sess.run(tf.global_variables_initializer())
		sess.run(tf.local_variables_initializer())
		coord = tf.train.Coordinator()
		threads = tf.train.start_queue_runners(sess=sess, coord=coord)
		try:
			while not coord.should_stop():
				a, b, fl, nm, epe = sess.run([imgs_0, imgs_1, flows, names, epe_zero])
				batches.append([np.round(a, 4).tolist(), np.round(b, 4).tolist(), np.round(fl, 3).tolist(),
					[os.path.basename(n.decode()) for n in nm], np.round(epe, 4).tolist()])
		except tf.errors.OutOfRangeError:
			pass
		finally:
			coord.request_stop()
		coord.join(threads)
	return {"batches": batches, "end": "waterfall pairs: %d" % sum(len(b[0]) for b in batches)}
