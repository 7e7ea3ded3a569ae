"""Show and Tell input (package im2txt32_lib): prefetch_input_data with a shuffling shard producer, a hand-built
RandomShuffleQueue of serialized values filled by a two-op QueueRunner, one dequeue per preprocess thread,
parse_sequence_example, and batch_with_dynamic_pad through batch_join(dynamic_pad=True)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from im2txt32_lib import configuration
from im2txt32_lib import inputs as input_ops
from im2txt32_lib import image_processing


class ShowAndTellModel(object):
  def __init__(self, config, mode):
    self.config = config
    self.mode = mode
    self.reader = tf.TFRecordReader()

  def is_training(self):
    return self.mode == "train"

  def process_image(self, encoded_image, thread_id=0):
    return image_processing.process_image(encoded_image, is_training=self.is_training(),
                                          height=self.config.image_size, width=self.config.image_size,
                                          thread_id=thread_id, image_format=self.config.image_format)

  def build_inputs(self):
    input_queue = input_ops.prefetch_input_data(
        self.reader,
        self.config.input_file_pattern,
        is_training=self.is_training(),
        batch_size=self.config.batch_size,
        values_per_shard=self.config.values_per_input_shard,
        input_queue_capacity_factor=self.config.input_queue_capacity_factor,
        num_reader_threads=self.config.num_input_reader_threads)

    assert self.config.num_preprocess_threads % 2 == 0
    images_and_captions = []
    for thread_id in range(self.config.num_preprocess_threads):
      serialized_sequence_example = input_queue.dequeue()
      encoded_image, caption = input_ops.parse_sequence_example(
          serialized_sequence_example,
          image_feature=self.config.image_feature_name,
          caption_feature=self.config.caption_feature_name)
      image = self.process_image(encoded_image, thread_id=thread_id)
      images_and_captions.append([image, caption])

    queue_capacity = (2 * self.config.num_preprocess_threads * self.config.batch_size)
    (self.images, self.input_seqs, self.target_seqs, self.input_mask) = (
        input_ops.batch_with_dynamic_pad(images_and_captions,
                                         batch_size=self.config.batch_size,
                                         queue_capacity=queue_capacity))


def _write_shards(root, config):
  rng = np.random.RandomState(532)
  for shard in range(2):
    path = os.path.join(root, "train-%05d-of-00002" % shard)
    with tf.python_io.TFRecordWriter(path) as w:
      for _ in range(config.values_per_input_shard):
        img = rng.randint(0, 256, size=(config.image_size, config.image_size, 3)).astype(np.uint8)
        caption = [1] + rng.randint(3, 40, size=rng.randint(2, 6)).tolist() + [2]
        ex = tf.train.SequenceExample(
            context=tf.train.Features(feature={config.image_feature_name: tf.train.Feature(
                bytes_list=tf.train.BytesList(value=[img.tobytes()]))}),
            feature_lists=tf.train.FeatureLists(feature_list={config.caption_feature_name: tf.train.FeatureList(
                feature=[tf.train.Feature(int64_list=tf.train.Int64List(value=[c])) for c in caption])}))
        w.write(ex.SerializeToString())


def main(data_dir):
  root = os.path.join(data_dir, "h32_im2txt")
  os.makedirs(root, exist_ok=True)
  config = configuration.ModelConfig()
  _write_shards(root, config)
  config.input_file_pattern = os.path.join(root, "train-?????-of-00002")
  model = ShowAndTellModel(config, mode="train")
  model.build_inputs()
  batches = []
  with tf.Session() as sess:
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while True:
        imgs, ins, tgts, mask = sess.run([model.images, model.input_seqs, model.target_seqs, model.input_mask])
        rows = []
        for im, i, t, m in zip(imgs, ins, tgts, mask):
          n = int(m.sum())
          rows.append([round(float(im.sum()), 3), [int(x) for x in i[:n]], [int(x) for x in t[:n]]])
        batches.append(rows)
    except tf.errors.OutOfRangeError:
      end = "all captions read"
    coord.request_stop()
    coord.join(threads)
  return {"batches": [[list(column) for column in zip(*rows)] for rows in batches], "end": end}
