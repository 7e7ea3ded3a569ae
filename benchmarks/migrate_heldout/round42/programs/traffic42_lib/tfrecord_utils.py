import tensorflow.compat.v1 as tf

"""@package docstring
Functions to access and handle tfrecords.
"""


def _int64_feature(value):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[value]))


def _bytes_feature(value):
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[value]))


def tfrecord_write_example(writer, img, labels):
    """Write one camera frame (uint8 array) and its dict of int labels."""
    feature = {'height': _int64_feature(img.shape[0]),
               'width': _int64_feature(img.shape[1]),
               'image_raw': _bytes_feature(img.tobytes())}
    for key, value in labels.items():
        feature[key] = _int64_feature(value)
    writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())


def tfrecord_read_and_decode_single_example(filename, img_shape, label_names, num_epochs=None):
    """Read a single example from a tfrecord-file.
    Returns the image and a list with one tensor per label name.
    """
    filename_queue = tf.train.string_input_producer([filename], num_epochs=num_epochs, shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)

    features = {'height': tf.FixedLenFeature([], tf.int64),
                'width': tf.FixedLenFeature([], tf.int64),
                'image_raw': tf.FixedLenFeature([], tf.string)}
    for name in label_names:
        features[name] = tf.FixedLenFeature([], tf.int64)
    features = tf.parse_single_example(serialized_example, features=features)

    img = tf.decode_raw(features['image_raw'], tf.uint8)
    img = tf.reshape(img, img_shape)
    img = tf.cast(img, tf.float32) * (1. / 255)
    label = [tf.cast(features[name], tf.int32) for name in label_names]
    if len(label) == 1:
        label = label[0]
    return img, label


def tfrecord_read_batch(img, label, batchsize, shuffle = True, capacity = 10000, min_after_dequeue = 10000):
    """Read an entire batch from a tfrecord-file.
    Call tfrecord_read_and_decode_single_example() to get an image and a label as constructor.
    """
    if isinstance(label, list):
        input = [img] + label
    else:
        input = [img, label]

    if shuffle == True:
        output = tf.train.shuffle_batch(input, num_threads=24, batch_size=batchsize, capacity=capacity, min_after_dequeue=min_after_dequeue)
    else:
        output = tf.train.batch(input, batch_size=batchsize, capacity=capacity)

    return output
