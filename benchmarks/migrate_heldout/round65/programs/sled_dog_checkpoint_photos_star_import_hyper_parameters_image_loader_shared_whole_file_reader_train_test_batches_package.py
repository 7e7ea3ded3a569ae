import os

import numpy as np
import tensorflow.compat.v1 as tf

from sled65_lib import hyper_parameters
from sled65_lib.hyper_parameters import *
from sled65_lib.image_loader import *


def write_photos(root):
	rng = np.random.RandomState(6507)
	for split, n in (("train", 12), ("test", 4)):
		folder = os.path.join(root, split)
		if not os.path.isdir(folder):
			os.makedirs(folder)
		for i in range(n):
			dog = (100 if split == "test" else 0) + i
			pix = rng.randint(0, 256, size=IMAGE_SIZE * IMAGE_SIZE * CHANNELS).astype(np.uint8)
			with open(os.path.join(folder, "%d_checkpoint.raw" % dog), "wb") as f:
				f.write(pix.tobytes())


def main(data_dir):
	root = os.path.join(data_dir, "h65_sled_dog_photos")
	write_photos(root)
	hyper_parameters.DATA_ROOT = root

	train_image_batch, train_label_batch, test_image_batch, test_label_batch = get_batches()

	batches = []
	with tf.Session() as sess:

	  # initialize the variables\
		sess.run(tf.local_variables_initializer())

	  # initialize the queue threads to start to shovel data
		coord = tf.train.Coordinator()
		threads = tf.train.start_queue_runners(coord=coord)
		iBatch = 0
		try:
			while not coord.should_stop():
				image_batch, label_batch = sess.run([train_image_batch, train_label_batch])
				batches.append([["train"], label_batch.tolist(), np.round(image_batch.mean(axis=(1, 2, 3)), 5).tolist()])
				if iBatch % 2 == 0:
					t_images, t_labels = sess.run([test_image_batch, test_label_batch])
					batches.append([["test"], t_labels.tolist(), np.round(t_images.mean(axis=(1, 2, 3)), 5).tolist()])
				iBatch = iBatch + 1

		except tf.errors.OutOfRangeError as e:
		# Report exceptions to the coordinator.
			coord.request_stop(e)

		finally:
			# stop our queue threads and properly close the session
			coord.request_stop()
			coord.join(threads)
			sess.close()
	return {"batches": batches, "end": "train batches: %d" % iBatch}
