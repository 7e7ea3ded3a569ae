# --*-- encoding:utf-8 --*--

import os

import numpy as np
import tensorflow.compat.v1 as tf

RATIO = 3  # 图片大小 3x3x3


def _make_food(file_dir):
    rng = np.random.RandomState(4206)
    for dish in ['dumpling', 'noodle', 'sushi']:
        folder = os.path.join(file_dir, dish)
        if not os.path.isdir(folder):
            os.makedirs(folder)
        for i in range(3):
            np.save(os.path.join(folder, '%s_%d.npy' % (dish, i)),
                    rng.randint(0, 256, size=(RATIO, RATIO, 3)).astype(np.uint8))


def get_file(file_dir):
    """
    get full image directory and correspond labels
    :param file_dir:
    :return:
    """
    images = []
    temp = []
    for root, sub_folders, files in os.walk(file_dir):
        sub_folders.sort()
        # image directories
        for name in sorted(files):
            images.append(os.path.join(root, name))
        # get 10 sub-folder names
        for name in sub_folders:
            temp.append(os.path.join(root, name))

    # assign 10 labels based on the folder names
    labels = []
    for one_folder in temp:
        n_img = len(os.listdir(one_folder))
        letter = one_folder.split('/')[-1]

        if letter == 'dumpling':
            labels = np.append(labels, n_img * [1])
        elif letter == 'noodle':
            labels = np.append(labels, n_img * [2])
        else:
            labels = np.append(labels, n_img * [3])

    # shuffle
    temp = np.array([images, labels])
    temp = temp.transpose()
    np.random.shuffle(temp)

    image_list = list(temp[:, 0])
    label_list = list(temp[:, 1])
    label_list = [int(float(i)) for i in label_list]

    return image_list, label_list


def int64_feature(value):
    """Wrapper for inserting int64 features into Example proto."""
    if not isinstance(value, list):
        value = [value]
    return tf.train.Feature(int64_list=tf.train.Int64List(value=value))


def bytes_feature(value):
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[value]))


def convert_to_tfrecord(images, labels, save_dir, name):
    '''convert all images and labels to one tfrecord file.
    Args:
        images: list of image directories, string type
        labels: list of labels, int type
        save_dir: the directory to save tfrecord file, e.g.: '/home/folder1/'
        name: the name of tfrecord file, string type, e.g.: 'train'
    Return:
        no return
    '''
    filename = os.path.join(save_dir, name + '.tfrecords')
    n_samples = len(labels)

    if np.shape(images)[0] != n_samples:
        raise ValueError('Images size %d does not match label size %d.' % (images.shape[0], n_samples))

    # wait some time here, transforming need some time based on the size of your data.
    writer = tf.python_io.TFRecordWriter(filename)
    for i in np.arange(0, n_samples):
        try:
            image = np.load(images[i])  # type(image) must be array!
            image_raw = image.tobytes()
            label = int(labels[i])
            example = tf.train.Example(features=tf.train.Features(feature={
                            'label': int64_feature(label),
                            'image_raw': bytes_feature(image_raw)}))
            writer.write(example.SerializeToString())
        except IOError as e:
            pass
    writer.close()
    return filename


def read_and_decode(tfrecords_file, batch_size):
    '''read and decode tfrecord file, generate (image, label) batches
    Args:
        tfrecords_file: the directory of tfrecord file
        batch_size: number of images in each batch
    Returns:
        image: 4D tensor - [batch_size, width, height, channel]
        label: 1D tensor - [batch_size]
    '''
    # make an input queue from the tfrecord file
    filename_queue = tf.train.string_input_producer([tfrecords_file], num_epochs=1, shuffle=False)

    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    img_features = tf.parse_single_example(
                                        serialized_example,
                                        features={
                                               'label': tf.FixedLenFeature([], tf.int64),
                                               'image_raw': tf.FixedLenFeature([], tf.string),
                                               })
    image = tf.decode_raw(img_features['image_raw'], tf.uint8)

    ##########################################################
    # you can put data augmentation here, I didn't use it
    ##########################################################

    image = tf.reshape(image, [RATIO, RATIO, 3])
    label = tf.cast(img_features['label'], tf.float32)
    image = tf.image.per_image_standardization(image)
    image_batch, label_batch = tf.train.batch([image, label],
                                                batch_size=batch_size,
                                                num_threads=1,
                                                capacity=20)
    return image_batch, tf.reshape(label_batch, [batch_size])


def main(data_dir):
    root = os.path.join(data_dir, 'h42_food_class_folders')
    file_dir = os.path.join(root, 'images')
    _make_food(file_dir)

    np.random.seed(2018)
    images, labels = get_file(file_dir)
    tfrecords_file = convert_to_tfrecord(images, labels, root, 'food_train')

    BATCH_SIZE = 3
    image_batch, label_batch = read_and_decode(tfrecords_file, batch_size=BATCH_SIZE)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        i = 0
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)

        try:
            while not coord.should_stop() and i < 5:
                # just plot one batch size
                image, label = sess.run([image_batch, label_batch])
                batches.append([np.round(image.astype(np.float64), 4).tolist(), label.tolist()])
                i += 1

        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "dishes: %d" % sum(len(b[1]) for b in batches)}
