"""Image classification from a text list of "path label" lines: the list is read in Python, both columns go
through slice_input_producer, and a helper consumes the producer's output by index (tutorial style)."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.python.framework import dtypes
from tensorflow.python.framework import ops

IMAGE_SIZE = 4
NUM_EPOCHS = 2
BATCH_SIZE = 5


def write_image_list(data_dir):
    folder = os.path.join(data_dir, "h13_cats_dogs_slice_list")
    os.makedirs(folder, exist_ok=True)
    list_file = os.path.join(folder, "train.txt")
    with open(list_file, "w") as f:
        for i in range(6):
            f.write("%s %d\n" % (os.path.join(data_dir, "image-%d.png" % i), i % 2))
    return list_file


def read_labeled_image_list(image_list_file):
    """Reads a .txt file of "/path/to/image label" lines."""
    f = open(image_list_file, "r")
    filenames = []
    labels = []
    for line in f:
        filename, label = line[:-1].split(" ")
        filenames.append(filename)
        labels.append(int(label))
    f.close()
    return filenames, labels


def read_images_from_disk(input_queue):
    """Consumes one (filename, label) pair of the producer; returns the decoded image and the label."""
    label = input_queue[1]
    file_contents = tf.read_file(input_queue[0])
    example = tf.image.decode_png(file_contents, channels=1)
    return example, label


def preprocess_image(image):
    image = tf.reshape(image, [IMAGE_SIZE, IMAGE_SIZE])
    return tf.cast(image, tf.int32)


def main(data_dir):
    image_list, label_list = read_labeled_image_list(write_image_list(data_dir))
    images = ops.convert_to_tensor(image_list, dtype=dtypes.string)
    labels = ops.convert_to_tensor(label_list, dtype=dtypes.int32)

    input_queue = tf.train.slice_input_producer([images, labels], num_epochs=NUM_EPOCHS, shuffle=False)
    image, label = read_images_from_disk(input_queue)
    image = preprocess_image(image)
    image_batch, label_batch = tf.train.batch([image, label], batch_size=BATCH_SIZE,
                                              allow_smaller_final_batch=True)

    batches = []
    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    end = None
    try:
        while not coord.should_stop():
            image_v, label_v = sess.run([image_batch, label_batch])
            batches.append([image_v.tolist(), label_v.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}
