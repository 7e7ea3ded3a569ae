"""Input reader builder (object detection's layout): a config names the files and readers; a decoder turns a
serialized example into a tensor dict."""

import collections

import tensorflow.compat.v1 as tf

InputReaderConfig = collections.namedtuple(
    'InputReaderConfig', ['input_path', 'num_readers', 'shuffle', 'num_epochs', 'queue_capacity',
                          'min_after_dequeue'])


class TfExampleDecoder(object):

    def __init__(self, label_offset=0):
        self.keys_to_features = {
            'x': tf.FixedLenFeature([3], tf.float32),
            'label': tf.FixedLenFeature([], tf.int64),
        }
        self._label_offset = label_offset

    def decode(self, tf_example_string_tensor):
        parsed = tf.parse_single_example(tf_example_string_tensor, self.keys_to_features)
        return {
            'groundtruth_boxes': tf.reshape(parsed['x'][:2], [1, 2]),
            'groundtruth_classes': parsed['label'] + self._label_offset,
            'source_id': tf.as_string(parsed['label']),
        }


def build(config):
    """Builds a tensor dictionary based on the InputReader config."""
    if not config.input_path:
        raise ValueError('At least one input path must be specified in `input_reader_config`.')
    filename_queue = tf.train.string_input_producer(
        config.input_path, num_epochs=config.num_epochs, shuffle=config.shuffle)
    decoder = TfExampleDecoder(label_offset=1)
    decoded = []
    for i in range(config.num_readers):
        _, string_tensor = tf.TFRecordReader(name='reader_%d' % i).read(filename_queue)
        decoded.append(decoder.decode(string_tensor))
    if len(decoded) == 1:
        return decoded[0]
    return tf.train.batch_join(decoded, batch_size=1, capacity=config.queue_capacity,
                               name='parallel_read')
