import tensorflow.compat.v1 as tf


def read_decode(opt, data, filename_string_queue):
	with tf.name_scope("IO") as scope:
		reader = tf.TFRecordReader()
		#get next example
		key, example = reader.read(filename_string_queue)
		#parse
		features = tf.parse_single_example(serialized=example,
			features={
			"x_raw": tf.FixedLenFeature([], tf.string),
			"y_raw": tf.FixedLenFeature([], tf.string),
			#x size
			"x_shape": tf.FixedLenFeature([], tf.string),
			#y size
			"y_shape": tf.FixedLenFeature([], tf.string),
			})
		#decode x and y (will still be strings at this point)
		x, y = data["data_decode_function"](features)
		x.set_shape(data["x_size"])
		y.set_shape(data["y_size"])
		return x, y


def inputs(opt, data):
	with tf.name_scope("input"):
		filename_string_queue = tf.train.string_input_producer(
			data["files"], num_epochs=opt.num_epochs, shuffle=False)
		x, y = read_decode(opt, data, filename_string_queue)
		xs, ys = tf.train.batch([x, y], batch_size=opt.batch_size, num_threads=1,
			capacity=opt.batch_size * 4, allow_smaller_final_batch=True)
		return xs, ys
