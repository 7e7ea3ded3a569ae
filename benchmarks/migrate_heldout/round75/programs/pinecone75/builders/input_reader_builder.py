"""Input reader builder.

Creates tensor dicts for segmentation models from an InputReader config. See
protos/input_reader_pb2 for options.
"""
import tensorflow.compat.v1 as tf

from pinecone75.protos import input_reader_pb2


def _decode(serialized, reader_config):
    features = tf.parse_single_example(serialized, features={
        'image/encoded': tf.FixedLenFeature([], tf.string),
        'image/segmentation/class/encoded': tf.FixedLenFeature([], tf.string),
        'image/filename': tf.FixedLenFeature([], tf.string),
    })
    image = tf.decode_raw(features['image/encoded'], tf.uint8)
    image = tf.reshape(image, [reader_config.height, reader_config.width, 1])
    label = tf.decode_raw(features['image/segmentation/class/encoded'], tf.uint8)
    label = tf.reshape(label, [reader_config.height, reader_config.width])
    return {'image': tf.cast(image, tf.float32) / 255.,
            'labels': tf.cast(label, tf.int32),
            'filename': features['image/filename']}


def build(input_reader_config, num_epochs=None):
    """Builds a tensor dictionary based on the InputReader config.

    Args:
      input_reader_config: A input_reader_pb2.InputReader object.

    Returns:
      A tensor dict based on the input_reader_config.
    """
    if not isinstance(input_reader_config, input_reader_pb2.InputReader):
        raise ValueError('input_reader_config not of type input_reader_pb2.InputReader.')
    reader_config = input_reader_config.tf_record_input_reader[0]
    input_path = reader_config.input_path
    if not input_path:
        raise ValueError('At least one input path must be specified in `input_reader_config`.')
    filename_queue = tf.train.string_input_producer(
        tf.gfile.Glob(input_path), num_epochs=num_epochs, shuffle=input_reader_config.shuffle, seed=4)
    if input_reader_config.shuffle:
        common_queue = tf.RandomShuffleQueue(
            capacity=input_reader_config.queue_capacity, min_after_dequeue=2,
            dtypes=[tf.string], seed=4)
    else:
        common_queue = tf.FIFOQueue(capacity=input_reader_config.queue_capacity, dtypes=[tf.string])
    enqueue_ops = []
    for _ in range(input_reader_config.num_readers):
        _, value = tf.TFRecordReader().read(filename_queue)
        enqueue_ops.append(common_queue.enqueue([value]))
    tf.train.add_queue_runner(tf.train.QueueRunner(common_queue, enqueue_ops))
    serialized = common_queue.dequeue()
    return _decode(serialized, reader_config)
