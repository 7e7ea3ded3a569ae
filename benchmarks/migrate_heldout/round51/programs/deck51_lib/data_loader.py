import os
import tensorflow as tf

tf1 = tf.compat.v1


class DataLoader(object):
  def __init__(
      self,
      height,
      width,
      batch_size,
      num_splits,
      cpu_device,
      gpu_devices,
      data_type,
      train_db,
      val_db,
      labels_file,
      verbosity):
    self.height = height
    self.width = width
    self.batch_size = batch_size
    self.num_splits = num_splits
    self.cpu_device = cpu_device
    self.gpu_devices = gpu_devices
    self.data_type = data_type
    self.train_db = train_db
    self.val_db = val_db
    self.verbosity = verbosity
    self.total_train = 0
    if os.path.isfile(os.path.join(self.train_db, "list.txt")):
      self.total_train = sum(1 for line in open(os.path.join(self.train_db, "list.txt")))
    self.total_val = 0
    if os.path.isfile(os.path.join(self.val_db, "list.txt")):
      self.total_val = sum(1 for line in open(os.path.join(self.val_db, "list.txt")))
    with open(labels_file) as f:
      self.labels = [l.strip() for l in f if l.strip()]
    if self.verbosity > 1:
      print("train: %d, val: %d" % (self.total_train, self.total_val))

  def _read_list(self, db):
    paths, labels = [], []
    with open(os.path.join(db, "list.txt")) as f:
      for line in f:
        name, label = line.split()
        paths.append(os.path.join(db, name))
        labels.append(int(label))
    return paths, labels

  def get_batch(self, db, num_epochs=1):
    with tf.device(self.cpu_device):
      paths, labels = self._read_list(db)
      path, label = tf1.train.slice_input_producer([paths, labels], num_epochs=num_epochs,
                                                   shuffle=False)
      image = tf.image.decode_png(tf1.read_file(path), channels=1)
      image = tf1.image.resize_images(image, [self.height, self.width],
                                      method=tf1.image.ResizeMethod.NEAREST_NEIGHBOR)
      image = tf.cast(image, self.data_type) / 255.
      images, batch_labels, batch_paths = tf1.train.batch(
          [image, label, path], batch_size=self.batch_size * self.num_splits, num_threads=1,
          capacity=4 * self.batch_size * self.num_splits)
      # one slice of the batch per device
      image_splits = tf.split(images, self.num_splits, 0)
      label_splits = tf.split(batch_labels, self.num_splits, 0)
      path_splits = tf.split(batch_paths, self.num_splits, 0)
    return image_splits, label_splits, path_splits

  def train_batch(self):
    return self.get_batch(self.train_db)

  def val_batch(self):
    return self.get_batch(self.val_db)
