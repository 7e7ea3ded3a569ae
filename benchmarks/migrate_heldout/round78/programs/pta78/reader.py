import tensorflow.compat.v1 as tf
from . import FLAGS


def read_labeled_image_list(image_list_file):
    """
    Read a .txt file containing paths and labels
    :param image_list_file: a .txt file with one /path/to/image per line, then a label
    :return: list with all filenames in file image_list_file, list of labels
    """
    f = open(image_list_file, 'r')
    filenames = []
    labels = []
    for line in f:
        filename, label = line[:-1].split(' ')
        filenames.append(filename)
        labels.append(int(label))
    f.close()
    return filenames, labels


def read_image_from_disk(input_queue, path):
    """
    Read individual image from disk
    :param input_queue:
    :param path: path to the folder with images
    :return: tensor corresponding to the image, tensor corresponding to labels
    """
    label = input_queue[1]
    file_contents = tf.read_file(path + input_queue[0])
    example = tf.image.decode_png(file_contents, channels=1)
    # resize image
    w = FLAGS.image_width
    h = FLAGS.image_height
    # all images of a batch need one size
    example = tf.image.resize_images(example, [h, w])
    return example, label


def get_batch(root):
    image_list, label_list = read_labeled_image_list(root + FLAGS.image_list)
    images = tf.convert_to_tensor(image_list, dtype=tf.string)
    labels = tf.convert_to_tensor(label_list, dtype=tf.int32)
    input_queue = tf.train.slice_input_producer([images, labels], num_epochs=1, shuffle=True, seed=78)
    image, label = read_image_from_disk(input_queue, root + FLAGS.data_path)
    image_batch, label_batch = tf.train.batch([image, label], batch_size=FLAGS.batch_size,
                                              num_threads=FLAGS.num_threads)
    return image_batch, label_batch
