# -*- coding: utf-8 -*-
# data_loader.py : 데이터를 빠르게 불러와 메모리에 로드
import numpy as np
import tensorflow.compat.v1 as tf


class DataLoader(object):
    def __init__(self, data_path, label_path):
        self.data_path = data_path
        self.label_path = label_path

    def load(self):
        # tf.gfile 로 읽어서 numpy 배열로
        with tf.gfile.GFile(self.data_path, 'rb') as f:
            data = np.load(f)
        with tf.gfile.GFile(self.label_path, 'rb') as f:
            label = np.load(f)
        print('loaded', data.shape, label.shape)
        return data, label
