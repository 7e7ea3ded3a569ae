import tensorflow as tf

def convert2float(image):
  """ Transfrom from int image ([0,255]) to float tensor ([-1.,1.])
  """
  image = tf.image.convert_image_dtype(image, dtype=tf.float32)
  return (image/127.5) - 1.0 if image.dtype == tf.uint8 else image * 2.0 - 1.0
