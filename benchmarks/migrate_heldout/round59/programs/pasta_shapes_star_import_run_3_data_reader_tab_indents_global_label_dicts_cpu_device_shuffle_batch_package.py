import os
import struct
import zlib
import numpy as np
import tensorflow as tf

from pasta59_lib.run_3_data_reader import *


CLASSES = 3
IMG_SIZE = 4

def set_label_dictionaries(folder):
	counter = 0
	global label_dict
	for classname in sorted(os.listdir(folder)):
		class_to_label[classname] = counter
		label_to_class[counter] = classname
		counter += 1


def _png(path, arr):
	h, w, c = arr.shape
	raw = b''.join(b'\x00' + arr[y].tobytes() for y in range(h))
	def chunk(t, d):
		return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
	with open(path, 'wb') as f:
		f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


def _make_pasta(folder):
	rng = np.random.RandomState(3590)
	for shape in ('farfalle', 'fusilli', 'penne'):
		os.makedirs(os.path.join(folder, shape))
		for n in range(4):
			_png(os.path.join(folder, shape, 'img%d.png' % n), rng.randint(0, 256, size=(8, 8, 3)).astype(np.uint8))


#=====[ HYPER-PARAMETERS ]=====#

BATCH_SIZE = 3
EPOCHS     = 1

#==============================#


def main(data_dir):
	training = os.path.join(data_dir, 'h59_pasta_shapes', 'training')
	if not os.path.isdir(training):
		_make_pasta(training)
	set_label_dictionaries(training)

	with tf.device('/cpu:0'):
		images, labels = inputs(training, BATCH_SIZE, EPOCHS)

	# Create the graph, etc.
	init_op = tf.group(tf.compat.v1.global_variables_initializer(), tf.compat.v1.local_variables_initializer())

	sess = tf.compat.v1.Session()
	sess.run(init_op)

	coord = tf.compat.v1.train.Coordinator()
	threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)

	batches = []
	end = None
	try:
		step = 0
		while not coord.should_stop():
			imgs, labs = sess.run([images, labels])
			batches.append([imgs.tolist(), labs.tolist(), [label_to_class[int(l)] for l in labs]])
			step += 1
	except tf.errors.OutOfRangeError:
		end = 'Done training for %d epochs, %d steps.' % (EPOCHS, step)
	finally:
		coord.request_stop()

	coord.join(threads)
	sess.close()
	return {"batches": batches, "end": end}
