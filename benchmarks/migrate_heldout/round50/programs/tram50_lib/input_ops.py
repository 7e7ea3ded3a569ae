# -*- coding: utf-8 -*-
# input_ops.py : 사용 모델 인풋 형식에 맞게 변환 (여러 데이터를 쉽게 바꿔끼고 섞을 수 있어야한다.)
import tensorflow.compat.v1 as tf

from tram50_lib import preprocess_data


def input_ops(data, label, batch_size, shuffle=False, num_epochs=1):
    data_tensor = tf.convert_to_tensor(data)
    label_tensor = tf.convert_to_tensor(label)
    x, y = tf.train.slice_input_producer([data_tensor, label_tensor], num_epochs=num_epochs, shuffle=shuffle)
    x = preprocess_data.normalize(x)
    y = preprocess_data.to_label(y)
    if shuffle:
        return tf.train.shuffle_batch([x, y], batch_size=batch_size, capacity=100, min_after_dequeue=10)
    return tf.train.batch([x, y], batch_size=batch_size, capacity=100, allow_smaller_final_batch=True)
