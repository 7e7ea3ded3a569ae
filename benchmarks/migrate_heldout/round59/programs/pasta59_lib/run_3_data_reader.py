import os
import tensorflow as tf


IMG_SIZE = 4
class_to_label = {}
label_to_class = {}


def read_file_list(folder):
	paths = []
	labels = []
	for classname in sorted(os.listdir(folder)):
		for fname in sorted(os.listdir(os.path.join(folder, classname))):
			paths.append(os.path.join(folder, classname, fname))
			labels.append(class_to_label[classname])
	return paths, labels


def read_image(input_queue):
	contents = tf.io.read_file(input_queue[0])
	image = tf.image.decode_png(contents, channels=3)
	image = tf.compat.v1.image.resize_images(image, [IMG_SIZE, IMG_SIZE], method=tf.compat.v1.image.ResizeMethod.NEAREST_NEIGHBOR)
	image = tf.cast(image, tf.float32) * (1. / 255)
	return image, input_queue[1]


def inputs(folder, batch_size, num_epochs):
	paths, labels = read_file_list(folder)
	input_queue = tf.compat.v1.train.slice_input_producer([paths, labels], num_epochs=num_epochs, shuffle=True, seed=3)
	image, label = read_image(input_queue)
	images, sparse_labels = tf.compat.v1.train.shuffle_batch(
		[image, label], batch_size=batch_size, num_threads=2,
		capacity=100 + 3 * batch_size, min_after_dequeue=3, seed=3)
	return images, sparse_labels
