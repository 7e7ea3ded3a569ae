"""Contains a factory for building various models."""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

from slimeval66_lib.preprocessing import lenet_preprocessing


def get_preprocessing(name, is_training=False):
  """Returns preprocessing_fn(image, height, width, **kwargs)."""
  preprocessing_fn_map = {
      'lenet': lenet_preprocessing,
  }

  if name not in preprocessing_fn_map:
    raise ValueError('Preprocessing name [%s] was not recognized' % name)

  def preprocessing_fn(image, output_height, output_width, **kwargs):
    return preprocessing_fn_map[name].preprocess_image(
        image, output_height, output_width, is_training=is_training, **kwargs)

  return preprocessing_fn
