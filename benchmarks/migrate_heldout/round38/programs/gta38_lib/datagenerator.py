#!/usr/bin/env python
# -*- coding: utf-8 -*-
import tensorflow.compat.v1 as tf
from gta38_lib.config import *


class BatchDataGenerator:
    def __init__(self, file_list, batch_size, shuffle):
        self.date, self.inputs, self.predicts = self.decode_from_tfrecords(
            file_name=file_list, batch_size=batch_size, shuffle=shuffle)

    def decode_from_tfrecords(self, file_name, shuffle, batch_size):
        filename_queue = tf.train.string_input_producer(file_name)
        reader = tf.TFRecordReader()
        _, serialized = reader.read(filename_queue)
        example = tf.parse_single_example(serialized, features={
            'traffic_flow': tf.FixedLenFeature([], tf.string),
            'prediction_flow': tf.FixedLenFeature([], tf.string)
        })
        traffic_flow = tf.decode_raw(example['traffic_flow'], tf.float32)
        traffic_flow = tf.reshape(traffic_flow, [INPUT_SIZE * PERIODS + DATE_SIZE])
        prediction_flow = tf.decode_raw(example['prediction_flow'], tf.float32)
        prediction_flow = tf.reshape(prediction_flow, [INPUT_SIZE])
        capacity = 40
        min_after_dequeue = 8
        if shuffle:
            inputs, predicts = tf.train.shuffle_batch([traffic_flow, prediction_flow], batch_size=batch_size,
                                                      num_threads=4, capacity=capacity,
                                                      min_after_dequeue=min_after_dequeue)
        else:
            inputs, predicts = tf.train.batch([traffic_flow, prediction_flow], batch_size=batch_size,
                                              capacity=capacity)
        date = inputs[:, 0:DATE_SIZE]
        flow_station = inputs[:, DATE_SIZE:]
        fs_reshape = tf.reshape(flow_station, [-1, INPUT_SIZE, PERIODS])
        traffic_input = fs_reshape[:, :, 0:2], fs_reshape[:, :, 2:4], fs_reshape[:, :, 4:]
        return date, traffic_input, predicts

    def next_batch(self, sess):
        return sess.run([self.date, self.inputs, self.predicts])
