# -*- coding: utf-8 -*-
import tensorflow.compat.v1 as tf

_CSV_COLUMNS = [
        'service_type', 'is_mix_service', 'online_time', '1_total_fee',
        'month_traffic', 'contract_type', 'pay_num', 'local_caller_time',
        'gender', 'age', 'current_service', 'user_id'
]
_CSV_COLUMN_DEFAULTS = [[0], [0], [0], [0.0], [0.0], [0], [0.0], [0.0],
                        [''], [''], [''], ['']]

# the套餐 (package) ids of the contest, in label order
_SERVICES = ['89950166', '89950167', '89950168', '90063345', '90109916']

_HASH_BUCKET_SIZE = 1000

_NUM_EXAMPLES = {
    'train': 10,
    'validation': 0,
}


def _missing_to_number(column):
    """gender / age come as strings with \\N where the user did not say."""
    column = tf.where(tf.equal(column, '\\N'), tf.fill(tf.shape(column), '0'), column)
    return tf.string_to_number(column, out_type=tf.float32)


def _parse_line(value):
    columns = tf.decode_csv(value, record_defaults=_CSV_COLUMN_DEFAULTS)
    features = dict(zip(_CSV_COLUMNS, columns))
    labels = features.pop('current_service')
    features['gender'] = _missing_to_number(features['gender'])
    features['age'] = _missing_to_number(features['age'])
    label_id = tf.argmax(tf.cast(tf.equal(tf.constant(_SERVICES), labels), tf.int32))
    return features, label_id


def input_fn(data_file, num_epochs, shuffle, batch_size):
    """
    每次调用，从CSV文件中读取一个大小为batch_size的batch
    Args:
        data_file: CSV文件
        num_epochs: 将CSV中的数据重复几遍，如果是None，则永远循环读取不会停止
        shuffle: 是否乱序
        batch_size: batch大小

    Returns:
        tensor格式的，一个batch的数据
    """
    assert tf.gfile.Exists(data_file), (
        '%s not found. Please make sure you have run bdci_data.py and '
        'set the --data_dir argument to the correct path.' % data_file)

    filename_queue = tf.train.string_input_producer([data_file], num_epochs=num_epochs, shuffle=False)
    reader = tf.TextLineReader(skip_header_lines=1)
    _, value = reader.read(filename_queue)
    features, labels = _parse_line(value)
    features['label'] = labels

    if shuffle:
        batch = tf.train.shuffle_batch(features, batch_size=batch_size,
                                       capacity=_NUM_EXAMPLES['train'] + 3 * batch_size,
                                       min_after_dequeue=_NUM_EXAMPLES['train'])
    else:
        batch = tf.train.batch(features, batch_size=batch_size, allow_smaller_final_batch=True)
    labels = batch.pop('label')
    return batch, labels
