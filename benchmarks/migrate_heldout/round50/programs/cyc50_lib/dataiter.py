#!usr/bin/python
# -*- coding: gbk -*-
# power meter samples: read serialized records, shuffle them in batches, parse after the batch

import tensorflow.compat.v1 as tf


def read_and_decode(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    return serialized_example


def read_batch(file_name, max_epoch, batch_size, thread_num, min_after_dequeue):
    with tf.name_scope("input"):
        # match_filenames_once gives a variable; TF checks `not string_tensor`, so make it a tensor
        filename_queue = tf.train.string_input_producer(
            tf.convert_to_tensor(tf.train.match_filenames_once(file_name)),
                                            num_epochs=max_epoch)
        serialized_example = read_and_decode(filename_queue)
        capacity = thread_num * batch_size + min_after_dequeue
        batch_serialized_example = tf.train.shuffle_batch(
                                    [serialized_example],
                                    batch_size=batch_size,
                                    num_threads=thread_num,
                                    capacity=capacity,
                                    min_after_dequeue=min_after_dequeue,
                                    seed=50)
        features = tf.parse_example(
                    batch_serialized_example,
                    features={
                            "label": tf.FixedLenFeature([], tf.float32),
                            "ids": tf.FixedLenFeature([3], tf.int64),
                            "values": tf.FixedLenFeature([3], tf.float32),
                            })
        return features["label"], features["ids"], features["values"]
