"""Glacier mass balance: ablation stake records decoded by the data dict's decode function inside
read_decode(opt, data, queue) under name_scope('IO'), batched in file order."""
import argparse
import os

import numpy as np
import tensorflow.compat.v1 as tf

from gl44_lib import stakes
from gl44_lib.reader import inputs


def main(data_dir):
	folder = os.path.join(data_dir, "h44_glacier_stakes")
	if not os.path.isdir(folder):
		os.makedirs(folder)
	opt = argparse.Namespace(batch_size=3, num_epochs=1)
	data = stakes.glacier_data(folder)
	xs, ys = inputs(opt, data)
	melt_per_visit = tf.reduce_sum(xs, axis=2)
	batches = []
	with tf.Session() as sess:
		sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
		coord = tf.train.Coordinator()
		threads = tf.train.start_queue_runners(sess=sess, coord=coord)
		try:
			while not coord.should_stop():
				x, y, m = sess.run([xs, ys, melt_per_visit])
				batches.append([np.round(x.astype(np.float64), 2).tolist(),
					np.round(y.astype(np.float64), 3).tolist(),
					np.round(m.astype(np.float64), 2).tolist()])
		except tf.errors.OutOfRangeError:
			pass
		finally:
			coord.request_stop()
		coord.join(threads)
	return {"batches": batches, "end": "stakes: %d" % sum(len(b[0]) for b in batches)}
