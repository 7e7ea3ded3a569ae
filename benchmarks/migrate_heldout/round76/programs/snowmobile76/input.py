# After a level-generator's `input.py` ("dreamer"): `_bytes_feature`, `decode(serialized_example)` of
# `raw_tile_data`, `inputs(filename, batch_size=64, num_epochs=10)` under `name_scope('input')` reshaping to the
# map grid and one-hot encoding the tile ids, shuffled with `1000 + 3 * batch_size` and batches without a remainder.
# The source chained tf.data; here a producer, a reader and `shuffle_batch`.
import tensorflow.compat.v1 as tf

GRID = [3, 4]
NUM_TILES = 5


def _bytes_feature(value):
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[value]))


def decode(serialized_example):
    features = tf.parse_single_example(
        serialized_example,
        features={
            'raw_tile_data': tf.FixedLenFeature([], tf.string),
        })
    tile_data = tf.decode_raw(features['raw_tile_data'], tf.uint8)
    return tile_data


def inputs(filename, batch_size=64, num_epochs=10, seed=None):
    with tf.name_scope('input'):
        filename_queue = tf.train.string_input_producer([filename], num_epochs=num_epochs, seed=seed)
        reader = tf.TFRecordReader()
        _, serialized_example = reader.read(filename_queue)
        x = decode(serialized_example)
        x = tf.reshape(x, GRID)
        x = tf.one_hot(x, NUM_TILES)
        batch = tf.train.shuffle_batch([x], batch_size=batch_size,
                                       capacity=1000 + 3 * batch_size,
                                       min_after_dequeue=batch_size, seed=seed)
    return batch
