"""A stand-in for slim's DatasetDataProvider: reads with the dataset's reader class, keeps the items."""
import tensorflow.compat.v1 as tf


class DatasetDataProvider(object):

  def __init__(self, dataset, shuffle=True, num_epochs=None):
    files = sorted(tf.gfile.Glob(dataset.data_sources))
    filename_queue = tf.train.string_input_producer(files, shuffle=shuffle, num_epochs=num_epochs)
    _, data = dataset.reader().read(filename_queue)
    parsed = tf.parse_single_example(data, dataset.keys_to_features)
    h, w, c = dataset.image_shape
    image = tf.reshape(tf.decode_raw(parsed['image/encoded'], tf.uint8), [h, w, c])
    self._items = {'image': image, 'label': parsed['image/class'], 'weight': parsed['image/weight']}

  def get(self, items):
    return [self._items[name] for name in items]
