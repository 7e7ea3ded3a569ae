# After a term project's `model/read_data.py`: a structured `train_data.npy` with `dir` / `price` columns turned into
# constants, "step 2" slices of the file names, "step 3" `_parse_function(filename, label)` reading each image,
# batches of two. The source used tf.data; here the slices come from `slice_input_producer`.
import numpy as np
import tensorflow.compat.v1 as tf


def load(npy_path, num_epochs=1):
    data = np.load(npy_path)
    filenames = tf.constant(data['dir'])
    labels = tf.constant(data['price'])

    # step 2: create a producer returning slices of `filenames`
    filename, label = tf.train.slice_input_producer([filenames, labels], num_epochs=num_epochs, shuffle=False)

    # step 3: parse every image
    image, label = _parse_function(filename, label)

    # step 4: batch
    images, labels = tf.train.batch([image, label], batch_size=2, num_threads=1, capacity=8)
    return images, labels


def _parse_function(filename, label):
    image_string = tf.read_file(filename)
    image_decoded = tf.image.decode_png(image_string, channels=3)
    image = tf.cast(image_decoded, tf.float32)
    image.set_shape([3, 3, 3])
    return image, label
