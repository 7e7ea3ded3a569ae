"""read_my_file_format(filename_queue) over five numbered CSVs returning (col3, col1), input_pipeline(batch_size,
read_threads, num_epochs) with shuffle_batch(num_threads=read_threads); `from tensorflow.compat import v1`."""
import os

from tensorflow.compat import v1


def read_my_file_format(filename_queue):
	reader = v1.TextLineReader()
	key, value = reader.read(filename_queue)
	record_defaults = [[0], [''], ['']]
	col1, col2, col3 = v1.decode_csv(value, record_defaults=record_defaults)
	return col3, col1


def input_pipeline(filenames, batch_size, read_threads, num_epochs=None):
	filename_queue = v1.train.string_input_producer(filenames, num_epochs=num_epochs)
	examplelist = read_my_file_format(filename_queue)
	# min_after_dequeue defines how big a buffer we will randomly sample
	#   from -- bigger means better shuffling but slower start up and more
	#   memory used.
	min_after_dequeue = 3
	capacity = min_after_dequeue + 6 * batch_size
	example_batch, label_batch = v1.train.shuffle_batch(
		examplelist, batch_size=batch_size, capacity=capacity,
		min_after_dequeue=min_after_dequeue, num_threads=read_threads)
	return example_batch, label_batch


STRAINS = ['H1N1', 'H3N2', 'H5N1', 'H7N9', 'H9N2']


def main(data_dir):
	root = os.path.join(data_dir, 'h32_influenza')
	os.makedirs(root, exist_ok=True)
	names = []
	for i in range(5):
		name = os.path.join(root, '%d.csv' % i)
		with open(name, 'w') as f:
			for j in range(2):
				seq = ''.join('ACGT'[(i * 7 + j * 3 + k) % 4] for k in range(4 + i + j))
				f.write('%d,%s,%s\n' % (i * 10 + j, STRAINS[i], seq))
		names.append(name)
	example_batch, label_batch = input_pipeline(names, 5, 2, num_epochs=1)
	batches = []
	sess = v1.Session()
	sess.run([v1.global_variables_initializer(), v1.local_variables_initializer()])
	coord = v1.train.Coordinator()
	threads = v1.train.start_queue_runners(sess=sess, coord=coord)
	try:
		while not coord.should_stop():
			ex, lab = sess.run([example_batch, label_batch])
			batches.append([[e.decode(), int(l)] for e, l in zip(ex, lab)])
	except v1.errors.OutOfRangeError:
		end = 'Done training -- epoch limit reached'
	finally:
		coord.request_stop()
	coord.join(threads)
	sess.close()
	return {'batches': [[list(column) for column in zip(*rows)] for rows in batches], 'end': end}
