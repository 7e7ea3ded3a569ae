import os

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1

# parameters
tfrecords_filename = 'data/ringing.tfrecord'
num_epochs = 1
num_classes = 5
feature_sizes = [3, 1]
feature_names = ["mean_biometrics", "fat_score"]
batch_size = 4

# session for evaluation
sess = tf1.Session()


def write_records(path):
	rng = np.random.RandomState(8)
	with tf.io.TFRecordWriter(path) as w:
		for i in range(10):
			sites = sorted(set(rng.randint(0, num_classes, size=rng.randint(1, 4)).tolist()))
			feats = {
				"ring_id": tf.train.Feature(bytes_list=tf.train.BytesList(value=[("NLA-%06d" % (730100 + i)).encode()])),
				"labels": tf.train.Feature(int64_list=tf.train.Int64List(value=sites)),
				"mean_biometrics": tf.train.Feature(float_list=tf.train.FloatList(value=rng.uniform(10, 80, size=3).round(1).tolist())),
				"fat_score": tf.train.Feature(float_list=tf.train.FloatList(value=[float(rng.randint(0, 9))])),
			}
			w.write(tf.train.Example(features=tf.train.Features(feature=feats)).SerializeToString())


def read_ringing(filename_queue):
	# Read tfrecord
	reader = tf1.TFRecordReader()
	_, serialized_examples = reader.read_up_to(filename_queue, batch_size)
	tf1.add_to_collection("serialized_examples", serialized_examples)

	num_features = len(feature_names)
	feature_map = {
		"ring_id": tf1.FixedLenFeature([], tf.string),
		"labels": tf1.VarLenFeature(tf.int64)}

	for feature_index in range(num_features):
		feature_map[feature_names[feature_index]] = tf1.FixedLenFeature(
			[feature_sizes[feature_index]], tf.float32)
	features = tf1.parse_example(serialized_examples, features=feature_map)
	#labels = tf.sparse_tensor_to_dense(features["labels"])
	labels = tf1.sparse_to_indicator(features["labels"], num_classes)
	labels.set_shape([None, num_classes])
	concatenated_features = tf.concat([
		features[feature_name] for feature_name in feature_names], 1)
	return features["ring_id"], concatenated_features, tf.cast(labels, tf.int32)


def main(data_dir):
	global tfrecords_filename
	root = os.path.join(data_dir, 'h51_ringing_station')
	if not os.path.isdir(root):
		os.makedirs(root)
	tfrecords_filename = os.path.join(root, 'ringing.tfrecord')
	write_records(tfrecords_filename)

	# FIFO queue
	filename_queue = tf1.train.string_input_producer(
	[tfrecords_filename], num_epochs=num_epochs)

	bird = read_ringing(filename_queue)

	# init
	init_op = tf.group(tf1.global_variables_initializer(),
	    tf1.local_variables_initializer())

	batches = []
	with tf1.Session() as sess:
		sess.run(init_op)
		coord = tf1.train.Coordinator()
		threads = tf1.train.start_queue_runners(coord = coord)

		try:
			while True:
				rid, feats, labels = sess.run(bird)
				batches.append([[r.decode() for r in rid], np.round(feats.astype(np.float64), 4).tolist(), labels.tolist()])
		except tf.errors.OutOfRangeError:
			pass

		coord.request_stop()
		coord.join(threads)

	return {"batches": batches, "end": "birds: %d" % sum(len(b[0]) for b in batches)}


# EOF
