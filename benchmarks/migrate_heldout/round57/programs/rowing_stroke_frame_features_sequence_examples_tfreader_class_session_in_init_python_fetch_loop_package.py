import os
import tensorflow.compat.v1 as tf

from row57_lib.dataPrepare import tfReader, write_strokes


def main(data_dir):
	folder = os.path.join(data_dir, 'h57_rowing_strokes')
	if not os.path.isdir(folder):
		os.makedirs(folder)
	names = [os.path.join(folder, 'train--.tfrecord'), os.path.join(folder, 'train-0.tfrecord')]
	write_strokes(names[0], 0, 6, 1)
	write_strokes(names[1], 6, 6, 2)
	sess = tf.Session()
	tfr = tfReader(sess, names)
	init = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()) 
	sess.run(init)
	coord = tf.train.Coordinator()
	threads = tf.train.start_queue_runners(sess = sess, coord = coord)
	batches = []
	while True:
		try:
			data = tfr.fetch(3)
		except tf.errors.OutOfRangeError:
			break
		batches.append([[d['video_id'].decode() for d in data],
						[d['features'].tolist() for d in data],
						[d['labels'].tolist() for d in data]])
	coord.request_stop()
	coord.join(threads)
	sess.close()
	return {"batches": batches, "end": "strokes: %d" % (3 * len(batches))}
