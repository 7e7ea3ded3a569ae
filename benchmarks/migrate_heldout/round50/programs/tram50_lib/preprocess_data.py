# -*- coding: utf-8 -*-
# preprocess_data.py : 사용 모델에 필요한 인풋 전처리
import tensorflow.compat.v1 as tf

HEATER_MAX_C = 40.0


def normalize(readings):
    # 히터 온도를 0~1 로
    return tf.cast(readings, tf.float32) / HEATER_MAX_C


def to_label(flag):
    return tf.cast(flag, tf.int32)
