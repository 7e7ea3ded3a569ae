import tensorflow.compat.v1 as tf
import numpy as np


def write_strokes(path, first, count, seed):
	rng = np.random.RandomState(seed)
	with tf.io.TFRecordWriter(path) as w:
		for i in range(first, first + count):
			n_frames = 1 + i % 3
			ctx = tf.train.Features(feature={
				'video_id': tf.train.Feature(bytes_list=tf.train.BytesList(value=[('stroke%02d' % i).encode()])),
				'labels': tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 2, 2 + i % 4]))})
			frames = [tf.train.Feature(bytes_list=tf.train.BytesList(
				value=[rng.randint(0, 255, size=4).astype(np.uint8).tobytes()])) for _ in range(n_frames)]
			seq = tf.train.FeatureLists(feature_list={'rgb': tf.train.FeatureList(feature=frames)})
			w.write(tf.train.SequenceExample(context=ctx, feature_lists=seq).SerializeToString())


class tfReader:
	def __init__(self, sess, record_names):
		
		self.record_names = record_names
		self.reader = tf.TFRecordReader()
		self.sess = sess

		filename_queue = tf.train.string_input_producer(self.record_names, num_epochs = 1)
		_, serialized_example = self.reader.read(filename_queue)

		self.contexts, self.features = tf.parse_single_sequence_example(
			serialized_example,
			context_features={
				'video_id': tf.FixedLenFeature([], tf.string),
				'labels': tf.VarLenFeature(tf.int64)
			},
			sequence_features = {
				'rgb': tf.FixedLenSequenceFeature([], dtype = tf.string)
			})
		self.frame_features = tf.reshape(tf.cast(tf.decode_raw(self.features['rgb'], tf.uint8), tf.float32), [-1, 4])

	def fetch(self, batch_size):
		batch_data = []
		i = 0
		while i < batch_size:
			one_data = {}
			[video_id, frame_features, labels] = self.sess.run([self.contexts['video_id'], self.frame_features, self.contexts['labels']])
			one_data['video_id'] = video_id
			one_data['features'] = frame_features
			one_data['labels'] = labels[1]
			i += 1
			batch_data.append(one_data)
		return batch_data
