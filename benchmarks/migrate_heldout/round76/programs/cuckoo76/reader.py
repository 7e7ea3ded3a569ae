# After a voiceprint-recognition repository's `reader.py`: `_parse_data_function(example)` with a mel-spectrogram
# `data` of fixed size and an int64 `label` (its "[可能需要修改参数]" note on the shape), a
# `train_reader_tfrecord(data_path, num_epochs, batch_size)` that shuffles and a `test_reader_tfrecord(data_path,
# batch_size)` that does not. The source built TFRecordDatasets; here producers, readers and queue batches.
import tensorflow.compat.v1 as tf

# [可能需要修改参数】 设置的梅尔频谱的shape相乘的值
DATA_SIZE = 6


def _parse_data_function(example):
    data_feature_description = {
        'data': tf.FixedLenFeature([DATA_SIZE], tf.float32),
        'label': tf.FixedLenFeature([], tf.int64),
    }
    return tf.parse_single_example(example, data_feature_description)


def train_reader_tfrecord(data_path, num_epochs, batch_size):
    queue = tf.train.string_input_producer([data_path], num_epochs=num_epochs)
    _, raw = tf.TFRecordReader().read(queue)
    parsed = _parse_data_function(raw)
    train_batch = tf.train.shuffle_batch(parsed, batch_size=batch_size, capacity=1000,
                                         min_after_dequeue=100)
    return train_batch


def test_reader_tfrecord(data_path, batch_size):
    queue = tf.train.string_input_producer([data_path], num_epochs=1, shuffle=False)
    _, raw = tf.TFRecordReader().read(queue)
    parsed = _parse_data_function(raw)
    test_batch = tf.train.batch(parsed, batch_size=batch_size)
    return test_batch
