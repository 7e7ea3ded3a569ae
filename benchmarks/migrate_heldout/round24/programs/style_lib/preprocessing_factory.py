"""Contains a factory for building various preprocessing functions (fast style transfer layout)."""
import tensorflow.compat.v1 as tf

_R_MEAN = 123.68


def _vgg_preprocess(image, output_height, output_width, is_training=False):
    image = tf.image.resize_image_with_crop_or_pad(image, output_height, output_width)
    image = tf.to_float(image)
    return image - _R_MEAN


def _scale_preprocess(image, output_height, output_width, is_training=False):
    image = tf.image.convert_image_dtype(image, tf.float32)
    return image * 2.0 - 1.0


def get_preprocessing(name, is_training=False):
    preprocessing_fn_map = {
        'vgg_16': _vgg_preprocess,
        'scale': _scale_preprocess,
    }
    if name not in preprocessing_fn_map:
        raise ValueError('Preprocessing name [%s] was not recognized' % name)

    def preprocessing_fn(image, output_height, output_width, **kwargs):
        return preprocessing_fn_map[name](image, output_height, output_width, is_training=is_training, **kwargs)

    return preprocessing_fn
