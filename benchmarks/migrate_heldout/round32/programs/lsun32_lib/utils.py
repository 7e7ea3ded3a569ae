import numpy as np


def inverse_transform(images):
  return np.rint((images + 1.) * 127.5).astype(np.int64)


def image_signature(image):
  """Sum and corner pixel of one uint8 image."""
  return [int(image.sum()), int(image[0, 0, 0]), int(image[-1, -1, -1])]
