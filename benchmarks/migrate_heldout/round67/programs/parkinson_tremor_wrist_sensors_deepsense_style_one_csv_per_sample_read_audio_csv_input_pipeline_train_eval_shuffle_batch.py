import tensorflow as tf
import numpy as np

import os
import math


SEPCTURAL_SAMPLES = 2
FEATURE_DIM = SEPCTURAL_SAMPLES*2
CONV_LEN = 3
CONV_LEN_INTE = 3#4
CONV_LEN_LAST = 3#5
CONV_NUM = 64
CONV_MERGE_LEN = 8
CONV_MERGE_LEN2 = 6
CONV_MERGE_LEN3 = 4
CONV_NUM2 = 64
INTER_DIM = 120
OUT_DIM = 3#len(idDict)
WIDE = 3
CONV_KEEP_PROB = 0.8

BATCH_SIZE = 4
TOTAL_ITER_NUM = 1000000000

select = 'a'

metaDict = {'a':[12, 8], 'b':[12, 8], 'c':[12, 8]}
TRAIN_SIZE = metaDict[select][0]
EVAL_DATA_SIZE = metaDict[select][1]
EVAL_ITER_NUM = int(math.ceil(EVAL_DATA_SIZE / BATCH_SIZE))

###### Import training data
def read_audio_csv(filename_queue):
	reader = tf.compat.v1.TextLineReader()
	key, value = reader.read(filename_queue)
	defaultVal = [[0.] for idx in range(WIDE*FEATURE_DIM + OUT_DIM)]

	fileData = tf.compat.v1.decode_csv(value, record_defaults=defaultVal)
	features = fileData[:WIDE*FEATURE_DIM]
	features = tf.reshape(features, [WIDE, FEATURE_DIM])
	labels = fileData[WIDE*FEATURE_DIM:]
	return features, labels

def input_pipeline(filenames, batch_size, shuffle_sample=True, num_epochs=None):
	filename_queue = tf.compat.v1.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=shuffle_sample, seed=67)
	# filename_queue = tf.train.string_input_producer(filenames, num_epochs=TOTAL_ITER_NUM*EVAL_ITER_NUM*10000000, shuffle=shuffle_sample)
	example, label = read_audio_csv(filename_queue)
	min_after_dequeue = 4#int(0.4*len(csvFileList)) #1000
	capacity = min_after_dequeue + 3 * batch_size
	if shuffle_sample:
		example_batch, label_batch = tf.compat.v1.train.shuffle_batch(
			[example, label], batch_size=batch_size, num_threads=2, capacity=capacity,
			min_after_dequeue=min_after_dequeue, seed=67)
	else:
		example_batch, label_batch = tf.compat.v1.train.batch(
			[example, label], batch_size=batch_size, num_threads=2)
	return example_batch, label_batch

def write_samples(folder, n, rng, offset):
	os.makedirs(folder, exist_ok=True)
	for i in range(n):
		label = (i + offset) % OUT_DIM
		amp = [0.1, 1.0, 0.6][label]
		feats = np.round(amp * np.sin(np.arange(WIDE*FEATURE_DIM) * (1.5 + label)) + rng.uniform(-0.05, 0.05, WIDE*FEATURE_DIM), 3)
		onehot = [1.0 if k == label else 0.0 for k in range(OUT_DIM)]
		with open(os.path.join(folder, 'sample_%d_%d.csv' % (offset, i)), 'w') as f:
			f.write(','.join('%.3f' % v for v in list(feats) + onehot) + '\n')

def main(data_dir):
	root = os.path.join(data_dir, 'h67_tremor')
	rng = np.random.RandomState(67)
	write_samples(os.path.join(root, 'sepTremorData_'+select, 'train'), TRAIN_SIZE, rng, 0)
	write_samples(os.path.join(root, 'sepTremorData_'+select, 'eval'), EVAL_DATA_SIZE, rng, 100)
	# .DS_Store and friends are skipped below
	open(os.path.join(root, 'sepTremorData_'+select, 'train', '.DS_Store'), 'w').close()

	csvFileList = []
	csvDataFolder1 = os.path.join(root, 'sepTremorData_'+select, "train")
	orgCsvFileList = os.listdir(csvDataFolder1)
	for csvFile in sorted(orgCsvFileList):
		if csvFile.startswith('.'):
			continue
		csvFileList.append(os.path.join(csvDataFolder1, csvFile))

	csvEvalFileList = []
	csvDataFolder2 = os.path.join(root, 'sepTremorData_'+select, "eval")
	orgCsvFileList = os.listdir(csvDataFolder2)
	for csvFile in sorted(orgCsvFileList):
		if csvFile.startswith('.'):
			continue
		csvEvalFileList.append(os.path.join(csvDataFolder2, csvFile))

	global_step = tf.Variable(0, trainable=False)

	batch_feature, batch_label = input_pipeline(csvFileList, BATCH_SIZE, num_epochs=1)
	batch_eval_feature, batch_eval_label = input_pipeline(csvEvalFileList, BATCH_SIZE, shuffle_sample=False, num_epochs=1)

	# train_status = tf.placeholder(tf.bool)
	w = tf.compat.v1.get_variable('w', [WIDE*FEATURE_DIM, OUT_DIM], initializer=tf.compat.v1.zeros_initializer())
	logits = tf.matmul(tf.reshape(batch_feature, [-1, WIDE*FEATURE_DIM]), w)
	loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=batch_label, logits=logits))
	t_vars = tf.compat.v1.trainable_variables()
	discOptimizer = tf.compat.v1.train.AdamOptimizer(learning_rate=1e-4, beta1=0.5, beta2=0.9).minimize(loss, var_list=t_vars, global_step=global_step)

	batches = []
	with tf.compat.v1.Session() as sess:
		tf.compat.v1.global_variables_initializer().run()
		tf.compat.v1.local_variables_initializer().run()
		coord = tf.compat.v1.train.Coordinator()
		threads = tf.compat.v1.train.start_queue_runners(coord=coord)

		for iteration in range(TOTAL_ITER_NUM):
			try:
				_, feat, lab = sess.run([discOptimizer, batch_feature, batch_label])
			except tf.errors.OutOfRangeError:
				break
			batches.append([np.round(feat, 3).tolist(), lab.tolist()])

		# evaluation
		for step in range(EVAL_ITER_NUM):
			eval_feat, eval_lab = sess.run([batch_eval_feature, batch_eval_label])
			batches.append([np.round(eval_feat, 3).tolist(), eval_lab.tolist()])

		coord.request_stop()
		coord.join(threads)
		steps = int(global_step.eval())
	return {'batches': batches, 'end': {'train_iterations': iteration, 'global_step': steps}}
