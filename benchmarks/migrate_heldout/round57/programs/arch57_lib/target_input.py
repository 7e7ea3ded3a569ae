import os
import numpy as np
import tensorflow.compat.v1 as tf

from arch57_lib.training_batch import TrainingBatch, EXAMPLES_PER_SHARD

IMAGE_DIM = 4
NUM_ARROWS = 3


def write_tf_record(data_dir, num_shards=2):
    """Writes target-face crops and arrow positions into shards."""
    if not os.path.isdir(data_dir):
        os.makedirs(data_dir)
    rng = np.random.RandomState(70)
    for shard in range(num_shards):
        path = os.path.join(data_dir, 'targets-%05d-of-%05d' % (shard, num_shards))
        with tf.io.TFRecordWriter(path) as w:
            for i in range(EXAMPLES_PER_SHARD):
                image = rng.randint(0, 255, size=(IMAGE_DIM, IMAGE_DIM)).astype(np.uint8)
                arrows = np.round(rng.uniform(-1, 1, size=(NUM_ARROWS, 2)), 2)
                rings = np.minimum(10, 1 + (10 * (1 - np.sqrt((arrows ** 2).sum(1)) / 1.42)).astype(np.int64))
                w.write(tf.train.Example(features=tf.train.Features(feature={
                    'image_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[image.tobytes()])),
                    'arrows': tf.train.Feature(float_list=tf.train.FloatList(value=arrows.reshape(-1).tolist())),
                    'ring_indices': tf.train.Feature(int64_list=tf.train.Int64List(value=rings.tolist())),
                })).SerializeToString())


def _parse_example(example_serialized):
    features = tf.parse_single_example(
        example_serialized,
        features={'image_raw': tf.FixedLenFeature([], tf.string),
                  'arrows': tf.FixedLenFeature([NUM_ARROWS * 2], tf.float32),
                  'ring_indices': tf.FixedLenFeature([NUM_ARROWS], tf.int64)})
    image = tf.reshape(tf.decode_raw(features['image_raw'], tf.uint8), [IMAGE_DIM, IMAGE_DIM, 1])
    image = tf.cast(image, tf.float32) / 255.0
    arrows = tf.reshape(features['arrows'], [NUM_ARROWS, 2])
    return image, arrows, tf.cast(features['ring_indices'], tf.int32)


def distorted_inputs(data_dir, batch_size, num_readers=2):
    """Builds a TrainingBatch from the shards with `num_readers` readers."""
    with tf.name_scope('batch_processing'):
        data_files = sorted(tf.gfile.Glob(os.path.join(data_dir, 'targets-*')))
        filename_queue = tf.train.string_input_producer(data_files, num_epochs=1, shuffle=True, seed=1)
        examples = []
        for _ in range(num_readers):
            reader = tf.TFRecordReader()
            _, example_serialized = reader.read(filename_queue)
            examples.append(list(_parse_example(example_serialized)))
        images, arrows, ring_indices = tf.train.shuffle_batch_join(
            examples, batch_size=batch_size, capacity=4 * batch_size,
            min_after_dequeue=batch_size, seed=2)
        return TrainingBatch(images, arrows, ring_indices, batch_size)
