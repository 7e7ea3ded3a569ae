import tensorflow.compat.v1 as tf

_R_MEAN = 123.68
_G_MEAN = 116.78
_B_MEAN = 103.94


def _mean_image_subtraction(image, means):
    num_channels = image.get_shape().as_list()[-1]
    channels = tf.split(axis=2, num_or_size_splits=num_channels, value=image)
    for i in range(num_channels):
        channels[i] -= means[i]
    return tf.concat(axis=2, values=channels)


def preprocess_for_eval(image, output_height, output_width):
    image = tf.image.resize_images(image, [output_height, output_width],
                                   method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)
    image = tf.to_float(image)
    image.set_shape([output_height, output_width, 3])
    return _mean_image_subtraction(image, [_R_MEAN, _G_MEAN, _B_MEAN])


def get_preprocessing(name, is_training=False):
    return preprocess_for_eval
