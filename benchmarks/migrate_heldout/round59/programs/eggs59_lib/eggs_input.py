#
# Classify bird eggs with tensorflow
#
# 0 = gull
# 1 = plover
# 2 = tern



import os
import traceback
import tensorflow as tf
from tensorflow.python.framework import ops
from tensorflow.python.framework import dtypes
from tensorflow.python.training import queue_runner
from tensorflow.python.ops import random_ops


NUM_CLASSES = 3
NUM_EXAMPLES_PER_EPOCH_FOR_TRAIN = 9
NUM_EXAMPLES_PER_EPOCH_FOR_EVAL = 0

IMAGE_SIZE = 3


def read_labeled_image_list(path):
    """Reads images and labels from file system. Create a folder for each label and put
       all images with this label into the sub folder (you don't need a label.txt etc.)
    """
    label = 0
    filenames = []
    labels = []
    for root, dirs, files in os.walk(path):
        dirs.sort()
        for d in dirs:
            for f in sorted(os.listdir(os.path.join(root, d))):
                filenames.append(os.path.join(root, d, f))
                labels.append(label)
            label += 1
        break
    return filenames, labels


def read_images_from_disk(input_queue):
    """Consumes a single filename and label as a ' '-delimited string.
    Args:
      filename_and_label_tensor: A scalar string tensor.
    Returns:
      Two tensors: the decoded image, and the string label.
    """
    label = input_queue[1]
    file_contents = tf.io.read_file(input_queue[0])
    example = tf.image.decode_png(file_contents, channels=3)
    example.set_shape([IMAGE_SIZE, IMAGE_SIZE, 3])
    return example, label


def inputs(path, batch_size):
    try:
        image_list, label_list = read_labeled_image_list(path)
        images = ops.convert_to_tensor(image_list, dtype=dtypes.string)
        labels = ops.convert_to_tensor(label_list, dtype=dtypes.int32)

        # Makes an input queue
        input_queue = tf.compat.v1.train.slice_input_producer([images, labels],
                                                              num_epochs=1,
                                                              shuffle=True, seed=11)

        image, label = read_images_from_disk(input_queue)
        image = tf.cast(image, tf.float32)
        image = tf.image.per_image_standardization(image)

        image_batch, label_batch = tf.compat.v1.train.shuffle_batch(
            [image, label], batch_size=batch_size, num_threads=2,
            capacity=10 + 3 * batch_size, min_after_dequeue=2, seed=11)
        return image_batch, label_batch
    except Exception:
        traceback.print_exc()
        raise
